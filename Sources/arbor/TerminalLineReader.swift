import ArborCore
import ArborLanguage
import ArborTerminal
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Line mode's line editing when standard input is a terminal (`--no-tui`,
/// `TERM=dumb`): the terminal interface's `LineEditor` and `History` (the same
/// per-database file), read key by key in raw mode. Emacs keys as in the
/// interface: ←/→, Home/End, Ctrl-A/E/B/F/K/U/W/Y, Alt-B/F, ↑/↓ and Ctrl-P/N
/// through the history, Ctrl-R to search it, Tab to complete, Ctrl-C to drop the
/// line, Ctrl-Z to suspend, Ctrl-D on an empty line to end.
///
/// The line is drawn on standard error with carriage returns and spaces only (no
/// escape sequence, so a dumb terminal shows it too), scrolled sideways when it is
/// wider than the terminal. Raw mode lasts while a line is read: statements run
/// with the terminal as it was, and SIGTERM or SIGHUP during a read restores it.
final class TerminalLineReader {
    enum Result {
        case line(String)
        /// Ctrl-C: the line (and the statement it continues) dropped.
        case cancelled
        case end
    }

    private var history: History
    private let historyURL: URL?
    private var editor = LineEditor()
    /// Where ↑/↓ is in the history; `entries.count` is the line being typed.
    private var historyIndex = 0
    private var draft = ""
    private var prompt = ""
    private var renderedWidth = 0
    private var scroll = 0
    private var search: (query: String, match: Int?)?

    /// The completions at a UTF-8 offset of a line (`Completer`, with the session's names).
    private let completions: (String, Int) -> CompletionResult

    init(historyURL: URL?, completions: @escaping (String, Int) -> CompletionResult) {
        self.historyURL = historyURL
        self.completions = completions
        history = HistoryFile.load(from: historyURL)
    }

    /// Whether a person types at a terminal that can take raw mode.
    static func isAvailable() -> Bool {
        isatty(0) != 0 && isatty(2) != 0 && RawMode.canEnter()
    }

    /// A statement run: kept in the history and its file (a multi-line statement is one entry).
    func remember(_ statement: String) {
        history.add(statement)
        HistoryFile.save(history, to: historyURL)
    }

    /// The next line for line mode, after `arbor> ` or, in a statement that goes on, `  ...> `.
    func next(continuing: Bool) -> InputLines.Line? {
        switch read(prompt: continuing ? "  ...> " : "arbor> ") {
        case .line(let text): .text(text)
        case .cancelled: .cancelled
        case .end: nil
        }
    }

    func read(prompt: String) -> Result {
        self.prompt = prompt
        editor = LineEditor()
        historyIndex = history.entries.count
        draft = ""
        renderedWidth = 0
        scroll = 0
        search = nil
        guard let raw = RawMode.enter() else { return .end }
        defer { raw.leave() }
        render()
        while let key = readKey() {
            if key == .control(0x1A) {
                // Ctrl-Z suspends, the terminal as it was; `fg` comes back to the line.
                raw.leave()
                write("\n")
                raise(SIGTSTP)
                _ = RawMode.enter()
                renderedWidth = 0
                render()
                continue
            }
            if let result = handle(key) {
                write("\n")
                return result
            }
            render()
        }
        write("\n")
        return .end
    }

    // MARK: Keys

    enum Key: Equatable {
        case text(String)
        case control(UInt8)
        case up, down, left, right, home, end, delete
        case altB, altF, altBackspace
        case other
    }

