/// Help, a row's full values or a command's output, over the panes; long
/// lines wrap.
enum OverlayView {
    static func draw(_ overlay: Overlay, into buffer: inout ScreenBuffer, rect: Rect) {
        let inner = Panel.draw(
            into: &buffer, rect: rect, title: overlay.title, info: "Esc close", focused: true, separatorOnRight: false)
        let lines = wrapped(overlay, width: inner.width - 1)
        for row in 0..<inner.height {
            let index = overlay.top + row
            guard lines.indices.contains(index) else { break }
            buffer.put(spans: lines[index], x: inner.x + 1, y: inner.y + row, maxWidth: inner.width - 1)
        }
    }

    static func wrapped(_ overlay: Overlay, width: Int) -> [[Span]] {
        overlay.lines.flatMap {
            overlay.wrapsWords ? SpanWrap.wrapWords($0, width: width) : SpanWrap.wrap($0, width: width)
        }
    }
}

/// The text of `?`/F1.
enum HelpText {
    static let lines: [String] = [
        "Type a GRDB request and press ↵:  Author.including(all: Author.books)",
        "",
        "Input line",
        "  ↵ run: the request stays, selected (typing replaces it, → or End edits it) and the focus stays here",
        "  Esc, or Tab on the request just run, walks the result · PgUp/PgDn scroll it from here",
        "  Tab complete · ↑/↓ history · ^R search history",
        "  ^A/^E start/end · ^B/^F or ←/→ · Alt-B/Alt-F words · ^K/^U/^W kill · ^Y yank · ^D quit on an empty line",
        "",
        "Panes (Tab / Shift-Tab cycle, q or Esc back to the input, i edit the last request;",
        "       any other letter starts typing in the input)",
        "  ↑/↓ or j/k · PgUp/PgDn · g/G first/last · mouse: click selects, click ▸ toggles, wheel scrolls",
        "  Results:  ␣ or ↵ open/close · → or l open the children pane · ← or h close/parent",
        "            e/c open/close all under the cursor · v detail of the full values",
        "            / find text in the open lines · n find the next",
        "  Children: → or l go into a row's children · ← or h back",
        "  Schema:   ␣ open a table · ↵ insert the name (table, column or association) into the input",
        "  SQL:      the app's statements for the request as typed (main, prefetch KEY), then every",
        "            statement that ran (window 1, window 1 · count books, more books of author 7 …)",
        "            ↵ or v the full statement, a clause a line",
        "",
        "Everywhere",
        "  y copy the selected SQL statement · Y the app's statements · R every statement that ran",
        "  J the selected row as JSON",
        "  ^C cancel a running request (never quits) · ^Z suspend · ^L redraw · F1 or ? help",
        "",
        "Commands",
        "  :help · :tables · :schema T · :associations T · :load FILE",
        "  :copy FILE   write the last copied text (or the app's statements) to FILE",
        "  :quit or :q  leave",
    ]

    static var overlay: Overlay {
        Overlay(
            title: "Help",
            lines: lines.map { line in
                line.hasPrefix(" ") || line.isEmpty ? [Span(line)] : [Span(line, .bold)]
            })
    }
}
