import ArborTestSupport
import Foundation
import XCTest

/// Issue 21 in the real interface, in tmux, on a database shaped like the music
/// store the issue was found on: each test replays what the issue describes.
final class TerminalSecondHourTests: XCTestCase {
    func musicStore() throws -> String {
        try TemporaryDatabase.make(MusicStore.sql, named: "music.sqlite")
    }

    func arbor(_ path: String, width: Int = 120, height: Int = 40) throws -> TmuxSession {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        return try TmuxSession.arbor("'\(path)'", width: width, height: height)
    }

    func run(_ tmux: TmuxSession, _ text: String) throws {
        try tmux.type(text)
        try tmux.press("Enter")
    }

    /// The lines of the results pane that show an artist, top to bottom.
    func artistLines(_ screen: String) -> [String] {
        screen.split(separator: "\n").map(String.init).filter { $0.contains("Artist  ArtistId:") }
    }

    /// Item 1: the new row sorts first and is seen, the pane keeps its five rows
    /// under a writer, and the cursor stays on its row.
    func testWatchShowsNewRowsWhereTheySortAndKeepsTheCursor() throws {
        let path = try musicStore()
        let tmux = try arbor(path)
        defer { tmux.kill() }
        try run(tmux, MusicStore.watchedRequest)
        try tmux.waitFor("Artist  ArtistId:305", "5 rows")
        try run(tmux, ":watch")
        try tmux.waitFor("watching · 5 rows")
        try tmux.press("Escape")
        try tmux.waitFor("␣ expand")
        for id in 400...403 {
            try SQLiteShell.run(path, ".timeout 10000\nINSERT INTO Artist VALUES (\(id), 'Manual \(id)');")
            let screen = try tmux.waitFor("+ Artist  ArtistId:\(id)")
            let lines = artistLines(screen)
            XCTAssertEqual(lines.count, 5, "the pane keeps its five rows:\n\(screen)")
            XCTAssertTrue(lines.first?.contains("ArtistId:\(id)") == true, "the new row first:\n\(screen)")
        }
        // The cursor is still on 305: its values.
        try tmux.press("v")
        try tmux.waitFor("ArtistId: 305")
    }

