// The record types of GRDB's documentation examples, on schema.sql. The same file is
// loaded into arbor and compiled against GRDB (GRDBDocExamplesTests): each record keeps
// the row it is fetched from, so that what GRDB fetches can be compared with arbor's rows.
import GRDB

struct Player: FetchableRecord, TableRecord, Identifiable {
    var row: Row
    var id: Int64 { row["id"] }
    init(row: Row) { self.row = row.copy() }

    static let team = belongsTo(Team.self)
    static let coach = belongsTo(Player.self, key: "coach", using: ForeignKey(["coachId"]))
    static let citizenships = hasMany(Citizenship.self)

    enum Columns {
        static let id = Column("id")
        static let name = Column("name")
        static let email = Column("email")
        static let score = Column("score")
        static let bonus = Column("bonus")
        static let height = Column("height")
        static let team = Column("team")
        static let teamId = Column("teamId")
        static let coachId = Column("coachId")
        static let createdAt = Column("createdAt")
        static let creationDate = Column("creationDate")
        static let isVerified = Column("isVerified")
        static let isHealthy = Column("isHealthy")
        static let initial = Column("initial")
        static let firstName = Column("firstName")
        static let lastName = Column("lastName")
        static let wins = Column("wins")
        static let games = Column("games")
        static let address = JSONColumn("address")
        static let info = JSONColumn("info")
    }
}

struct Team: FetchableRecord, TableRecord, Identifiable {
    var row: Row
    var id: Int64 { row["id"] }
    init(row: Row) { self.row = row.copy() }

    static let players = hasMany(Player.self)

    enum Columns {
        static let id = Column("id")
        static let name = Column("name")
        static let color = Column("color")
        static let info = JSONColumn("info")
    }
}

struct Country: FetchableRecord, TableRecord, Identifiable {
    var row: Row
    var id: String { row["code"] }
    init(row: Row) { self.row = row.copy() }

    enum Columns {
        static let code = Column("code")
        static let name = Column("name")
        static let population = Column("population")
    }
}

struct Citizenship: FetchableRecord, TableRecord {
    var row: Row
    init(row: Row) { self.row = row.copy() }

    static let player = belongsTo(Player.self, using: ForeignKey(["citizenId"]))
    static let country = belongsTo(Country.self)

    enum Columns {
        static let citizenId = Column("citizenId")
        static let countryCode = Column("countryCode")
    }
}

struct Author: FetchableRecord, TableRecord, Identifiable {
    var row: Row
    var id: Int64 { row["id"] }
    init(row: Row) { self.row = row.copy() }

    static let books = hasMany(Book.self)
    static let country = belongsTo(Country.self)

    enum Columns {
        static let id = Column("id")
        static let name = Column("name")
        static let countryCode = Column("countryCode")
    }
}

struct Book: FetchableRecord, TableRecord, Identifiable {
    var row: Row
    var id: Int64 { row["id"] }
    init(row: Row) { self.row = row.copy() }

    static let author = belongsTo(Author.self)

    enum Columns {
        static let id = Column("id")
        static let title = Column("title")
        static let authorId = Column("authorId")
        static let year = Column("year")
    }
}

struct Chat: FetchableRecord, TableRecord, Identifiable {
    var row: Row
    var id: Int64 { row["id"] }
    init(row: Row) { self.row = row.copy() }

    static let messages = hasMany(Message.self)

    enum Columns {
        static let id = Column("id")
        static let name = Column("name")
    }
}

struct Message: FetchableRecord, TableRecord, Identifiable {
    var row: Row
    var id: Int64 { row["id"] }
    init(row: Row) { self.row = row.copy() }

    static let chat = belongsTo(Chat.self)

    enum Columns {
        static let id = Column("id")
        static let chatId = Column("chatId")
        static let date = Column("date")
        static let text = Column("text")
    }
}

struct Planet: FetchableRecord, TableRecord {
    var row: Row
    init(row: Row) { self.row = row.copy() }

    enum Columns {
        static let id = Column("id")
        static let name = Column("name")
        static let temperature = Column("temperature")
        static let mask = Column("mask")
    }
}

struct Rectangle: FetchableRecord, TableRecord {
    var row: Row
    init(row: Row) { self.row = row.copy() }

    enum Columns {
        static let width = Column("width")
        static let height = Column("height")
    }
}

struct Game: FetchableRecord, TableRecord {
    var row: Row
    init(row: Row) { self.row = row.copy() }

    enum Columns {
        static let id = Column("id")
        static let date = Column("date")
        static let score = Column("score")
    }
}

struct PlayerSelection: FetchableRecord, TableRecord {
    var row: Row
    init(row: Row) { self.row = row.copy() }

    enum Columns {
        static let playerId = Column("playerId")
    }
}

struct Document: FetchableRecord, TableRecord {
    var row: Row
    init(row: Row) { self.row = row.copy() }

    enum Columns {
        static let content = Column("content")
    }
}

struct Article: FetchableRecord, TableRecord {
    var row: Row
    init(row: Row) { self.row = row.copy() }

    enum Columns {
        static let author = Column("author")
        static let title = Column("title")
        static let body = Column("body")
    }
}

/// README.md's Select a limited set of columns.
struct RestrictedPlayer: FetchableRecord, TableRecord {
    var row: Row
    init(row: Row) { self.row = row.copy() }

    static let databaseTableName = "player"
    enum Columns {
        static let id = Column("id")
        static let name = Column("name")
    }
    static var databaseSelection: [any SQLSelectable] {
        [Columns.id, Columns.name]
    }
}

/// README.md's Select all but a few columns.
struct TrimmedPlayer: FetchableRecord, TableRecord {
    var row: Row
    init(row: Row) { self.row = row.copy() }

    static let databaseTableName = "player"
    static var databaseSelection: [any SQLSelectable] {
        [.allColumns(excluding: ["address", "createdAt"])]
    }
}

/// README.md's Select all columns and more.
struct ExtendedPlayer: FetchableRecord, TableRecord {
    var row: Row
    init(row: Row) { self.row = row.copy() }

    static let databaseTableName = "player"
    static var databaseSelection: [any SQLSelectable] {
        [.allColumns, .rowID]
    }
}

/// The AltPlayer of GRDB's SQL interpolation guide.
struct AltPlayer: FetchableRecord, TableRecord {
    var row: Row
    init(row: Row) { self.row = row.copy() }

    static let databaseTableName = "player"
    static var databaseSelection: [any SQLSelectable] {
        [Column("id"), Column("name")]
    }
}

/// A book and its author (README.md's BookInfo).
struct BookInfo: FetchableRecord {
    var row: Row
    init(row: Row) { self.row = row.copy() }
}

/// A chat and its latest message (the ChatInfo of GRDB's common table expressions guide).
struct ChatInfo: FetchableRecord {
    var row: Row
    init(row: Row) { self.row = row.copy() }
}
