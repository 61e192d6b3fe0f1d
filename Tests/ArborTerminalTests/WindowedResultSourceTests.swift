import ArborCore
import ArborSession
import Foundation
import GRDB
import XCTest

@testable import ArborTerminal

/// The results pane over a windowed result: it never queries on the UI thread,
/// asks for missing windows, and says when a to-many child is cut.
final class WindowedResultSourceTests: XCTestCase {
    final class Requests: @unchecked Sendable {
        private let lock = NSLock()
        private var ranges: [Range<Int>] = []
        func append(_ range: Range<Int>) {
            lock.lock()
            ranges.append(range)
            lock.unlock()
        }
        var all: [Range<Int>] {
            lock.lock()
            defer { lock.unlock() }
            return ranges
        }
    }

    func testRowsComeFromLoadedWindowsAndMissingOnesAreAskedFor() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-wrs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("db.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
                    CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id));
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250)
                    INSERT INTO author SELECT i, 'A' || i FROM n;
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
                    INSERT INTO book SELECT i, 1 FROM n;
                    """)
        }
        try queue.close()
        let session = try Session(path: path)
        guard case .rows(let result)? = session.runInteractive("Author.including(all: Author.books)", childCap: 50).last,
            let window = result.window
        else { return XCTFail("no windowed result") }
        XCTAssertEqual(result.rows.count, 100, "the first window")
        XCTAssertEqual(window.knownRowCount, 250)
        XCTAssertTrue(result.statements.first?.sql.hasPrefix("SELECT * FROM \"author\"") == true, "GRDB's request first")

        let requests = Requests()
        let source = WindowedResultSource(window: window, load: { requests.append($0) })
        XCTAssertEqual(source.rowCount, 250)
        XCTAssertNotNil(source.node(at: NodePath([99])))
        XCTAssertNil(source.node(at: NodePath([150])), "not loaded: drawn as loading")
        XCTAssertNil(source.node(at: NodePath([160])))
        XCTAssertEqual(requests.all, [100..<200], "one request per missing window")
        _ = try window.rows(in: 100..<200)
        XCTAssertNotNil(source.node(at: NodePath([150])))

        // Author 1 has 500 books, cut to the first 50 and announced.
        guard let books = source.node(at: NodePath([0, 0])) else { return XCTFail() }
        let text = RowText.spans(books, limit: 80).map(\.text).joined()
        XCTAssertEqual(text, "books  50 of 500 rows")
        XCTAssertEqual(source.childCount(of: NodePath([0, 0])), 50)
    }
}
