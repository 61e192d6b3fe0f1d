import Foundation
import GRDB

@testable import ArborSession

/// Runs app code through GRDB with `db.trace(options:)` on, and writes the log an
/// app would print: each event's `description` or `expandedDescription`, after a
/// logger's prefix. Also keeps the rows the code read, to compare with a fix's.
final class TraceRecording: @unchecked Sendable {
    enum Style: CaseIterable {
        /// `db.trace { print($0) }`: `?` for the values.
        case plain
        /// `print($0.expandedDescription)`: values inlined.
        case expanded
        /// `db.trace(options: .profile)`: `0.002s SELECT …`.
        case profile
        case expandedProfile

        var options: Database.TracingOptions { self == .plain || self == .expanded ? .statement : .profile }
        var isExpanded: Bool { self == .expanded || self == .expandedProfile }
    }

    /// Prefixes that loggers write before the message.
    static let prefixes = [
        "",
        // swift-log's StreamLogHandler.
        "2026-11-26T15:04:05+0000 debug com.example.app : [GRDB] ",
        // `log stream` / Console of an os_log message.
        "2026-11-26 15:04:05.123456+0000 0x2f1c     Default     0x0                  4242   0    MyApp: (GRDB) SQL: ",
    ]

    private(set) var lines: [String] = []
    /// Each row the code read with `read(_:)`, as text.
    private(set) var rowsRead: [String] = []

    /// The log of `body` run in one read of `queue`.
    static func record(
        _ queue: DatabaseQueue, style: Style, prefix: String = "", _ body: (Database, TraceRecording) throws -> Void
    ) throws -> TraceRecording {
        let recording = TraceRecording()
        try queue.read { db in
            db.trace(options: style.options) { event in
                recording.lines.append(prefix + (style.isExpanded ? event.expandedDescription : event.description))
            }
            defer { db.trace(options: [], nil) }
            try body(db, recording)
        }
        return recording
    }

    /// Notes rows the loop read, to compare with the rows of the fix.
    func read(_ rows: [Row]) {
        rowsRead += rows.map { TraceRecording.text(Array($0.databaseValues)) }
    }

    func append(_ line: String) { lines.append(line) }

    var text: String { lines.joined(separator: "\n") }

    static func text(_ values: [DatabaseValue]) -> String {
        KeyValue.key(values)
    }
}

/// App records as an app declares them, so that loops are written as apps write
/// them (`author.request(for: Author.books)`); each keeps its whole row.
protocol RowRecord: FetchableRecord, PersistableRecord {
    var row: Row { get }
}

extension RowRecord {
    func encode(to container: inout PersistenceContainer) throws {
        for (column, value) in row { container[column] = value }
    }
}

struct AuthorRecord: RowRecord {
    static let databaseTableName = "author"
    static let books = hasMany(BookRecord.self, using: ForeignKey(["authorId"]))
    let row: Row
    init(row: Row) { self.row = row.copy() }
}

struct BookRecord: RowRecord {
    static let databaseTableName = "book"
    static let author = belongsTo(AuthorRecord.self, using: ForeignKey(["authorId"]))
    static let bookTags = hasMany(BookTagRecord.self)
    static let tags = hasMany(TagRecord.self, through: bookTags, using: BookTagRecord.tag)
    let row: Row
    init(row: Row) { self.row = row.copy() }
}

struct BookTagRecord: RowRecord {
    static let databaseTableName = "bookTag"
    static let tag = belongsTo(TagRecord.self)
    let row: Row
    init(row: Row) { self.row = row.copy() }
}

struct TagRecord: RowRecord {
    static let databaseTableName = "tag"
    let row: Row
    init(row: Row) { self.row = row.copy() }
}

struct CountryRecord: RowRecord {
    static let databaseTableName = "country"
    static let cities = hasMany(CityRecord.self)
    let row: Row
    init(row: Row) { self.row = row.copy() }
}

struct CityRecord: RowRecord {
    static let databaseTableName = "city"
    let row: Row
    init(row: Row) { self.row = row.copy() }
}

struct PlaylistRecord: RowRecord {
    static let databaseTableName = "playlist"
    static let playlistTracks = hasMany(PlaylistTrackRecord.self)
    static let tracks = hasMany(TrackRecord.self, through: playlistTracks, using: PlaylistTrackRecord.track)
    let row: Row
    init(row: Row) { self.row = row.copy() }
}

struct PlaylistTrackRecord: RowRecord {
    static let databaseTableName = "playlistTrack"
    static let track = belongsTo(TrackRecord.self)
    let row: Row
    init(row: Row) { self.row = row.copy() }
}

struct TrackRecord: RowRecord {
    static let databaseTableName = "track"
    let row: Row
    init(row: Row) { self.row = row.copy() }
}

/// The lines a trace handler prints, collected across GRDB's callback.
final class TraceLines: @unchecked Sendable {
    private(set) var all: [String] = []
    func append(_ line: String) { all.append(line) }
}
