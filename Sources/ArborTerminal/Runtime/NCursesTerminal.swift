import CNCursesW
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The one adapter between the interface and ncurses: it sets the terminal
/// up and restores it, writes the cells that changed since the last frame,
/// and turns key presses, mouse events and resizes into messages. No other
/// file calls ncurses.
final class NCursesTerminal {
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    private let screen: OpaquePointer
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private var previous: ScreenBuffer?
    private let usesColor: Bool
    private var pairs: [Int: Int16] = [:]
    private var isEnded = false

    /// Starts curses on the controlling terminal (standard input and output);
    /// a resize writes a byte to `wakeDescriptor`.
    init(colors: Bool, wakeDescriptor: Int32) throws {
        setlocale(LC_ALL, "")
        guard let output = fdopen(1, "w"), let input = fdopen(0, "r") else {
            throw StartError(description: "cannot open the terminal")
        }
        // newterm, unlike initscr, returns nil instead of exiting on an unknown terminal.
        guard let screen = newterm(nil, output, input) else {
            fclose(output)
            fclose(input)
            throw StartError(
                description:
                    "cannot start the terminal interface (TERM=\(ProcessInfo.processInfo.environment["TERM"] ?? ""))")
        }
        self.screen = screen
        self.output = output
        self.input = input
        _ = set_term(screen)
        // Raw mode: Ctrl-C and Ctrl-Z arrive as keys, so that Ctrl-C cancels and never kills.
        raw()
        noecho()
        nonl()
        _ = keypad(arbor_stdscr(), true)
        _ = nodelay(arbor_stdscr(), true)
        // A lone Escape is told from a key's escape sequence by waiting this long for more.
        // `newterm` has already read `ESCDELAY`, as in every ncurses program: it is kept.
        if let delay = Self.defaultEscapeDelay(ProcessInfo.processInfo.environment["ESCDELAY"]) {
            set_escdelay(delay)
        }
        _ = mousemask(arbor_mouse_mask(), nil)
        // Presses are reported at once instead of being held back to detect double clicks.
        _ = mouseinterval(0)
        usesColor = colors && has_colors()
        if usesColor {
            start_color()
            use_default_colors()
        }
        arbor_install_fatal_handlers()
        arbor_watch_resize(wakeDescriptor)
        // Bracketed paste: the terminal wraps a paste in ESC[200~ … ESC[201~, which
        // curses reports as these two keys, so that a paste is text, not keys.
        _ = define_key("\u{1b}[200~", Self.pasteStart)
        _ = define_key("\u{1b}[201~", Self.pasteEnd)
        setBracketedPaste(true)
    }

    /// arbor's escape delay in milliseconds, 25 (ncurses' is 1 s), set only when `ESCDELAY`
    /// is not: ncurses reads that one itself.
    static func defaultEscapeDelay(_ environmentValue: String?) -> Int32? {
        environmentValue == nil ? 25 : nil
    }

    /// Key codes of the paste brackets, past curses' own (`KEY_MAX`).
    static let pasteStart: Int32 = 0o1001
    static let pasteEnd: Int32 = 0o1002

    /// Asks the terminal to bracket pastes (`ESC[?2004h`), or to stop (`ESC[?2004l`).
    func setBracketedPaste(_ on: Bool) {
        writeRaw(Array((on ? "\u{1b}[?2004h" : "\u{1b}[?2004l").utf8))
    }

    deinit { end() }

    var size: (width: Int, height: Int) {
        (Int(arbor_cols()), Int(arbor_lines()))
    }

    /// Restores the terminal; safe to call more than once.
    func end() {
        guard !isEnded else { return }
        isEnded = true
        setBracketedPaste(false)
        _ = curs_set(1)
        endwin()
        delscreen(screen)
        fflush(output)
    }

    // MARK: Drawing

    /// Writes the cells that changed since the previous frame, then places the cursor.
    func draw(_ frame: Frame) {
        let window = arbor_stdscr()
        for run in BufferDiff.runs(from: previous, to: frame.buffer) {
            var x = run.x
            var current: Style?
            var positioned = false
            for cell in run.cells {
                defer { x += 1 }
                if cell.isContinuation { continue }
                if cell.style != current {
                    apply(cell.style, to: window)
                    current = cell.style
                }
                // Move before any non-ASCII cell, so that a width that curses
                // reckons differently can not shift the rest of the line.
                let ascii = cell.text.utf8.count == 1
                if !positioned || !ascii {
                    wmove(window, Int32(run.y), Int32(x))
                    positioned = ascii
                }
                var characters =
                    CursesCellText.scalars(cell.text, width: Int(cell.width)) {
                        Int(arbor_wcwidth($0.value))
                    }.map { wchar_t(bitPattern: $0.value) } + [0]
                waddnwstr(window, &characters, -1)
                if !ascii { positioned = false }
            }
        }
        previous = frame.buffer
        if let x = frame.cursorX, let y = frame.cursorY {
            _ = curs_set(1)
            wmove(window, Int32(y), Int32(x))
        } else {
            _ = curs_set(0)
        }
        wrefresh(window)
    }

    private func apply(_ style: Style, to window: UnsafeMutablePointer<WINDOW>?) {
        var attributes = arbor_a_normal()
        if style.bold { attributes |= arbor_a_bold() }
        if style.dim { attributes |= arbor_a_dim() }
        if style.underline { attributes |= arbor_a_underline() }
        if style.reverse { attributes |= arbor_a_reverse() }
        wattr_set(window, attributes, pair(style), nil)
    }