    /// What the key did: a line, the end, or nil to go on.
    private func handle(_ key: Key) -> Result? {
        if search != nil, let result = handleSearch(key) { return result }
        if search != nil { return nil }
        switch key {
        case .text(let text): editor.insert(text)
        case .control(0x0D), .control(0x0A): return .line(editor.text)
        case .control(0x04):
            if editor.isEmpty { return .end }
            editor.deleteForward()
        case .control(0x03):
            // Ctrl-C drops the line, as a shell does.
            write("^C")
            return .cancelled
        case .control(0x01), .home: editor.home()
        case .control(0x05), .end: editor.end()
        case .control(0x02), .left: editor.left()
        case .control(0x06), .right: editor.right()
        case .control(0x0B): editor.killToEnd()
        case .control(0x15): editor.killToStart()
        case .control(0x17), .altBackspace: editor.killWordBackward()
        case .control(0x19): editor.yank()
        case .control(0x7F), .control(0x08): editor.backspace()
        case .delete: editor.deleteForward()
        case .altB: editor.wordBackward()
        case .altF: editor.wordForward()
        case .up, .control(0x10): recall(historyIndex - 1)
        case .down, .control(0x0E): recall(historyIndex + 1)
        case .control(0x12): search = ("", history.search("", before: history.entries.count))
        case .control(0x09): complete()
        default: break
        }
        return nil
    }

    /// Ctrl-R: typing narrows, Ctrl-R goes to an older match, ↵ runs the match, Ctrl-G
    /// or Esc gives the line back, any other key takes the match and acts on it.
    private func handleSearch(_ key: Key) -> Result? {
        guard var (query, match) = search else { return nil }
        switch key {
        case .text(let text):
            query += text
            match = history.search(query, before: (match ?? history.entries.count) + 1)
        case .control(0x7F), .control(0x08):
            query = String(query.dropLast())
            match = history.search(query, before: history.entries.count)
        case .control(0x12):
            match = history.search(query, before: match ?? history.entries.count) ?? match
        case .control(0x07), .control(0x1B):
            search = nil
            return nil
        case .control(0x0D), .control(0x0A):
            // The match runs, shown after the prompt as if typed.
            search = nil
            if let match { setLine(history.entries[match]) }
            render()
            return .line(editor.text)
        default:
            search = nil
            if let match { setLine(history.entries[match]) }
            return handle(key)
        }
        search = (query, match)
        return nil
    }

    /// Tab: the word before the cursor completed as far as every candidate agrees;
    /// when that adds nothing, the candidates listed under the line.
    private func complete() {
        let text = editor.text
        let offset = editor.utf8Offset(editor.cursor)
        let result = completions(text, offset)
        guard !result.candidates.isEmpty else { return }
        let bytes = Array(text.utf8)
        let start = max(0, min(result.range.lowerBound, offset))
        let typed = String(decoding: bytes[start..<offset], as: UTF8.self)
        let prefix = result.candidates.count == 1 ? result.candidates[0].text : result.commonPrefix
        if prefix.count > typed.count, prefix.hasPrefix(typed) {
            editor.replaceBeforeCursor(typed.count, with: prefix)
        } else if result.candidates.count > 1 {
            let names = result.candidates.prefix(60).map { TerminalText.escaped($0.text) }
            write("\n" + names.joined(separator: "  ") + (result.candidates.count > 60 ? "  …" : "") + "\n")
            renderedWidth = 0
        }
    }

    private func recall(_ index: Int) {
        guard index >= 0, index <= history.entries.count, index != historyIndex else { return }
        if historyIndex == history.entries.count { draft = editor.text }
        historyIndex = index
        setLine(index == history.entries.count ? draft : history.entries[index])
    }

    /// A recalled entry; a multi-line statement is shown on one line.
    private func setLine(_ text: String) {
        editor = LineEditor(text.replacingOccurrences(of: "\n", with: " "))
    }

    private func readByte(timeout milliseconds: Int32? = nil) -> UInt8? {
        if let milliseconds {
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, milliseconds) > 0 else { return nil }
        }
        var byte: UInt8 = 0
        while true {
            let count = systemRead(0, &byte, 1)
            if count == 1 { return byte }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }

