/// The frame of a pane: a title row (`─ Title ─────── info ─`) and, for a pane
/// with another to its right, a `│` column. Returns the rectangle inside.
enum Panel {
    static func draw(
        into buffer: inout ScreenBuffer, rect: Rect, title: String, info: String = "", focused: Bool,
        separatorOnRight: Bool
    ) -> Rect {
        guard !rect.isEmpty else { return rect }
        let width = separatorOnRight ? rect.width - 1 : rect.width
        buffer.fill(Rect(x: rect.x, y: rect.y, width: width, height: 1), style: Theme.rule, character: "─")
        let titleText = " " + title + " "
        var used = 1
        // The information gives way before the title is cut.
        let fitsBoth = TextFit.width(titleText) + TextFit.width(info) + 5 <= width
        let infoText = info.isEmpty || !fitsBoth ? "" : " " + info + " "
        let infoWidth = TextFit.width(infoText)
        let titleRoom = max(0, width - 2 - (infoWidth > 0 ? infoWidth + 1 : 0))
        if titleRoom > 0 {
            used += buffer.put(
                spans: [Span(titleText, focused ? Theme.focusedTitle : Theme.title)], x: rect.x + 1, y: rect.y,
                maxWidth: titleRoom)
        }
        if infoWidth > 0, used + infoWidth + 1 <= width {
            buffer.put(infoText, x: rect.x + width - infoWidth - 1, y: rect.y, style: Theme.hint)
        }
        if separatorOnRight {
            for y in rect.y..<rect.maxY {
                buffer.put(y == rect.y ? "┬" : "│", x: rect.maxX - 1, y: y, style: Theme.rule)
            }
        }
        buffer.fill(Rect(x: rect.x, y: rect.y + 1, width: width, height: rect.height - 1))
        return Rect(x: rect.x, y: rect.y + 1, width: width, height: rect.height - 1)
    }

    /// Marks the selected row: reversed in the focused pane, underlined elsewhere.
    static func highlight(_ buffer: inout ScreenBuffer, row: Rect, focused: Bool) {
        buffer.restyle(row) { style in
            if focused { style.reverse = true } else { style.underline = true }
        }
    }
}
