import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

// A sticker app's request methods, shaped like robinsr/hyper-tag-browser's: each
// `DerivableRequest` extension names its record's columns through its own
// `private typealias Cols`, the same alias name standing for another type in each.
private struct Sticker: TableRecord {
    static let databaseTableName = "sticker"
    enum Columns: String, ColumnExpression { case id, albumId, name }
}
private struct Album: TableRecord {
    static let databaseTableName = "album"
    enum Columns: String, ColumnExpression { case id, title }
}
extension DerivableRequest<Sticker> {
    private typealias Cols = Sticker.Columns
    fileprivate func stickers(inAlbum albumId: Int64) -> Self {
        filter(Cols.albumId == albumId)
    }
    fileprivate func stickersNamed(_ name: String) -> Self {
        let column = Cols.name
        return filter(column == name).order(Cols.id.desc)
    }
}
extension DerivableRequest<Album> {
    private typealias Cols = Album.Columns
    fileprivate func albums(titled title: String) -> Self {
        filter(Cols.title == title)
    }
}

/// A type alias declared in a request extension names what its methods use, and
/// only there: each extension's `Cols` is its own.
final class ExtensionTypeAliasResolutionTests: XCTestCase {
    static let models = """
        struct Sticker: TableRecord {
            static let databaseTableName = "sticker"
            enum Columns: String, ColumnExpression { case id, albumId, name }
        }
        struct Album: TableRecord {
            static let databaseTableName = "album"
            enum Columns: String, ColumnExpression { case id, title }
        }
        extension DerivableRequest<Sticker> {
            private typealias Cols = Sticker.Columns
            func stickers(inAlbum albumId: Int64) -> Self {
                filter(Cols.albumId == albumId)
            }
            func stickersNamed(_ name: String) -> Self {
                let column = Cols.name
                return filter(column == name).order(Cols.id.desc)
            }
        }
        extension DerivableRequest<Album> {
            private typealias Cols = Album.Columns
            func albums(titled title: String) -> Self {
                filter(Cols.title == title)
            }
        }
        """

    func makeHarness() throws -> LanguageHarness {
        try LanguageHarness(
            schema: """
                CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
                CREATE TABLE sticker (id INTEGER PRIMARY KEY, albumId INTEGER NOT NULL REFERENCES album(id), name TEXT NOT NULL);
                INSERT INTO album VALUES (1, 'Cats'), (2, 'Dogs');
                INSERT INTO sticker VALUES (1, 1, 'tabby'), (2, 1, 'tabby'), (3, 2, 'pug');
                """)
    }

    func testTheAliasesLoadWithoutNotes() throws {
        let harness = try makeHarness()
        // Pasted at the prompt: one statement of declarations, which gives no value.
        XCTAssertEqual(Parser.parse(Self.models).statements.count, 1)
        XCTAssertNil(try harness.run(Self.models))
        XCTAssertEqual(harness.resolution.diagnostics.map(\.error.message), [])
        XCTAssertEqual(
            harness.resolution.entries.filter { $0.kind == .requestMethod }.map(\.name).sorted(),
            [
                "DerivableRequest<Album>.albums(titled:)", "DerivableRequest<Sticker>.stickers(inAlbum:)",
                "DerivableRequest<Sticker>.stickersNamed(_:)",
            ])
    }

    func testMethodsNamingTheirExtensionsAliasGiveGRDBsSQL() throws {
        let harness = try makeHarness()
        try harness.run(Self.models)
        func row<T>(_ request: QueryInterfaceRequest<T>) -> QueryInterfaceRequest<Row> {
            request.asRequest(of: Row.self)
        }
        let cases: [(text: String, grdb: QueryInterfaceRequest<Row>, rows: Int)] = [
            ("Sticker.all().stickers(inAlbum: 1)", row(Sticker.all().stickers(inAlbum: 1)), 2),
            ("Sticker.all().stickersNamed(\"tabby\")", row(Sticker.all().stickersNamed("tabby")), 2),
            ("Album.all().albums(titled: \"Dogs\")", row(Album.all().albums(titled: "Dogs")), 1),
        ]
        for (text, grdb, count) in cases {
            XCTAssertEqual(try harness.sql(text), try harness.grdbSQL(grdb), text)
            XCTAssertEqual(try harness.rowCount(text), count, text)
        }
    }

    func testTheAliasIsNotANameOutsideItsExtension() throws {
        let harness = try makeHarness()
        try harness.run(Self.models)
        guard let error = harness.error("Sticker.filter(Cols.name == \"pug\")") else {
            return XCTFail("`Cols` outside its extension should be unknown")
        }
        XCTAssertEqual(error.message, "unknown record type `Cols`")
        XCTAssertNotNil(error.range)
    }
}
