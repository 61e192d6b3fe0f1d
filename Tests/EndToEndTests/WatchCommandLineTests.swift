import ArborTestSupport
import Foundation
import XCTest

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// `arbor DB -c REQUEST --watch --format json` while the sqlite3 shell commits:
/// one JSON document a line per committed transaction, in order, the latest
/// state after a burst of 100 commits a second, and status 130 on SIGINT.
final class WatchCommandLineTests: XCTestCase {
    static let request = "Author.including(all: Author.books.select(Column(\"id\"), Column(\"year\")))"

    func testWatchPrintsOneDocumentPerCommitInOrderThenEndsOnSIGINT() throws {
        let path = try Fixture.database(Fixture.library)
        let arbor = try BackgroundProcess(
            ArborProcess.executable.path, [path, "-c", Self.request, "--watch", "--format", "json"])
        defer { arbor.stop() }
        let writer = try BackgroundProcess(try Executables.require("sqlite3"), [path])
        defer { writer.stop() }
        // As an app would: a commit waits for arbor's read to end rather than fail with SQLITE_BUSY.
        writer.send(".timeout 10000\n")
        XCTAssertEqual(
            try arbor.waitForLines(1),
            [
                #"[{"id":1,"name":"Herman Melville","books":[{"id":1,"year":1851},{"id":2,"year":1846}]},{"id":2,"name":"Ursula K. Le Guin","books":[{"id":3,"year":1974}]}]"#
            ])
        // Rollback journal: each transaction is one document, as it comes.
        let commits = [
            "INSERT INTO book VALUES (4, 2, 'The Lathe of Heaven', 1971);",
            "UPDATE book SET year = 1852 WHERE id = 1;",
            "DELETE FROM book WHERE id = 2;",
            "BEGIN; INSERT INTO author VALUES (3, 'Italo Calvino'); UPDATE book SET authorId = 3 WHERE id = 4; COMMIT;",
        ]
        for (i, commit) in commits.enumerated() {
            writer.send(commit + "\n")
            // Each commit shows before the next is sent: one document each (speed is the benchmark's).
            _ = try arbor.waitForLines(i + 2)
        }
        XCTAssertEqual(
            Array(try arbor.waitForLines(5).dropFirst()),
            [
                #"[{"id":1,"name":"Herman Melville","books":[{"id":1,"year":1851},{"id":2,"year":1846}]},{"id":2,"name":"Ursula K. Le Guin","books":[{"id":3,"year":1974},{"id":4,"year":1971}]}]"#,
                #"[{"id":1,"name":"Herman Melville","books":[{"id":1,"year":1852},{"id":2,"year":1846}]},{"id":2,"name":"Ursula K. Le Guin","books":[{"id":3,"year":1974},{"id":4,"year":1971}]}]"#,
                #"[{"id":1,"name":"Herman Melville","books":[{"id":1,"year":1852}]},{"id":2,"name":"Ursula K. Le Guin","books":[{"id":3,"year":1974},{"id":4,"year":1971}]}]"#,
                #"[{"id":1,"name":"Herman Melville","books":[{"id":1,"year":1852}]},{"id":2,"name":"Ursula K. Le Guin","books":[{"id":3,"year":1974}]},{"id":3,"name":"Italo Calvino","books":[{"id":4,"year":1971}]}]"#,
            ])
        // A commit that leaves the result as it was prints nothing.
        writer.send("CREATE TABLE unrelated(x); INSERT INTO unrelated VALUES (1);\n")
        // WAL, then 200 commits at 100 a second: documents come in order, none
        // repeated, and the last one is the last commit.
        writer.send("PRAGMA journal_mode = WAL;\n")
        for year in 2001...2200 {
            writer.send("UPDATE book SET year = \(year) WHERE id = 3;\n")
            usleep(10_000)
        }
        // Generous: on a loaded machine the sqlite3 shell itself lags behind the 200 updates.
        let deadline = Date().addingTimeInterval(30)
        var years: [Int] = []
        while Date() < deadline {
            years = arbor.lines().dropFirst(5).map(Self.yearOfBook3)
            if years.last == 2200 { break }
            usleep(20_000)
        }
        XCTAssertEqual(years.last, 2200)
        // The unrelated commit printed nothing: every later document is an update of book 3.
        XCTAssertTrue(years.allSatisfy { $0 > 2000 }, "\(years)")
        XCTAssertEqual(years, years.sorted())
        XCTAssertEqual(Set(years).count, years.count, "a document repeated")
        XCTAssertGreaterThan(years.count, 20, "\(years.count) documents for 200 commits")
        print("watch: \(years.count) documents for 200 commits at 100 a second")
        kill(arbor.pid, SIGINT)
        let status = arbor.wait()
        XCTAssertEqual(status, 130)
        XCTAssertEqual(arbor.stderr, "arbor: interrupted\n")
    }

