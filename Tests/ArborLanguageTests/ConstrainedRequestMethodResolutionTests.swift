import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

// A fleet app's request methods, shaped like autoreleasefool/approach's: a method of
// every `Retirable` record's requests, and a method of the same name declared for one
// record type, which Swift picks for that type's requests.
private protocol Retirable {}
private struct Crew: TableRecord, Retirable {
    static let databaseTableName = "crew"
}
private struct Ship: TableRecord {
    static let databaseTableName = "ship"
}
extension DerivableRequest where RowDecoder: Retirable {
    fileprivate func active() -> Self {
        filter(Column("retiredOn") == nil)
    }
}
extension DerivableRequest<Ship> {
    fileprivate func active() -> Self {
        filter(Column("inService") == true)
    }
}

/// A request method declared for the record type wins over one declared for any.
final class ConstrainedRequestMethodResolutionTests: XCTestCase {
    func testTheRecordTypesOwnMethodWinsOverTheGenericOne() throws {
        let harness = try LanguageHarness(
            schema: """
                CREATE TABLE crew (id INTEGER PRIMARY KEY, retiredOn TEXT);
                CREATE TABLE ship (id INTEGER PRIMARY KEY, inService BOOLEAN NOT NULL);
                INSERT INTO crew VALUES (1, NULL), (2, '2020-01-01');
                INSERT INTO ship VALUES (1, 1), (2, 0), (3, 1);
                """)
        // Loaded as the app's file (a pasted program takes no `protocol`).
        let diagnostics = harness.load(
            """
            protocol Retirable {}
            struct Crew: TableRecord, Retirable {
                static let databaseTableName = "crew"
            }
            struct Ship: TableRecord {
                static let databaseTableName = "ship"
            }
            extension DerivableRequest where RowDecoder: Retirable {
                func active() -> Self {
                    filter(Column("retiredOn") == nil)
                }
            }
            extension DerivableRequest<Ship> {
                func active() -> Self {
                    filter(Column("inService") == true)
                }
            }
            """, name: "ConstrainedRequestMethods.swift")
        XCTAssertEqual(diagnostics.map(\.error.message), [])
        XCTAssertEqual(harness.resolution.diagnostics.map(\.error.message), [])
        func row<T>(_ request: QueryInterfaceRequest<T>) -> QueryInterfaceRequest<Row> {
            request.asRequest(of: Row.self)
        }
        let cases: [(text: String, grdb: QueryInterfaceRequest<Row>, rows: Int)] = [
            ("Ship.all().active()", row(Ship.all().active()), 2),
            ("Crew.all().active()", row(Crew.all().active()), 1),
        ]
        for (text, grdb, count) in cases {
            XCTAssertEqual(try harness.sql(text), try harness.grdbSQL(grdb), text)
            XCTAssertEqual(try harness.rowCount(text), count, text)
        }
    }
}