    /// Item 4: the error whole, wrapped, with its caret and hint, and copied by `E`.
    func testAnErrorShowsWholeAndIsCopied() throws {
        let tmux = try arbor(try musicStore(), width: 80, height: 30)
        defer { tmux.kill() }
        let request =
            #"Artist.filter(Column("Name") == "a name").order(Column("Nmae")).limit(10).filter(Column("ArtistId") > 3)"#
        try run(tmux, request)
        let screen = try tmux.waitFor("─ Error ", "error: table `Artist` has no column `Nmae`", "did you mean `Name`?")
        let lines = screen.split(separator: "\n").map(String.init)
        guard let caret = lines.firstIndex(where: { $0.contains("^~~~~~") }), caret > 0 else {
            return XCTFail("no caret:\n\(screen)")
        }
        let column = lines[caret].distance(from: lines[caret].startIndex, to: lines[caret].firstIndex(of: "^")!)
        XCTAssertEqual(String(Array(lines[caret - 1]).dropFirst(column).prefix(6)), #""Nmae""#, screen)
        // The end of the request, past the width, is in the box too.
        XCTAssertTrue(lines.contains { $0.contains(#"("ArtistId") > 3)"#) && !$0.hasPrefix("arbor>") }, screen)
        // F2 brings the schema pane at 80 columns; from there E copies the error.
        try tmux.press("F2")
        try tmux.press("Escape")
        try tmux.waitFor("␣ open")
        try tmux.press("E")
        try tmux.waitFor("copied the error")
        let copied = try tmux.pasteBuffer()
        XCTAssertTrue(copied.hasPrefix("error: table `Artist` has no column `Nmae`\n  " + request + "\n"), copied)
        XCTAssertTrue(copied.hasSuffix("^~~~~~\n  did you mean `Name`?"), copied)
    }

    /// Item 5: after a failed run the first letter replaces the request; the first ↑ after `i`.
    func testTheFirstLetterAfterAFailureReplacesTheRequest() throws {
        let tmux = try arbor(try musicStore())
        defer { tmux.kill() }
        try run(tmux, #"Artist.order(Column("Nmae"))"#)
        try tmux.waitFor("did you mean `Name`?")
        try run(tmux, "Album.all()")
        let screen = try tmux.waitFor("Album  AlbumId:1", "2 rows")
        XCTAssertFalse(screen.contains("consecutive statements"), screen)
        XCTAssertTrue(screen.contains("arbor> Album.all()"), screen)
        // → keeps it to edit.
        try run(tmux, "Album.filter(id: 9)")
        try tmux.waitFor("no rows")
        try tmux.press("Right")
        try tmux.type(".limit(1)")
        try tmux.waitFor("arbor> Album.filter(id: 9).limit(1)")
        // `i` then ↑: the entry before, not the one in the input again.
        try tmux.press("C-u")
        try tmux.press("Escape")
        try tmux.press("i")
        try tmux.waitFor("arbor> Album.filter(id: 9)")
        try tmux.press("Up")
        try tmux.waitFor("arbor> Album.all()")
    }

    /// Item 7: a paste with the focus in the results goes whole to the input.
    func testAPasteInTheResultsGoesWholeToTheInput() throws {
        let tmux = try arbor(try musicStore())
        defer { tmux.kill() }
        try run(tmux, "Artist.including(all: Artist.albums).limit(3)")
        try tmux.waitFor("Artist  ArtistId:1", "3 rows")
        try tmux.press("Escape")
        try tmux.waitFor("␣ expand")
        let folder = try TemporaryItems.folder("paste")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("paste.txt")
        try Data("extension Artist {\n    static let firstAlbum = hasOne(Album.self)\n}".utf8).write(to: file)
        try tmux.tmux(["load-buffer", file.path])
        try tmux.tmux(["paste-buffer", "-p", "-t", tmux.name])
        let screen = try tmux.waitFor(#"arbor> extension Artist {\n    static let firstAlbum = hasOne(Album.self)\n}"#)
        XCTAssertFalse(screen.contains("▾"), "its `e` expanded nothing:\n\(screen)")
    }

    /// Item 8: `y` copies an overlay's selected block, Tab the next one, `Y` all.
    func testYCopiesTheSelectedBlockOfAnOverlay() throws {
        let tmux = try arbor(try musicStore())
        defer { tmux.kill() }
        try run(tmux, ":advise")
        try tmux.waitFor("migration:", "y/Y copy")
        try tmux.press("y")
        try tmux.waitFor("copied the block")
        let first = try tmux.pasteBuffer()
        let firstLine = try XCTUnwrap(first.split(separator: "\n").first.map(String.init))
        XCTAssertFalse(firstLine.hasPrefix(" "), "copied without its indentation: \(first)")
        let overlay = try tmux.screen()
        XCTAssertTrue(overlay.contains("▌    " + firstLine), overlay)
        try tmux.press("Tab")
        try tmux.press("y")
        try tmux.waitUntil("the next block copied") { _ in (try? tmux.pasteBuffer()) != first }
        let second = try tmux.pasteBuffer()
        try tmux.press("Y")
        try tmux.waitFor("copied all of")
        let all = try tmux.pasteBuffer()
        for block in [first, second] {
            let indented = block.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.isEmpty ? "" : "    " + $0
            }.joined(separator: "\n")
            XCTAssertTrue(all.contains(indented), "a block of the text: \(block)")
        }
    }

    /// The smaller points: a ZWJ family draws as one glyph with nothing stray, and the
    /// tree shows a backslash in the data as the table does.
    func testGraphemesAndBackslashesShowAsInTheTable() throws {
        let family = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let path = try TemporaryDatabase.make(
            "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT);"
                + "INSERT INTO person VALUES (1, '\(family) fam'), (2, '\\u0301');")
        let tmux = try arbor(path, width: 100, height: 20)
        defer { tmux.kill() }
        try run(tmux, "Person.all()")
        let tree = try tmux.waitFor("2 rows", #"name:"\u0301""#)
        XCTAssertFalse(tree.contains(#"\\u0301"#), tree)
        XCTAssertFalse(tree.contains("\u{1F467}"), "no stray glyph:\n\(tree)")
        XCTAssertTrue(tree.contains("\u{1F469} fam\""), tree)
        try tmux.press("Escape")
        try tmux.press("t")
        // Its rows, not only its header: a capture may come between the two being drawn.
        let table = try tmux.waitFor("│ name", #"│ \u0301"#)
        XCTAssertTrue(table.contains(#"│ \u0301"#), table)
        XCTAssertFalse(table.contains("\u{1F467}"), table)
    }
}
