import Foundation

/// A database shaped like the Chinook sample (a music store): capitalized table
/// names in brackets, `INTEGER NOT NULL` keys made primary by a table constraint,
/// nullable foreign keys that every row sets (`Track.AlbumId`, `Track.GenreId`,
/// `Customer.SupportRepId`), and two foreign keys to `Employee` from different
/// tables (`Employee.ReportsTo`, `Customer.SupportRepId`). Unlike Chinook, the
/// foreign key `Track.GenreId` has no index, so that one table needs two fixes.
public enum MusicStoreFixture {
    public static let schema = """
        CREATE TABLE [Artist] ([ArtistId] INTEGER NOT NULL, [Name] NVARCHAR(120),
            CONSTRAINT [PK_Artist] PRIMARY KEY ([ArtistId]));
        CREATE TABLE [Album] ([AlbumId] INTEGER NOT NULL, [Title] NVARCHAR(160) NOT NULL, [ArtistId] INTEGER NOT NULL,
            CONSTRAINT [PK_Album] PRIMARY KEY ([AlbumId]),
            FOREIGN KEY ([ArtistId]) REFERENCES [Artist] ([ArtistId]) ON DELETE NO ACTION ON UPDATE NO ACTION);
        CREATE TABLE [Genre] ([GenreId] INTEGER NOT NULL, [Name] NVARCHAR(120),
            CONSTRAINT [PK_Genre] PRIMARY KEY ([GenreId]));
        CREATE TABLE [MediaType] ([MediaTypeId] INTEGER NOT NULL, [Name] NVARCHAR(120),
            CONSTRAINT [PK_MediaType] PRIMARY KEY ([MediaTypeId]));
        CREATE TABLE [Track] ([TrackId] INTEGER NOT NULL, [Name] NVARCHAR(200) NOT NULL, [AlbumId] INTEGER,
            [MediaTypeId] INTEGER NOT NULL, [GenreId] INTEGER, [Composer] NVARCHAR(220),
            [Milliseconds] INTEGER NOT NULL, [Bytes] INTEGER, [UnitPrice] NUMERIC(10,2) NOT NULL,
            CONSTRAINT [PK_Track] PRIMARY KEY ([TrackId]),
            FOREIGN KEY ([AlbumId]) REFERENCES [Album] ([AlbumId]) ON DELETE NO ACTION ON UPDATE NO ACTION,
            FOREIGN KEY ([GenreId]) REFERENCES [Genre] ([GenreId]) ON DELETE NO ACTION ON UPDATE NO ACTION,
            FOREIGN KEY ([MediaTypeId]) REFERENCES [MediaType] ([MediaTypeId]) ON DELETE NO ACTION ON UPDATE NO ACTION);
        CREATE TABLE [Employee] ([EmployeeId] INTEGER NOT NULL, [LastName] NVARCHAR(20) NOT NULL,
            [FirstName] NVARCHAR(20) NOT NULL, [Title] NVARCHAR(30), [ReportsTo] INTEGER, [Email] NVARCHAR(60),
            CONSTRAINT [PK_Employee] PRIMARY KEY ([EmployeeId]),
            FOREIGN KEY ([ReportsTo]) REFERENCES [Employee] ([EmployeeId]) ON DELETE NO ACTION ON UPDATE NO ACTION);
        CREATE TABLE [Customer] ([CustomerId] INTEGER NOT NULL, [FirstName] NVARCHAR(40) NOT NULL,
            [LastName] NVARCHAR(20) NOT NULL, [Company] NVARCHAR(80), [Country] NVARCHAR(40),
            [Email] NVARCHAR(60) NOT NULL, [SupportRepId] INTEGER,
            CONSTRAINT [PK_Customer] PRIMARY KEY ([CustomerId]),
            FOREIGN KEY ([SupportRepId]) REFERENCES [Employee] ([EmployeeId]) ON DELETE NO ACTION ON UPDATE NO ACTION);
        CREATE TABLE [Invoice] ([InvoiceId] INTEGER NOT NULL, [CustomerId] INTEGER NOT NULL,
            [InvoiceDate] DATETIME NOT NULL, [BillingCountry] NVARCHAR(40), [Total] NUMERIC(10,2) NOT NULL,
            CONSTRAINT [PK_Invoice] PRIMARY KEY ([InvoiceId]),
            FOREIGN KEY ([CustomerId]) REFERENCES [Customer] ([CustomerId]) ON DELETE NO ACTION ON UPDATE NO ACTION);
        CREATE TABLE [InvoiceLine] ([InvoiceLineId] INTEGER NOT NULL, [InvoiceId] INTEGER NOT NULL,
            [TrackId] INTEGER NOT NULL, [UnitPrice] NUMERIC(10,2) NOT NULL, [Quantity] INTEGER NOT NULL,
            CONSTRAINT [PK_InvoiceLine] PRIMARY KEY ([InvoiceLineId]),
            FOREIGN KEY ([InvoiceId]) REFERENCES [Invoice] ([InvoiceId]) ON DELETE NO ACTION ON UPDATE NO ACTION,
            FOREIGN KEY ([TrackId]) REFERENCES [Track] ([TrackId]) ON DELETE NO ACTION ON UPDATE NO ACTION);
        CREATE TABLE [Playlist] ([PlaylistId] INTEGER NOT NULL, [Name] NVARCHAR(120),
            CONSTRAINT [PK_Playlist] PRIMARY KEY ([PlaylistId]));
        CREATE TABLE [PlaylistTrack] ([PlaylistId] INTEGER NOT NULL, [TrackId] INTEGER NOT NULL,
            CONSTRAINT [PK_PlaylistTrack] PRIMARY KEY ([PlaylistId], [TrackId]),
            FOREIGN KEY ([PlaylistId]) REFERENCES [Playlist] ([PlaylistId]) ON DELETE NO ACTION ON UPDATE NO ACTION,
            FOREIGN KEY ([TrackId]) REFERENCES [Track] ([TrackId]) ON DELETE NO ACTION ON UPDATE NO ACTION);
        CREATE INDEX [IFK_AlbumArtistId] ON [Album] ([ArtistId]);
        CREATE INDEX [IFK_CustomerSupportRepId] ON [Customer] ([SupportRepId]);
        CREATE INDEX [IFK_EmployeeReportsTo] ON [Employee] ([ReportsTo]);
        CREATE INDEX [IFK_InvoiceCustomerId] ON [Invoice] ([CustomerId]);
        CREATE INDEX [IFK_InvoiceLineInvoiceId] ON [InvoiceLine] ([InvoiceId]);
        CREATE INDEX [IFK_InvoiceLineTrackId] ON [InvoiceLine] ([TrackId]);
        CREATE INDEX [IFK_PlaylistTrackTrackId] ON [PlaylistTrack] ([TrackId]);
        CREATE INDEX [IFK_TrackAlbumId] ON [Track] ([AlbumId]);
        CREATE INDEX [IFK_TrackMediaTypeId] ON [Track] ([MediaTypeId]);
        """

