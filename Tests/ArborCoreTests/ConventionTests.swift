import ArborTestSupport
import GRDB
import XCTest

@testable import ArborCore

/// The convention of docs/LANGUAGE.md §1.3 on a schema that does not follow GRDB's naming.
final class ConventionTests: XCTestCase {
    /// A Chinook-like store: PascalCase tables and columns, snake_case tables,
    /// two foreign keys to one table, a link table, a self-reference, a one-to-one.
    static let realWorldSchema = """
        CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title TEXT NOT NULL, ArtistId INTEGER NOT NULL REFERENCES Artist(ArtistId));
        CREATE TABLE Employee (EmployeeId INTEGER PRIMARY KEY, LastName TEXT, ReportsTo INTEGER REFERENCES Employee(EmployeeId));
        CREATE TABLE Customer (CustomerId INTEGER PRIMARY KEY, SupportRepId INTEGER REFERENCES Employee(EmployeeId));
        CREATE TABLE Track (TrackId INTEGER PRIMARY KEY, Name TEXT, AlbumId INTEGER REFERENCES Album(AlbumId));
        CREATE TABLE Playlist (PlaylistId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE PlaylistTrack (PlaylistId INTEGER NOT NULL REFERENCES Playlist(PlaylistId), TrackId INTEGER NOT NULL REFERENCES Track(TrackId), PRIMARY KEY (PlaylistId, TrackId));
        CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT);
        CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, country_code TEXT REFERENCES country(code));
        CREATE TABLE message (id INTEGER PRIMARY KEY, sender_id INTEGER REFERENCES person(id), recipient_id INTEGER REFERENCES person(id));
        CREATE TABLE passport (person_id INTEGER NOT NULL REFERENCES person, country_code TEXT NOT NULL REFERENCES country, issued TEXT);
        CREATE TABLE profile (person_id INTEGER NOT NULL UNIQUE REFERENCES person(id), bio TEXT);
        CREATE TABLE film_actor (film_id INTEGER REFERENCES film(id), actor_id INTEGER REFERENCES actor(id), PRIMARY KEY (film_id, actor_id));
        CREATE TABLE film (id INTEGER PRIMARY KEY, title TEXT, original_language_id INTEGER REFERENCES language(id));
        CREATE TABLE actor (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE language (id INTEGER PRIMARY KEY, name TEXT);
        """

    func inferred() throws -> [String] {
        let db = try DatabaseQueue()
        try db.write { try $0.execute(sql: Self.realWorldSchema) }
        let schema = try db.read(SchemaGraph.load)
        let names = RecordTypeNames(schema: schema)
        return Convention.infer(schema, typeNames: names).map { inferred in
            let kind = inferred.plan.base.kind.rawValue
            return
                "\(inferred.owner).\(inferred.name): \(kind) \(inferred.plan.destination) key \(inferred.plan.isToMany ? inferred.plan.key.plural : inferred.plan.key.singular)"
        }
    }

    /// A table's foreign keys are taken by ascending `PRAGMA foreign_key_list` id,
    /// which SQLite numbers in reverse order of declaration.
    func testInferredAssociationsOfARealWorldSchema() throws {
        XCTAssertEqual(
            try inferred(),
            [
                "Album.artist: belongsTo Artist key artist",
                "Artist.albums: hasMany Album key albums",
                "Employee.reportsTo: belongsTo Employee key reportsTo",
                "Employee.employees: hasMany Employee key employees",
                "Customer.supportRep: belongsTo Employee key supportRep",
                "Employee.customers: hasMany Customer key customers",
                "Track.album: belongsTo Album key album",
                "Album.tracks: hasMany Track key tracks",
                "PlaylistTrack.track: belongsTo Track key track",
                "Track.playlistTracks: hasMany PlaylistTrack key playlistTracks",
                "PlaylistTrack.playlist: belongsTo Playlist key playlist",
                "Playlist.playlistTracks: hasMany PlaylistTrack key playlistTracks",
                "person.country: belongsTo country key country",
                "country.people: hasMany person key people",
                "message.recipient: belongsTo person key recipient",
                "person.messagesAsRecipient: hasMany message key messagesAsRecipient",
                "message.sender: belongsTo person key sender",
                "person.messagesAsSender: hasMany message key messagesAsSender",
                "passport.country: belongsTo country key country",
                "country.passports: hasMany passport key passports",
                "passport.person: belongsTo person key person",
                "person.passports: hasMany passport key passports",
                "profile.person: belongsTo person key person",
                "person.profile: hasOne profile key profile",
                "film_actor.actor: belongsTo actor key actor",
                "actor.filmActors: hasMany film_actor key filmActors",
                "film_actor.film: belongsTo film key film",
                "film.filmActors: hasMany film_actor key filmActors",
                "film.originalLanguage: belongsTo language key originalLanguage",
                "language.films: hasMany film key films",
                "Track.playlists: hasManyThrough Playlist key playlists",
                "Playlist.tracks: hasManyThrough Track key tracks",
                "person.countries: hasManyThrough country key countries",
                // `country.people` through passports is skipped: the name is taken by rule 2.
                "actor.films: hasManyThrough film key films",
                "film.actors: hasManyThrough actor key actors",
            ])
    }

