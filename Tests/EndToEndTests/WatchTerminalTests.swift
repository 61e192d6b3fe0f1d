import ArborTestSupport
import Foundation
import XCTest

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// `:watch` in the real interface, in tmux, on a file made from the demo's SQL
/// while the sqlite3 shell inserts, updates and deletes books: each change shows
/// with its mark, the cursor stays on its row, and nothing runs while nothing changes.
final class WatchTerminalTests: XCTestCase {
    func testWatchShowsEachChangeWithItsMarkAndKeepsTheCursor() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        let root = MarkdownDocument.repositoryRoot
        let directory = try TemporaryItems.folder("watch-terminal")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("library.sqlite").path
        let sql = try String(contentsOf: root.appendingPathComponent("Resources/library.sql"), encoding: .utf8)
        try sqlite3(path, sql)
        let prelude = root.appendingPathComponent("Resources/Prelude.swift").path

        let tmux = try TmuxSession(
            command:
                "env LANG=C.UTF-8 XDG_STATE_HOME='\(directory.path)' XDG_CONFIG_HOME='\(directory.path)/no-config' SWIFT_BACKTRACE=enable=no '\(ArborProcess.executable.path)' '\(path)' --load '\(prelude)'; sleep 60",
            width: 150, height: 40)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type("Author.including(all: Author.books)")
        try tmux.press("Enter")
        try tmux.waitFor("▸ author  id:1  name:\"Victor Hugo\"", "76 rows")
        try tmux.type(":watch")
        try tmux.press("Enter")
        try tmux.waitFor("watching · 76 rows")
        // Open Victor Hugo's books and select the third, Ruy Blas (id 107).
        try tmux.press("Escape")
        try tmux.press("Space")
        try tmux.waitFor("▾ books  11 rows")
        try tmux.press("Down", "Down", "Down", "Down")

        // Nothing runs while nothing changes: once the result has settled (the SQL pane
        // measures the app's statements in the background), the screen stays as it is.
        var idle = try tmux.screen()
        for _ in 0..<40 {
            Thread.sleep(forTimeInterval: 0.5)
            let now = try tmux.screen()
            if now == idle { break }
            idle = now
        }
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(try tmux.screen(), idle)

        var latencies: [Int] = []
        func change(_ statement: String, shows texts: String...) throws {
            let start = Date()
            try sqlite3(path, statement)
            try tmux.waitUntil(texts.joined(separator: ", ")) { screen in texts.allSatisfy { screen.contains($0) } }
            latencies.append(Int(Date().timeIntervalSince(start) * 1000))
        }
        try change(
            "INSERT INTO book(id, authorId, title, awards) VALUES (9001, 1, 'Nouveau livre', 0);",
            shows: "▾ books  12 rows", "+ book  id:9001  authorId:1", "changed ", " · +1 · 76 rows")
        try change(
            "UPDATE book SET title = 'Les Châtiments (1853)' WHERE id = 12;",
            shows: "~ book  id:12  authorId:1", "title:\"Les Châtiments (1853)\"", " · ~1 · 76 rows")
        XCTAssertFalse(try tmux.screen().contains("+ book"), "the marks of the change before are gone")
        try change(
            "DELETE FROM book WHERE id = 102;", shows: "▾ books  11 rows  −1 removed", " · −1 · 76 rows")
        XCTAssertFalse(try tmux.screen().contains("id:102 "))
        // Speed is the benchmark's to measure (ARBOR_BENCH_ONLY=watch); this is for the log.
        print("watch: commit to screen \(latencies) ms (sqlite3 start-up and tmux polling included)")

        // The cursor is still on Ruy Blas: its full values.
        try tmux.press("v")
        try tmux.waitFor("id: 107", "title: \"Ruy Blas\"")
    }

    func sqlite3(_ path: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Executables.require("sqlite3"))
        process.arguments = [path]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        // As an app would: a commit waits for arbor's read to end rather than fail with SQLITE_BUSY.
        input.fileHandleForWriting.write(Data((".timeout 10000\n" + sql).utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }
}
