import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// `:sql` in the data formats gives each statement's rows as SQLite steps them
/// (`RawSQLRowSink`) and holds none: a million rows reach the sink in order,
/// and the effects carry no row.
final class RawSQLStreamingTests: XCTestCase {
    final class Counter: RawSQLRowSink {
        var statements: [[String]] = []
        var rows = 0
        var ended = 0
        var lastID: Int64 = 0
        var inOrder = true

        func begin(columns: [String]) {
            statements.append(columns)
            lastID = .min
        }

        func row(_ row: ResultRow) throws {
            rows += 1
            if case .int64(let id)? = row.values.first?.storage {
                if id <= lastID { inOrder = false }
                lastID = id
            }
        }

        func end() { ended += 1 }
    }

    func testAMillionRowsGoToTheSinkAndNoneAreHeld() throws {
        let path = try TemporaryDatabase.make(
            """
            CREATE TABLE big (id INTEGER PRIMARY KEY, name TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
            INSERT INTO big SELECT i, 'name ' || i FROM n;
            """)
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let session = try Session(path: path)
        let counter = Counter()
        let sql = "SELECT id, name FROM big; SELECT count(*) AS n FROM big WHERE 0"
        let (effects, _) = try session.rawSQLEffects(sql, range: SourceRange(0, sql.utf8.count + 5), rows: counter)
        XCTAssertEqual(counter.statements, [["id", "name"], ["n"]])
        XCTAssertEqual(counter.rows, 1_000_001)
        XCTAssertEqual(counter.ended, 2)
        XCTAssertTrue(counter.inOrder)
        XCTAssertEqual(effects.count, 2)
        for effect in effects {
            guard case .rows(_, let rows, _, _) = effect else { return XCTFail("\(effect)") }
            XCTAssertTrue(rows.isEmpty, "rows are not held")
        }
    }
}
