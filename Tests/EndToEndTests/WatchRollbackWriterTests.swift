import ArborTestSupport
import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A writer committing 100 times a second with a rollback journal (arbor's
/// reads and its commits take turns on the file's locks): the watch never
/// starves, says nothing of locks, and its last document is the last commit.
/// How soon each commit shows is the benchmark's (`ARBOR_BENCH_ONLY=watch-writer`).
final class WatchRollbackWriterTests: XCTestCase {
    func testAFastWriterInRollbackJournalModeNeverStarvesTheWatch() throws {
        let database = try ShellDatabase(
            "CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER); INSERT INTO counter VALUES (1, 0);")
        defer { database.remove() }
        let arbor = try BackgroundProcess(
            ArborProcess.executable.path, [database.path, "-c", "Counter.all()", "--watch", "--format", "json"])
        defer { arbor.stop() }
        XCTAssertEqual(try arbor.waitForLines(1), [#"[{"id":1,"n":0}]"#])
        let writer = try BackgroundProcess(try ShellDatabase.sqlite3().path, [database.path])
        defer { writer.stop() }
        writer.send(".timeout 10000\n")
        for n in 1...300 {
            writer.send("UPDATE counter SET n = \(n);\n")
            usleep(10_000)
        }
        // Documents came while the writer wrote, not only once it stopped. How many depends
        // on the machine's load (the benchmark measures how soon): more than the first one.
        let whileWriting = arbor.lines().count
        let deadline = Date().addingTimeInterval(20)
        var values: [Int] = []
        while Date() < deadline {
            values = arbor.lines().compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Int]])?.first?["n"]
            }
            if values.last == 300 { break }
            usleep(20_000)
        }
        XCTAssertEqual(values.last, 300, arbor.stderr)
        XCTAssertEqual(values, values.sorted())
        XCTAssertGreaterThan(whileWriting, 2, "\(values)")
        XCTAssertEqual(arbor.stderr, "")
    }
}