    static func yearOfBook3(_ line: String) -> Int {
        guard let authors = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]] else {
            return -1
        }
        for author in authors {
            for book in author["books"] as? [[String: Any]] ?? [] where book["id"] as? Int == 3 {
                return book["year"] as? Int ?? -1
            }
        }
        return -1
    }

    func testADeletedDatabaseEndsTheWatchWithAMessage() throws {
        let path = try Fixture.database(Fixture.library)
        let arbor = try BackgroundProcess(
            ArborProcess.executable.path, [path, "-c", "Author.select(Column(\"id\"))", "--watch", "--format", "json"])
        defer { arbor.stop() }
        XCTAssertEqual(try arbor.waitForLines(1), [#"[{"id":1},{"id":2}]"#])
        try FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(arbor.wait(), 1)
        XCTAssertEqual(
            arbor.stderr,
            "arbor: \(path) was deleted: arbor still reads the file it opened, which nothing will change; the watch ends\n"
        )
    }

    func testALongLockIsReportedAndTheWatchGoesOn() throws {
        let path = try Fixture.database(Fixture.library)
        let arbor = try BackgroundProcess(
            ArborProcess.executable.path, [path, "-c", "Author.select(Column(\"id\"))", "--watch", "--format", "json"],
            environment: ["ARBOR_BUSY_TIMEOUT": "0.3"])
        defer { arbor.stop() }
        XCTAssertEqual(try arbor.waitForLines(1), [#"[{"id":1},{"id":2}]"#])
        let writer = try BackgroundProcess(try Executables.require("sqlite3"), [path])
        defer { writer.stop() }
        // A write transaction held open: its journal wakes arbor, which finds the file locked.
        writer.send("BEGIN EXCLUSIVE;\nINSERT INTO author VALUES (3, 'Italo Calvino');\n")
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, arbor.stderr.isEmpty { usleep(20_000) }
        XCTAssertEqual(arbor.stderr, "arbor: \(path): locked by another process for more than 0.3 s; still watching\n")
        writer.send("COMMIT;\n")
        XCTAssertEqual(try arbor.waitForLines(2).last, #"[{"id":1},{"id":2},{"id":3}]"#)
    }

    func testWatchNeedsARequestJSONAndAFile() throws {
        let path = try Fixture.database(Fixture.library)
        let tree = try ArborProcess.run([path, "-c", "Author", "--watch"])
        XCTAssertEqual(tree.status, 2)
        XCTAssertEqual(
            tree.stderr, "arbor: --watch needs -c REQUEST and --format json (in the interface, type :watch)\n")
        let demo = try ArborProcess.run(["-c", "Author", "--watch", "--format", "json"])
        XCTAssertEqual(demo.status, 2)
        XCTAssertEqual(
            demo.stderr,
            "arbor: the demo database lives in memory: nothing else can change it, so there is nothing to watch\n")
        let failing = try ArborProcess.run([path, "-c", "Author.nope", "--watch", "--format", "json"])
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(failing.stderr.contains("nope"), failing.stderr)
    }
}

/// A process that runs while the test talks to it: standard input as a pipe,
/// standard output and error as files read as they grow.
final class BackgroundProcess {
    let process = Process()
    let input = Pipe()
    let directory: URL
    let output: OutputFiles
    var pid: Int32 { process.processIdentifier }

    init(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) throws {
        directory = try TemporaryItems.folder("arbor-bg")
        output = try OutputFiles(in: directory)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ArborProcess.environment(extra)
        process.standardInput = input
        output.attach(to: process)
        try process.run()
    }

    func send(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    var stdout: String { output.stdoutText }
    var stderr: String { output.stderrText }

    /// The complete lines of standard output so far.
    func lines() -> [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The first `count` lines, waiting for them at most `timeout` seconds.
    func waitForLines(_ count: Int, timeout: Double = 10) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let lines = lines()
            if lines.count >= count { return Array(lines.prefix(count)) }
            usleep(10_000)
        }
        XCTFail("waited \(timeout) s for \(count) lines; stdout:\n\(stdout)\nstderr:\n\(stderr)")
        throw CancellationError()
    }

    func wait() -> Int32 {
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { return -1 }
        return process.terminationStatus
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        output.close()
        try? FileManager.default.removeItem(at: directory)
    }
}
