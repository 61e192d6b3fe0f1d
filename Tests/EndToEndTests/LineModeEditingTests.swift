import ArborTestSupport
import Foundation
import XCTest

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Line mode at a terminal (`--no-tui`, `TERM=dumb`) edits lines as the interface
/// does: arrows, history in the per-database file, Ctrl-R; driven in tmux.
final class LineModeEditingTests: XCTestCase {
    var stateDirectory = ""

    override func setUpWithError() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        stateDirectory = try TemporaryItems.folder("linemode").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: stateDirectory)
    }

    func command(_ arguments: String, term: String = "xterm-256color") -> String {
        "env LANG=C.UTF-8 TERM=\(term) XDG_STATE_HOME='\(stateDirectory)' XDG_CONFIG_HOME='\(stateDirectory)/no-config' "
            + "SWIFT_BACKTRACE=enable=no '\(ArborProcess.executable.path)' \(arguments);"
            + " echo \"exit=$?\"; stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo -e -icanon -e -echo | sort | tr '\\n' ' '; echo; sleep 60"
    }

    /// The lines of the screen that show `text`.
    func count(_ text: String, in screen: String) -> Int {
        screen.split(separator: "\n").filter { $0.contains(text) }.count
    }

    func testArrowsHistoryAndReverseSearchEditTheLine() throws {
        let tmux = try TmuxSession(command: command("--no-tui"))
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        // ← moves into the line: `Author.fetchCount(d)` becomes `Author.fetchCount(db)`.
        try tmux.type("Author.fetchCount(d)")
        try tmux.press("Left")
        try tmux.type("b")
        try tmux.press("Enter")
        try tmux.waitFor("\n76\n")
        try tmux.type("Book.fetchCount(db)")
        try tmux.press("Enter")
        try tmux.waitUntil("the book count") { $0.split(separator: "\n").contains { Int($0) ?? 0 > 76 } }
        // ↑ twice recalls the author count; ↵ runs it again.
        try tmux.press("Up")
        try tmux.press("Up")
        try tmux.waitUntil("the recalled line") { self.count("arbor> Author.fetchCount(db)", in: $0) == 2 }
        try tmux.press("Enter")
        try tmux.waitUntil("the author count twice") { self.count("76", in: $0) == 2 }
        // Ctrl-R finds the author count by a part of it.
        try tmux.press("C-r")
        try tmux.type("Auth")
        try tmux.waitFor("(reverse-i-search)`Auth': Author.fetchCount(db)")
        try tmux.press("Enter")
        try tmux.waitUntil("the author count three times") { self.count("76", in: $0) == 3 }
        // The line that ran is shown as typed, after the prompt.
        XCTAssertEqual(self.count("arbor> Author.fetchCount(db)", in: try tmux.screen()), 3)
        // Ctrl-C drops a line; Ctrl-D on an empty line ends, the terminal as it was.
        try tmux.type("Author.nothing")
        try tmux.press("C-c")
        try tmux.press("C-d")
        let screen = try tmux.waitFor("exit=0", "\necho icanon")
        XCTAssertFalse(screen.contains("^[[A"), screen)
        XCTAssertFalse(screen.contains("no member `nothing`"), screen)
        // The statements are in the database's history file, as the interface keeps them.
        let histories = URL(fileURLWithPath: stateDirectory).appendingPathComponent("arbor/histories/demo")
        let history = try String(contentsOf: histories, encoding: .utf8)
        XCTAssertEqual(history, "Author.fetchCount(db)\nBook.fetchCount(db)\nAuthor.fetchCount(db)\n")
    }

    func testTabCompletesAndListsTheCandidates() throws {
        let tmux = try TmuxSession(command: command("--no-tui"))
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type("Author.fetchCou")
        try tmux.press("Tab")
        try tmux.waitFor("arbor> Author.fetchCount")
        try tmux.type("(db)")
        try tmux.press("Enter")
        try tmux.waitFor("\n76\n")
        // Several candidates with nothing more in common: listed under the line, which stays.
        try tmux.type("Author.b")
        try tmux.press("Tab")
        try tmux.waitFor("books  booksAsAuthor  booksAsTranslator", "arbor> Author.b")
        try tmux.press("C-d")
        try tmux.press("C-u")
        try tmux.press("C-d")
        try tmux.waitFor("exit=0")
    }

    func testSIGTERMWhileEditingRestoresTheTerminal() throws {
        let tmux = try TmuxSession(command: command("--no-tui"), width: 80, height: 20)
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type("Author.fe")
        try tmux.waitFor("arbor> Author.fe")
        let shell = try XCTUnwrap(try tmux.paneProcessID())
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let arbor = try XCTUnwrap(children.split(separator: " ").compactMap { Int32($0) }.first)
        XCTAssertEqual(kill(arbor, SIGTERM), 0)
        let screen = try tmux.waitUntil("the exit status and the terminal modes") {
            $0.contains("exit=143") && $0.contains("icanon")
        }
        XCTAssertTrue(screen.contains("\necho icanon"), screen)
    }

    func testCtrlZWhileEditingSuspendsAndFgComesBackToTheLine() throws {
        let tmux = try TmuxSession(command: "env PS1='$ ' bash --norc --noprofile -i", width: 100, height: 30)
        defer { tmux.kill() }
        try tmux.waitFor("$")
        try tmux.type(
            "env LANG=C.UTF-8 XDG_STATE_HOME='\(stateDirectory)' XDG_CONFIG_HOME='\(stateDirectory)/no-config' '\(ArborProcess.executable.path)' --no-tui"
        )
        try tmux.press("Enter")
        try tmux.waitFor("arbor>")
        try tmux.type("Author.fetch")
        try tmux.press("C-z")
        try tmux.waitFor("Stopped")
        try tmux.type("stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon; fg")
        try tmux.press("Enter")
        try tmux.waitFor("\nicanon\n", "arbor> Author.fetch")
        try tmux.type("Count(db)")
        try tmux.press("Enter")
        try tmux.waitFor("\n76\n")
    }

    func testADumbTerminalEditsToo() throws {
        let tmux = try TmuxSession(command: command("", term: "dumb"))
        defer { tmux.kill() }
        try tmux.waitFor("arbor>")
        try tmux.type("Author.fetchCount(d)")
        try tmux.press("Home")
        try tmux.press("End")
        try tmux.press("BSpace")
        try tmux.type("db)")
        try tmux.press("Enter")
        try tmux.waitFor("\n76\n")
        try tmux.press("C-d")
        let screen = try tmux.waitFor("exit=0")
        XCTAssertFalse(screen.contains("^["), screen)
    }
}
