/// The children pane: the children of the node walked into, one level, with
/// a breadcrumb of the way there as its title.
enum ChildrenView {
    static func draw(
        _ miller: MillerState, source: any ResultSource, into buffer: inout ScreenBuffer, rect: Rect, focused: Bool
    ) {
        let crumbs = miller.levels.compactMap { source.node(at: $0.node).map(RowText.crumb) }
        let inner = Panel.draw(
            into: &buffer, rect: rect, title: crumbs.joined(separator: " › "), info: "← back",
            focused: focused, separatorOnRight: false)
        guard let level = miller.current else { return }
        let listing = ChildListing(source: source, node: level.node)
        if listing.count == 0 {
            buffer.put("no children", x: inner.x + 1, y: inner.y, maxWidth: inner.width - 1, style: Theme.hint)
            return
        }
        for row in 0..<inner.height {
            let index = level.top + row
            guard let entry = listing.entry(at: index), let node = source.node(at: entry.path) else { break }
            let hasChildren = (source.childCount(of: entry.path) ?? 0) > 0
            let spans =
                [Span(String(repeating: "  ", count: entry.indent)), Span(hasChildren ? "› " : "  ", Theme.marker)]
                + RowText.spans(node, width: inner.width - entry.indent * 2 - 2, inline: !hasChildren)
            buffer.put(spans: spans, x: inner.x, y: inner.y + row, maxWidth: inner.width)
            if index == level.selected {
                Panel.highlight(
                    &buffer, row: Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1), focused: focused)
            }
        }
    }
}
