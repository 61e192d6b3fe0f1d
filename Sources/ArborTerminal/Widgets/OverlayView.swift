import ArborLanguage

/// Help, a row's full values or a command's output, over the panes; long
/// lines wrap.
enum OverlayView {
    static func draw(_ overlay: Overlay, into buffer: inout ScreenBuffer, rect: Rect) {
        let inner = Panel.draw(
            into: &buffer, rect: rect, title: overlay.title, info: "y/Y copy · Esc close", focused: true,
            separatorOnRight: false)
        let lines = numberedLines(overlay, width: inner.width - 1)
        // The block `y` copies is marked in the margin.
        let block = overlay.blocks.count > 1 ? overlay.selectedBlock(width: inner.width - 1) : nil
        for row in 0..<inner.height {
            let index = overlay.top + row
            guard lines.indices.contains(index) else { break }
            buffer.put(spans: lines[index].spans, x: inner.x + 1, y: inner.y + row, maxWidth: inner.width - 1)
            if let block, block.contains(lines[index].source) {
                buffer.put("▌", x: inner.x, y: inner.y + row, maxWidth: 1, style: Theme.marker)
            }
        }
    }

    static func wrapped(_ overlay: Overlay, width: Int) -> [[Span]] {
        numberedLines(overlay, width: width).map(\.spans)
    }

    /// The wrapped lines, each with the index of the line it comes from.
    static func numberedLines(_ overlay: Overlay, width: Int) -> [(spans: [Span], source: Int)] {
        overlay.lines.enumerated().flatMap { index, line in
            (overlay.wrapsWords ? SpanWrap.wrapWords(line, width: width) : SpanWrap.wrap(line, width: width))
                .map { (spans: $0, source: index) }
        }
    }

    /// The line that wrapped line `wrapped` comes from.
    static func sourceLine(atWrapped wrapped: Int, of overlay: Overlay, width: Int) -> Int {
        let lines = numberedLines(overlay, width: width)
        guard !lines.isEmpty else { return 0 }
        return lines[max(0, min(wrapped, lines.count - 1))].source
    }

    /// The first wrapped line of line `line`.
    static func wrappedIndex(ofLine line: Int, in overlay: Overlay, width: Int) -> Int {
        numberedLines(overlay, width: width).firstIndex { $0.source >= line } ?? 0
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
        return lines + ["", "Commands"] + CommandTable.helpLines(terminal: true)
    }

    static func overlay(examples: [String]) -> Overlay {
        Overlay(
            title: "Help",
            lines: lines(examples: examples).map { line in
                line.hasPrefix(" ") || line.isEmpty ? [Span(line)] : [Span(line, .bold)]
            })
    }
}