    /// The colour pair of a style's colours, made on first use.
    private func pair(_ style: Style) -> Int16 {
        guard usesColor, style.foreground != nil || style.background != nil else { return 0 }
        let foreground = style.foreground.map { Int16($0.rawValue) } ?? -1
        let background = style.background.map { Int16($0.rawValue) } ?? -1
        let key = Int(foreground + 1) * 16 + Int(background + 1)
        if let pair = pairs[key] { return pair }
        let next = Int16(pairs.count + 1)
        guard Int32(next) < arbor_color_pairs() else { return 0 }
        init_pair(next, foreground, background)
        pairs[key] = next
        return next
    }

    /// Forgets what is on screen: the next frame is written whole.
    func invalidate() {
        previous = nil
        clearok(arbor_stdscr(), true)
    }

    /// Writes bytes straight to the terminal, between frames (OSC 52).
    func writeRaw(_ bytes: [UInt8]) {
        fflush(output)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(1, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    // MARK: Suspending (Ctrl-Z)

    /// Gives the terminal back and stops the process; draws again after `fg`.
    func suspend() {
        def_prog_mode()
        setBracketedPaste(false)
        endwin()
        let old = signal(SIGTSTP, SIG_DFL)
        kill(getpid(), SIGTSTP)
        // Here the process is stopped until SIGCONT.
        signal(SIGTSTP, old)
        reset_prog_mode()
        setBracketedPaste(true)
        invalidate()
    }

    // MARK: Input

    /// Waits up to `timeout` milliseconds for a key or for `wakeDescriptor`
    /// to become readable, then returns every event that is waiting.
    func events(timeout: Int32, wakeDescriptor: Int32) -> [Message] {
        var descriptors = [
            pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&descriptors, 2, timeout)
        // The terminal went away (its window closed without a SIGHUP reaching us): leave
        // rather than spin on a descriptor that is always ready.
        if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            return [.terminate(signal: SIGHUP)]
        }
        var messages: [Message] = []
        // SIGWINCH interrupts poll (or lands on another thread): curses reports it as KEY_RESIZE.
        while let message = nextEvent() { messages.append(message) }
        return messages
    }

    private func nextEvent() -> Message? {
        var character: wint_t = 0
        let status = wget_wch(arbor_stdscr(), &character)
        if status == KEY_CODE_YES {
            let code = Int32(truncatingIfNeeded: character)
            if code == Self.pasteStart { return .paste(readPaste()) }
            return functionKey(code)
        }
        guard status == OK else { return nil }
        if character == 27 {
            // Escape followed at once by a character is Alt with that character.
            var next: wint_t = 0
            let nextStatus = wget_wch(arbor_stdscr(), &next)
            if nextStatus == OK, let scalar = Unicode.Scalar(UInt32(next)), next >= 32 {
                return .key(.alt(Character(scalar)))
            }
            // Anything else is a key of its own, read next time.
            if nextStatus == OK || nextStatus == KEY_CODE_YES { unget_wch(wchar_t(bitPattern: UInt32(next))) }
            return .key(.escape)
        }
        return .key(Self.key(forCharacter: UInt32(character)))
    }

    /// The text of a paste, up to its closing bracket: characters as they are, a
    /// carriage return as a new line, keys curses decoded (an arrow's sequence
    /// inside the paste) dropped. Waits a little for the rest of a long paste.
    private func readPaste() -> String {
        var text = ""
        while true {
            var character: wint_t = 0
            let status = wget_wch(arbor_stdscr(), &character)
            if status == KEY_CODE_YES {
                if Int32(truncatingIfNeeded: character) == Self.pasteEnd { break }
                continue
            }
            if status == OK {
                guard let scalar = Unicode.Scalar(UInt32(character)) else { continue }
                text.unicodeScalars.append(scalar == "\r" ? "\n" : scalar)
                continue
            }
            // Nothing waiting: the rest of the paste is on its way, or it was cut.
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 500) <= 0 { break }
        }
        return text
    }

    static func key(forCharacter code: UInt32) -> Key {
        switch code {
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 1...26:
            return .control(Character(Unicode.Scalar(UInt8(code + 96))))
        case 0..<32: return .escape
        default:
            guard let scalar = Unicode.Scalar(code) else { return .escape }
            return .character(Character(scalar))
        }
    }

    private func functionKey(_ code: Int32) -> Message? {
        switch code {
        case KEY_RESIZE:
            previous = nil
            let (width, height) = size
            return .resize(width: width, height: height)
        case KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            let state = event.bstate
            let kind: MouseEvent.Kind
            if arbor_mouse_is_wheel_up(state) != 0 {
                kind = .wheelUp
            } else if arbor_mouse_is_wheel_down(state) != 0 {
                kind = .wheelDown
            } else if arbor_mouse_is_double_click(state) != 0 {
                kind = .doubleClick
            } else if arbor_mouse_is_click(state) != 0 {
                kind = .click
            } else {
                return nil
            }
            return .mouse(MouseEvent(kind, x: Int(event.x), y: Int(event.y)))
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_DC: return .key(.delete)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_BTAB: return .key(.backTab)
        case KEY_ENTER: return .key(.enter)
        case (KEY_F0 + 1)...(KEY_F0 + 12): return .key(.function(Int(code - KEY_F0)))
        default: return nil
        }
    }
}
