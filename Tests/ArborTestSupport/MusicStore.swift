/// A small database shaped like the public music-store sample (capitalized
/// names, a nullable foreign key that is always set): artists 1…305 without
/// 303, two albums, a few tracks; for the terminal's tests of issue 21.
public enum MusicStore {
    public static let sql = """
        CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE Album (
          AlbumId INTEGER PRIMARY KEY, Title TEXT NOT NULL,
          ArtistId INTEGER REFERENCES Artist(ArtistId));
        CREATE TABLE Track (
          TrackId INTEGER PRIMARY KEY, Name TEXT NOT NULL, Composer TEXT,
          AlbumId INTEGER REFERENCES Album(AlbumId));
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 305)
        INSERT INTO Artist SELECT i, 'Artist ' || i FROM n;
        DELETE FROM Artist WHERE ArtistId = 303;
        INSERT INTO Album VALUES (1, 'For Those About To Rock', 1), (2, 'Facelift', 305);
        INSERT INTO Track VALUES (1, 'For Those About To Rock', 'AC/DC', 1), (2, 'Put The Finger On You', 'AC/DC', 1),
          (3, 'We Die Young', 'Jerry Cantrell', 2);
        """

    /// The request the issue watched.
    public static let watchedRequest = #"Artist.including(all: Artist.albums).order(Column("ArtistId").desc).limit(5)"#
}
