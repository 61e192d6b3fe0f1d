import ArborTestSupport
import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// `--watch` follows the schema: another process adds, renames and drops a
/// column, drops and recreates the table in one transaction, drops it for good
/// then brings it back, in both journal modes, with file notifications and
/// with the polling fallback (`ARBOR_WATCH_POLL=1`). Each document is checked
/// against what the sqlite3 shell reads from the file; a request that no
/// longer compiles is a located error and the watch goes on.
final class WatchSchemaChangeTests: XCTestCase {
    func testRollbackJournalWithNotifications() throws { try assertWatchFollowsSchema(wal: false, poll: false) }
    func testWALWithNotifications() throws { try assertWatchFollowsSchema(wal: true, poll: false) }
    func testRollbackJournalPolling() throws { try assertWatchFollowsSchema(wal: false, poll: true) }
    func testWALPolling() throws { try assertWatchFollowsSchema(wal: true, poll: true) }

    func assertWatchFollowsSchema(wal: Bool, poll: Bool) throws {
        let database = try ShellDatabase(
            (wal ? "PRAGMA journal_mode = WAL;" : "")
                + "CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER); INSERT INTO counter VALUES (1, 5);")
        defer { database.remove() }
        let arbor = try BackgroundProcess(
            ArborProcess.executable.path, [database.path, "-c", "Counter.all()", "--watch", "--format", "json"],
            environment: poll ? ["ARBOR_WATCH_POLL": "1"] : [:])
        defer { arbor.stop() }
        try assertDocument(try arbor.waitForLines(1)[0], matches: database)
        let steps = [
            "ALTER TABLE counter ADD COLUMN z INTEGER DEFAULT 7;",
            "ALTER TABLE counter RENAME COLUMN n TO m;",
            "ALTER TABLE counter DROP COLUMN m;",
            """
            BEGIN; DROP TABLE counter; CREATE TABLE counter (id INTEGER PRIMARY KEY, z INTEGER, w TEXT);
            INSERT INTO counter VALUES (1, 8, 'new'); COMMIT;
            """,
        ]
        for (i, step) in steps.enumerated() {
            try database.execute(step)
            let document = try arbor.waitForLines(i + 2)[i + 1]
            try assertDocument(document, matches: database, after: step)
        }
        // Gone: the request no longer compiles; the error is located, and the watch goes on.
        try database.execute("DROP TABLE counter;")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !arbor.stderr.contains("Counter") { usleep(10_000) }
        XCTAssertTrue(arbor.stderr.contains("unknown record type `Counter`\n  Counter.all()\n  ^~~~~~~"), arbor.stderr)
        XCTAssertNil(arbor.process.isRunning ? nil : arbor.process.terminationStatus, "the watch ended")
        try database.execute(
            "BEGIN; CREATE TABLE counter (id INTEGER PRIMARY KEY, q INTEGER); INSERT INTO counter VALUES (1, 9); COMMIT;"
        )
        let document = try arbor.waitForLines(6)[5]
        try assertDocument(document, matches: database)
        XCTAssertEqual(document, #"[{"id":1,"q":9}]"#)
        XCTAssertFalse(arbor.stderr.contains("SQLite error"), arbor.stderr)
        if poll {
            XCTAssertTrue(arbor.stderr.hasPrefix("arbor: note: no file-change notifications here"), arbor.stderr)
        }
    }

    /// The document has the rows the sqlite3 shell reads, under the same names.
    func assertDocument(
        _ document: String, matches database: ShellDatabase, after step: String = "the start",
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let shown = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [NSDictionary]
        let stored =
            try JSONSerialization.jsonObject(with: Data(try database.json("SELECT * FROM counter").utf8))
            as? [NSDictionary]
        XCTAssertNotNil(shown, document, file: file, line: line)
        XCTAssertEqual(shown, stored, "after \(step)", file: file, line: line)
    }
}

/// A database file in a fresh folder, changed and read by the sqlite3 shell
/// (found on the PATH), as another process would.
struct ShellDatabase {
    let folder: URL
    var path: String { folder.appendingPathComponent("watched.sqlite").path }

    init(_ sql: String) throws {
        folder = try TemporaryItems.folder("arbor-shell")
        try execute(sql)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    @discardableResult
    func execute(_ sql: String, options: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = try Self.sqlite3()
        // A commit waits for arbor's read to end, as an app's would.
        process.arguments = options + ["-cmd", ".timeout 10000", path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(sql.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(
                domain: "sqlite3", code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: sql])
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The rows as `sqlite3 -json` prints them (`[]` for none).
    func json(_ sql: String) throws -> String {
        let text = try execute(sql, options: ["-json"])
        return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "[]" : text
    }

    static func sqlite3() throws -> URL {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("sqlite3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw XCTSkip("no sqlite3 on the PATH")
    }
}