    public static let rows = """
        INSERT INTO [Artist] VALUES (1, 'AC/DC'), (2, 'Accept'), (3, 'Aerosmith'), (4, 'Alice In Chains');
        INSERT INTO [Album] VALUES (1, 'For Those About To Rock We Salute You', 1), (2, 'Balls to the Wall', 2),
            (3, 'Restless and Wild', 2), (4, 'Let There Be Rock', 1), (5, 'Big Ones', 3), (6, 'Facelift', 4);
        INSERT INTO [Genre] VALUES (1, 'Rock'), (2, 'Jazz'), (3, 'Metal');
        INSERT INTO [MediaType] VALUES (1, 'MPEG audio file'), (2, 'Protected AAC audio file');
        INSERT INTO [Track] VALUES
            (1, 'For Those About To Rock (We Salute You)', 1, 1, 1, 'Angus Young, Malcolm Young, Brian Johnson', 343719, 11170334, 0.99),
            (2, 'Balls to the Wall', 2, 2, 1, NULL, 342562, 5510424, 0.99),
            (3, 'Fast As a Shark', 3, 2, 1, 'F. Baltes, S. Kaufman, U. Dirkscneider & W. Hoffman', 230619, 3990994, 0.99),
            (4, 'Go Down', 4, 1, 1, 'AC/DC', 331180, 10847611, 0.99),
            (5, 'Dog Eat Dog', 4, 1, 1, 'AC/DC', 215196, 7032162, 0.99),
            (6, 'Walk On Water', 5, 1, 1, 'Steven Tyler, Joe Perry, Jack Blades, Tommy Shaw', 295680, 9719579, 0.99),
            (7, 'We Die Young', 6, 1, 3, 'Jerry Cantrell', 152084, 4925362, 0.99),
            (8, 'Man In The Box', 6, 1, 3, 'Jerry Cantrell, Layne Staley', 286641, 9310272, 0.99);
        INSERT INTO [Employee] VALUES (1, 'Adams', 'Andrew', 'General Manager', NULL, 'andrew@chinookcorp.com'),
            (2, 'Edwards', 'Nancy', 'Sales Manager', 1, 'nancy@chinookcorp.com'),
            (3, 'Peacock', 'Jane', 'Sales Support Agent', 2, 'jane@chinookcorp.com'),
            (4, 'Park', 'Margaret', 'Sales Support Agent', 2, 'margaret@chinookcorp.com');
        INSERT INTO [Customer] VALUES (1, 'Luís', 'Gonçalves', 'Embraer', 'Brazil', 'luisg@embraer.com.br', 3),
            (2, 'Leonie', 'Köhler', NULL, 'Germany', 'leonekohler@surfeu.de', 4),
            (3, 'François', 'Tremblay', NULL, 'Canada', 'ftremblay@gmail.com', 3);
        INSERT INTO [Invoice] VALUES (1, 2, '2009-01-01 00:00:00', 'Germany', 1.98),
            (2, 1, '2009-01-02 00:00:00', 'Brazil', 3.96), (3, 3, '2009-01-03 00:00:00', 'Canada', 5.94),
            (4, 1, '2009-02-11 00:00:00', 'Brazil', 0.99);
        INSERT INTO [InvoiceLine] VALUES (1, 1, 2, 0.99, 1), (2, 1, 4, 0.99, 1), (3, 2, 6, 0.99, 1),
            (4, 2, 7, 0.99, 1), (5, 2, 8, 0.99, 1), (6, 2, 1, 0.99, 1), (7, 3, 3, 0.99, 1), (8, 3, 5, 0.99, 1),
            (9, 3, 7, 0.99, 1), (10, 3, 1, 0.99, 1), (11, 3, 2, 0.99, 1), (12, 3, 4, 0.99, 1), (13, 4, 8, 0.99, 1);
        INSERT INTO [Playlist] VALUES (1, 'Music'), (2, 'Grunge');
        INSERT INTO [PlaylistTrack] VALUES (1, 1), (1, 2), (1, 3), (1, 7), (2, 7), (2, 8);
        """

    /// The schema and its rows.
    public static var sql: String { schema + "\n" + rows }

    /// A new database file with the music store, in a folder that removes itself.
    public static func make() throws -> String {
        try TemporaryDatabase.make(sql, named: "chinook.sqlite")
    }
}
