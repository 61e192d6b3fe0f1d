import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

/// Requests that are already right leave nothing to report (includes, prefetches,
/// windowed reads); the other kinds of waste are found where they are.
final class TraceCleanRequestTests: XCTestCase {
    func kinds(_ report: TraceReport) -> [TraceFinding.Kind] {
        report.findings.filter(\.isWaste).map(\.kind)
    }

    func testRightRequestsGiveNoFinding() throws {
        let session = try Session(path: nil)
        for style in TraceRecording.Style.allCases {
            let recording = try TraceRecording.record(
                session.database, style: style, prefix: TraceRecording.prefixes[1]
            ) { db, _ in
                // Includes and prefetches, as the guides write them.
                _ = try AuthorRecord.including(all: AuthorRecord.books).asRequest(of: Row.self).fetchAll(db)
                _ = try BookRecord.including(required: BookRecord.author).asRequest(of: Row.self).fetchAll(db)
                _ = try BookRecord.including(all: BookRecord.tags).asRequest(of: Row.self).fetchAll(db)
                // Windowed reads: a page at a time, by offset and by key.
                for page in 0..<5 {
                    _ = try BookRecord.order(Column("id")).limit(10, offset: page * 10).fetchAll(db)
                }
                var last: Int64 = 0
                for _ in 0..<5 {
                    let page = try BookRecord.filter(Column("id") > last).order(Column("id")).limit(10).fetchAll(db)
                    last = page.last?.row["id"] ?? last
                }
                // A window of authors, each window with its books prefetched.
                for page in 0..<3 {
                    _ = try AuthorRecord.including(all: AuthorRecord.books).limit(5, offset: page * 5)
                        .asRequest(of: Row.self).fetchAll(db)
                }
                // One author, then one of their books: two different requests, no loop.
                let author = try AuthorRecord.fetchOne(db, key: 1)
                _ = try author?.request(for: AuthorRecord.books).fetchAll(db)
                // One author's books, a window at a time: the same key again, no loop.
                for page in 0..<3 {
                    _ = try author?.request(for: AuthorRecord.books).limit(2, offset: page * 2).fetchAll(db)
                }
                var afterId: Int64 = 0
                for _ in 0..<2 {
                    let page =
                        try author?.request(for: AuthorRecord.books).filter(Column("id") > afterId).limit(2)
                        .fetchAll(db) ?? []
                    afterId = page.last?.row["id"] ?? afterId
                }
            }
            let report = session.analyzeTrace(text: recording.text)
            XCTAssertEqual(report.unreadableCount, 0, "\(style)")
            XCTAssertEqual(kinds(report), [], "\(style): \(report.findings.map(\.summary))")
            XCTAssertFalse(report.hasWaste, "\(style)")
        }
    }

    func testRepeatedStatementIsFound() throws {
        let session = try Session(path: nil)
        let recording = try TraceRecording.record(session.database, style: .expanded) { db, _ in
            _ = try AuthorRecord.fetchAll(db)
            for _ in 0..<3 { _ = try BookRecord.filter(Column("kind") == "novel").fetchAll(db) }
        }
        let report = session.analyzeTrace(text: recording.text)
        let finding = try XCTUnwrap(report.findings.first { $0.kind == .repeated })
        XCTAssertEqual(finding.before, 3)
        XCTAssertEqual(finding.after, 1)
        XCTAssertEqual(finding.request, "Book.filter(Column(\"kind\") == \"novel\")")
        XCTAssertEqual(finding.lines.count, 2)
        XCTAssertTrue(finding.measured)
        XCTAssertTrue(report.hasWaste)
        // With placeholders, the values may differ: no repetition is claimed.
        let plain = try TraceRecording.record(session.database, style: .plain) { db, _ in
            for _ in 0..<3 { _ = try BookRecord.filter(Column("kind") == "novel").fetchAll(db) }
        }
        XCTAssertEqual(kinds(session.analyzeTrace(text: plain.text)), [])
    }

    func testAWriteBetweenTwoReadsIsNoRepetition() throws {
        let trace = """
            SELECT * FROM "book" WHERE "kind" = 'novel'
            UPDATE "book" SET "title" = 'x' WHERE "id" = 1
            SELECT * FROM "book" WHERE "kind" = 'novel'
            """
        let session = try Session(path: nil)
        XCTAssertEqual(kinds(session.analyzeTrace(text: trace)), [])
    }

    func testCountThenFetchIsFound() throws {
        let session = try Session(path: nil)
        let recording = try TraceRecording.record(session.database, style: .expandedProfile) { db, _ in
            let request = BookRecord.filter(Column("year") >= 1950)
            if try request.fetchCount(db) > 0 { _ = try request.fetchAll(db) }
            // A count, then a page: no waste.
            _ = try BookRecord.fetchCount(db)
            _ = try BookRecord.limit(10).fetchAll(db)
        }
        let report = session.analyzeTrace(text: recording.text)
        XCTAssertEqual(kinds(report), [.countThenFetch])
        let finding = try XCTUnwrap(report.findings.first)
        XCTAssertEqual(finding.request, "Book.filter(Column(\"year\") >= 1950)")
        XCTAssertEqual(finding.before, 2)
        XCTAssertEqual(finding.after, 1)
    }

    func testTriggerLinesOfAWriteAreNotUnreadable() throws {
        let path = try TemporaryItems.folder("trace").appendingPathComponent("trace.sqlite")
        defer { try? FileManager.default.removeItem(at: path) }
        let queue = try DatabaseQueue(path: path.path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT);
                    CREATE TABLE log (bookId INTEGER);
                    CREATE TRIGGER logged AFTER INSERT ON book BEGIN INSERT INTO log VALUES (new.id); END;
                    """)
        }
        let lines = TraceLines()
        try queue.write { db in
            db.trace { lines.append($0.description) }
            try db.execute(sql: "INSERT INTO book (title) VALUES ('Dune')")
            db.trace(options: [], nil)
        }
        try queue.close()
        XCTAssertTrue(lines.all.contains { $0.hasPrefix("-- TRIGGER") }, "\(lines.all)")
        let report = try Session(path: path.path).analyzeTrace(text: lines.all.joined(separator: "\n"))
        XCTAssertEqual(report.unreadableCount, 0)
        XCTAssertEqual(report.statementCount, 1, "\(lines.all)")
    }

    func testUnreadableLinesAreCountedAndShown() throws {
        let session = try Session(path: nil)
        let trace = """
            app started
            SELECT * FROM "author"
            {"event": "tap"}
            please update your app
            0.001s SELECT * FROM "book" WHERE "authorId" = 1

            """
        let report = session.analyzeTrace(text: trace)
        XCTAssertEqual(report.statementCount, 2)
        XCTAssertEqual(report.unreadableCount, 3)
        XCTAssertEqual(report.unreadableLines.map(\.number), [1, 3, 4])
        XCTAssertEqual(report.unreadableText.first, "line 1: unreadable: app started")
        XCTAssertFalse(report.hasWaste)
    }

    func testScanOfASmallTableIsNotedButIsNoWaste() throws {
        let session = try Session(path: nil)
        // `book.title` has no index; the demo's `book` is small.
        let report = session.analyzeTrace(text: #"SELECT * FROM "book" WHERE "title" = 'Dune'"#)
        let scan = try XCTUnwrap(report.findings.first { $0.kind == .scan })
        XCTAssertFalse(scan.isWaste)
        XCTAssertTrue(scan.notes.contains { $0.contains("CREATE INDEX") })
        XCTAssertFalse(report.hasWaste)
    }
}
