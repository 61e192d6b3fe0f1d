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

/// The text of `?`/F1: every key of `KeyTable`, then the interface's commands.
enum HelpText {
    /// `examples`: requests on the open database's own tables (`RequestExamples`).
    static func lines(examples: [String]) -> [String] {
        let width = KeyTable.sections.flatMap(\.entries).map(\.keys.count).max() ?? 0
        var lines =
            examples.isEmpty
            ? ["Type a GRDB request and press ↵ (this database has no tables)"]
            : ["Type a GRDB request and press ↵, for example:"] + examples.map { "  " + $0 }
        for section in KeyTable.sections {
            lines += ["", section.title]
            lines += section.entries.map { entry in
                "  " + entry.keys + String(repeating: " ", count: width - entry.keys.count) + "  " + entry.action
            }
        }
        return lines + [
            "",
            "Commands",
            "  :help · :tables · :schema T · :associations T · :graph [T] · :load FILE",
            "  :copy FILE   write the last copied text (or every SQL statement) to FILE",
            "  :watch       run the request on screen again after each commit by another process; again to stop",
            "  :format table or :format tree   the results as a table or as a tree (t in the results)",
            "  :quit or :q  leave",
        ]
    }

    static func overlay(examples: [String]) -> Overlay {
        Overlay(
            title: "Help",
            lines: lines(examples: examples).map { line in
                line.hasPrefix(" ") || line.isEmpty ? [Span(line)] : [Span(line, .bold)]
            })
    }
}
