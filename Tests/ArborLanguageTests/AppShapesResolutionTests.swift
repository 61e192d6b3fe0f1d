import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// Shapes of public GRDB apps' database layers that arbor refused (a manga reader's
/// `RowDecoder.Columns` and UUID keys, a workout app's synthesized `CodingKeys`, an image
/// viewer's `forKey(Info.CodingKeys.x)` and `[Columns.id.name: …]` keys, a Mastodon
/// client's association to a type of its other database, an app method named like
/// GRDB's), as fixtures of our own, each compared with the same Swift compiled with GRDB.
final class AppShapesResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE manga(id BLOB PRIMARY KEY, title TEXT, collectionId BLOB);
        CREATE TABLE chapter(id INTEGER PRIMARY KEY, mangaId BLOB REFERENCES manga(id), status TEXT, position INTEGER);
        CREATE TABLE workout(id INTEGER PRIMARY KEY, title TEXT, startDate TEXT);
        """

    static let appCode = """
        struct Manga: Codable, FetchableRecord, PersistableRecord {
            var id: UUID
            var title: String
            var collectionId: UUID?
            enum Columns {
                static let id = Column(CodingKeys.id)
                static let title = Column(CodingKeys.title)
                static let collectionId = Column(CodingKeys.collectionId)
            }
            static let chapters = hasMany(Chapter.self)
        }
        struct Chapter: Codable, FetchableRecord, PersistableRecord {
            var id: Int64
            var mangaId: UUID
            var status: Status
            var position: Int
            enum Status: String, Codable { case read, unread }
            enum Columns: String, ColumnExpression { case id, mangaId, status, position }
        }
        struct MangaInfo: Decodable, FetchableRecord {
            var manga: Manga
            var chapters: [Chapter]
        }
        extension DerivableRequest where RowDecoder == Manga {
            func forCollection(_ id: UUID) -> Self { filter(RowDecoder.Columns.collectionId == id) }
        }
        extension DerivableRequest where RowDecoder == Chapter {
            func filter(_ status: Chapter.Status) -> Self { filter(Chapter.Columns.status == status.rawValue) }
        }
        struct Workout: Codable, Identifiable {
            var id: Int64
            var title: String
            var startDate: Date
            enum Columns {
                static let title = Column(Workout.CodingKeys.title)
                static let startDate = Column(Workout.CodingKeys.startDate)
            }
        }
        extension Workout: TableRecord {}
        struct Account: Codable, FetchableRecord, PersistableRecord {
            var id: Int64
            // `Account.Instance` is a table of the app's other database, not of this one.
            static let instance = belongsTo(Account.Instance.self)
            struct Instance: Codable, FetchableRecord, PersistableRecord { var uri: String }
        }
        """

    func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        let diagnostics = harness.load(Self.appCode, name: "App.swift")
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.error.message), [])
        XCTAssertTrue(
            diagnostics.contains { $0.severity == .note && $0.error.message.hasPrefix("skipped `Account.instance`") },
            "\(diagnostics.map(\.error.message))")
        return harness
    }

    func testRowDecoderColumnsAndUUIDKeys() throws {
        let harness = try harness()
        let id = try XCTUnwrap(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        XCTAssertEqual(
            try harness.sql(#"Manga.all().forCollection(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)"#),
            try harness.grdbSQL(Manga.all().forCollection(id)))
        XCTAssertEqual(
            try harness.sql(
                #"Chapter.filter(Chapter.Columns.mangaId == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)"#
            ),
            try harness.grdbSQL(Chapter.filter(Chapter.Columns.mangaId == id)))
        // A malformed string gives nil, as `UUID(uuidString:)` does.
        XCTAssertEqual(
            try harness.sql(#"Chapter.filter(Chapter.Columns.mangaId == UUID(uuidString: "nope"))"#),
            try harness.grdbSQL(Chapter.filter(Chapter.Columns.mangaId == UUID(uuidString: "nope"))))
    }

    func testAnAppMethodNamedLikeGRDBsLeavesGRDBsForExpressions() throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql("Chapter.filter(Chapter.Columns.position > 3)"),
            try harness.grdbSQL(Chapter.filter(Chapter.Columns.position > 3)))
        XCTAssertEqual(
            try harness.sql("Chapter.all().filter(.read)"), try harness.grdbSQL(Chapter.all().filter(.read)))
    }

    func testSynthesizedCodingKeys() throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql("Workout.order(Workout.Columns.startDate.desc, Workout.Columns.title)"),
            try harness.grdbSQL(Workout.order(Workout.Columns.startDate.desc, Workout.Columns.title)))
        XCTAssertEqual(
            try harness.sql("Manga.including(all: Manga.chapters.forKey(MangaInfo.CodingKeys.chapters))"),
            try harness.grdbSQL(Manga.including(all: Manga.chapters.forKey(MangaInfo.CodingKeys.chapters))))
        // Swift synthesizes a key per stored property only.
        XCTAssertNotNil(harness.error("Manga.including(all: Manga.chapters.forKey(MangaInfo.CodingKeys.pages))"))
    }

    func testDictionaryKeysWrittenAsAColumnsName() throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql("Chapter.filter(key: [Chapter.Columns.id.name: 1])"),
            try harness.grdbSQL(Chapter.filter(key: [Chapter.Columns.id.name: 1])))
    }
}

// The same app code, compiled against GRDB.
private struct Manga: Codable, FetchableRecord, PersistableRecord {
    var id: UUID
    var title: String
    var collectionId: UUID?
    enum Columns {
        static let id = Column(CodingKeys.id)
        static let title = Column(CodingKeys.title)
        static let collectionId = Column(CodingKeys.collectionId)
    }
    static let chapters = hasMany(Chapter.self)
}

private struct Chapter: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var mangaId: UUID
    var status: Status
    var position: Int
    enum Status: String, Codable { case read, unread }
    enum Columns: String, ColumnExpression { case id, mangaId, status, position }
}

private struct MangaInfo: Decodable, FetchableRecord {
    var manga: Manga
    var chapters: [Chapter]
    // Written out here (a synthesized one is private to the type); arbor's text above synthesizes it.
    enum CodingKeys: CodingKey { case manga, chapters }
}

extension DerivableRequest where RowDecoder == Manga {
    fileprivate func forCollection(_ id: UUID) -> Self { filter(Manga.Columns.collectionId == id) }
}

extension DerivableRequest where RowDecoder == Chapter {
    fileprivate func filter(_ status: Chapter.Status) -> Self { filter(Chapter.Columns.status == status.rawValue) }
}

private struct Workout: Codable, Identifiable, TableRecord {
    var id: Int64
    var title: String
    var startDate: Date
    enum Columns {
        static let title = Column(Workout.CodingKeys.title)
        static let startDate = Column(Workout.CodingKeys.startDate)
    }
}