    func testRecordTypeNames() throws {
        let db = try DatabaseQueue()
        try db.write {
            try $0.execute(
                sql: Self.realWorldSchema
                    + "CREATE TABLE \"Row\" (id INTEGER PRIMARY KEY); CREATE TABLE \"two words\" (x); CREATE TABLE postal_address (id INTEGER PRIMARY KEY);"
            )
        }
        let names = RecordTypeNames(schema: try db.read(SchemaGraph.load))
        XCTAssertEqual(names.table(forType: "FilmActor"), "film_actor")
        XCTAssertEqual(names.table(forType: "PlaylistTrack"), "PlaylistTrack")
        XCTAssertEqual(names.table(forType: "PostalAddress"), "postal_address")
        XCTAssertEqual(names.table(forType: "TwoWords"), "two words")
        XCTAssertNil(names.table(forType: "Row"), "the language's own names are reserved")
    }

    func testWords() {
        XCTAssertEqual(Naming.words("lineItem"), ["line", "Item"])
        XCTAssertEqual(Naming.words("track2Id"), ["track2", "Id"])
        XCTAssertEqual(Naming.words("HTTPRequest"), ["HTTP", "Request"])
        XCTAssertEqual(Naming.lowerCamel(["HTTP", "Request"]), "httpRequest")
        XCTAssertEqual(Naming.lowerCamel(Naming.words("SupportRepId")), "supportRepId")
        XCTAssertEqual(Naming.upperCamel(Naming.words("film_actor")), "FilmActor")
        XCTAssertEqual(Naming.pluralize("person"), "people")
        XCTAssertEqual(Naming.pluralize("invoiceLine"), "invoiceLines")
    }

    func testIntrospectionKinds() throws {
        let db = try DatabaseQueue()
        try db.write {
            try $0.execute(
                sql: """
                    CREATE TABLE r (a, b);
                    CREATE TABLE w (a TEXT, b TEXT, c, PRIMARY KEY (b, a)) WITHOUT ROWID;
                    CREATE TABLE s (code TEXT PRIMARY KEY, u INTEGER UNIQUE, p TEXT, x TEXT);
                    CREATE UNIQUE INDEX s_partial ON s(p) WHERE p IS NOT NULL;
                    CREATE UNIQUE INDEX s_expr ON s(lower(x));
                    CREATE VIEW v AS SELECT a FROM r;
                    """)
        }
        let schema = try db.read(SchemaGraph.load)
        XCTAssertEqual(schema.table(named: "r")?.primaryKey, ["rowid"])
        XCTAssertEqual(schema.table(named: "W")?.primaryKey, ["b", "a"])
        XCTAssertEqual(schema.table(named: "w")?.isWithoutRowID, true)
        XCTAssertEqual(schema.table(named: "s")?.uniqueIndexes, [["u"]], "partial and expression indexes do not count")
        XCTAssertEqual(schema.table(named: "v")?.kind, .view)
        XCTAssertEqual(schema.table(named: "v")?.primaryKey, [])
    }
}