    private func readKey() -> Key? {
        guard let byte = readByte() else { return nil }
        switch byte {
        case 0x1B:
            guard let next = readByte(timeout: 50) else { return .control(0x1B) }
            switch next {
            case UInt8(ascii: "["), UInt8(ascii: "O"): return readEscapeSequence()
            case UInt8(ascii: "b"): return .altB
            case UInt8(ascii: "f"): return .altF
            case 0x7F: return .altBackspace
            default: return .other
            }
        case 0x00..<0x20, 0x7F:
            return .control(byte)
        default:
            // A character of UTF-8: its lead byte says how many follow.
            let count = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : byte >= 0xC0 ? 1 : 0
            var bytes = [byte]
            for _ in 0..<count {
                guard let next = readByte(timeout: 50) else { break }
                bytes.append(next)
            }
            guard let text = String(validating: bytes, as: UTF8.self) else { return .other }
            return .text(text)
        }
    }

    /// `ESC [` or `ESC O`, its parameters, its final byte.
    private func readEscapeSequence() -> Key {
        var parameters = ""
        while let byte = readByte(timeout: 50) {
            switch byte {
            case UInt8(ascii: "A"): return .up
            case UInt8(ascii: "B"): return .down
            case UInt8(ascii: "C"): return .right
            case UInt8(ascii: "D"): return .left
            case UInt8(ascii: "H"): return .home
            case UInt8(ascii: "F"): return .end
            case UInt8(ascii: "~"):
                switch parameters {
                case "1", "7": return .home
                case "4", "8": return .end
                case "3": return .delete
                default: return .other
                }
            case 0x30...0x3F: parameters.append(Character(UnicodeScalar(byte)))
            default: return .other
            }
        }
        return .other
    }

    // MARK: Drawing

    private func render() {
        let shownPrompt: String
        var cells: [String]
        var cursor: Int
        if let (query, match) = search {
            shownPrompt = (match == nil ? "(failing reverse-i-search)`" : "(reverse-i-search)`") + query + "': "
            let text = match.map { history.entries[$0].replacingOccurrences(of: "\n", with: " ") } ?? ""
            cells = text.map { TerminalText.escaped(String($0)) }
            cursor = 0
        } else {
            shownPrompt = prompt
            cells = editor.characters.map { TerminalText.escaped(String($0)) }
            cursor = editor.cursor
        }
        let promptWidth = TerminalText.width(shownPrompt)
        let available = max(10, Self.terminalWidth() - promptWidth - 1)
        // Scroll sideways so that the cursor stays in view.
        let widths = cells.map(TerminalText.width)
        if cursor < scroll { scroll = cursor }
        while scroll < cursor, widths[scroll..<cursor].reduce(0, +) >= available { scroll += 1 }
        var end = scroll
        var shownWidth = 0
        while end < cells.count, shownWidth + widths[end] <= available {
            shownWidth += widths[end]
            end += 1
        }
        let shown = cells[scroll..<end].joined()
        let beforeCursor = cells[scroll..<max(scroll, min(cursor, end))].joined()
        let clear = String(repeating: " ", count: max(0, renderedWidth - promptWidth - shownWidth))
        write("\r" + shownPrompt + shown + clear + "\r" + shownPrompt + beforeCursor)
        renderedWidth = promptWidth + shownWidth
    }

    private func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    static func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}

/// The terminal's raw mode for one line: no echo, no line buffering, no signals
/// from keys; the modes before are put back when the line is read, and by SIGTERM
/// or SIGHUP arriving meanwhile.
struct RawMode {
    nonisolated(unsafe) static var saved = termios()

    static func canEnter() -> Bool {
        var modes = termios()
        return tcgetattr(0, &modes) == 0
    }

    static func enter() -> RawMode? {
        var original = termios()
        guard tcgetattr(0, &original) == 0 else { return nil }
        saved = original
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        signal(SIGTERM, restoreAndDie)
        signal(SIGHUP, restoreAndDie)
        guard tcsetattr(0, TCSAFLUSH, &raw) == 0 else { return nil }
        return RawMode()
    }

    func leave() {
        tcsetattr(0, TCSAFLUSH, &Self.saved)
        signal(SIGTERM, SIG_DFL)
        signal(SIGHUP, SIG_DFL)
    }
}

/// Puts the terminal's modes back, then dies of the signal as it would have.
private func restoreAndDie(_ signalNumber: Int32) {
    tcsetattr(0, TCSANOW, &RawMode.saved)
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
