/// The children pane: the children of the node walked into, one level, with
/// a breadcrumb of the way there as its title.
enum ChildrenView {
    static func draw(
        _ miller: MillerState, source: any ResultSource, links: RowLinks? = nil, into buffer: inout ScreenBuffer,
        rect: Rect, focused: Bool
    ) {
        let crumbs = miller.levels.compactMap { source.node(at: $0.node).map(RowText.crumb) }
        let inner = Panel.draw(
            into: &buffer, rect: rect, title: crumbs.joined(separator: " › "), info: "← back",
            focused: focused, separatorOnRight: false)
        guard let level = miller.current else { return }
        let shown = links?.node == level.node ? links : nil
        let listing = ChildListing(source: source, node: level.node, links: shown?.links.count ?? 0)
        if listing.count == 0 {
            buffer.put("no children", x: inner.x + 1, y: inner.y, maxWidth: inner.width - 1, style: Theme.hint)
            return
        }
        for row in 0..<inner.height {
            let index = level.top + row
            guard let entry = listing.entry(at: index), let node = source.node(at: entry.path) else { break }
            let hasChildren = (source.childCount(of: entry.path) ?? 0) > 0
            let spans: [Span]
            if let i = entry.link, let link = shown?.links[i] {
                // `→ Book.author  1` forward, `← Book.author  3` backward, `⇢ Book.tags  2`
                // through; dimmed when the row's key is NULL (`→ Track.genre  NULL`).
                spans = [
                    Span(link.marker + " ", link.isNullKey ? Theme.hint : Theme.marker),
                    Span(link.label, link.isNullKey ? Theme.hint : .plain),
                    Span("  " + RowLinks.countText(link), link.isNullKey ? Theme.null : Theme.hint),
                ]
            } else {
                spans =
                    [Span(String(repeating: "  ", count: entry.indent)), Span(hasChildren ? "› " : "  ", Theme.marker)]
                    + RowText.spans(node, width: inner.width - entry.indent * 2 - 2, inline: !hasChildren)
            }
            buffer.put(spans: spans, x: inner.x, y: inner.y + row, maxWidth: inner.width)
            if index == level.selected {
                Panel.highlight(
                    &buffer, row: Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1), focused: focused)
            }
        }
    }
}
