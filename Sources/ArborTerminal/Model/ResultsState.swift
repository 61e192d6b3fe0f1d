/// How the results pane shows rows: the tree (the default) or a table.
public enum ResultsFormat: String, Sendable, Equatable {
    case tree, table
}

/// The results pane: a result source, which nodes are open, the selected line
/// and the first line drawn. The table view walks the same source, root rows
/// only: its selection is a root row's path, so copying, details and the
/// children pane work the same in both.
public struct ResultsState: Sendable {
    public var source: any ResultSource
    /// The request that produced the rows, shown in the pane's title.
    public var title: String
    public var expanded: Set<NodePath> = []
    public var selected: NodePath?
    public var top: NodePath?
    public private(set) var format = ResultsFormat.tree
    /// The table view's columns, made when it is first shown.
    public var table: TableLayout?

    public init(source: any ResultSource, title: String, format: ResultsFormat = .tree) {
        self.source = source
        self.title = title
        let first = TreeWalker(source: source, expanded: []).first()
        selected = first
        top = first
        setFormat(format)
    }

    /// In the table view only root rows are lines.
    public var walker: TreeWalker { TreeWalker(source: source, expanded: format == .table ? [] : expanded) }

    /// Switches between the tree and the table, on the same root row.
    public mutating func setFormat(_ format: ResultsFormat) {
        self.format = format
        guard format == .table else { return }
        if let row = selected?.steps.first { selected = NodePath([row]) }
        if let row = top?.steps.first { top = NodePath([row]) }
        if table?.columns.isEmpty ?? true { table = TableLayout.of(source) }
    }

    /// A window came in: a result shown before its first window (evicted from the
    /// cache, or not read yet) gets its first line selected and its table's columns.
    public mutating func rowsArrived() {
        if selected == nil, let first = walker.first() {
            selected = first
            top = first
        }
        if format == .table, table?.columns.isEmpty ?? true { table = TableLayout.of(source) }
    }

    /// Moves the selection `steps` lines and keeps it within `height` lines of the top.
    public mutating func move(by steps: Int, height: Int) {
        guard let selected else { return }
        self.selected = walker.move(selected, by: steps)
        scrollIntoView(height: height)
    }

    public mutating func selectFirst(height: Int) {
        selected = walker.first()
        top = selected
    }

    public mutating func selectLast(height: Int) {
        selected = walker.last()
        scrollIntoView(height: height)
    }

    /// Opens or closes the selected node.
    public mutating func toggle(height: Int) {
        guard let selected, walker.isExpandable(selected) else { return }
        if expanded.contains(selected) {
            collapse(selected)
        } else {
            expanded.insert(selected)
            // A row opens with its children's groups open, so its rows show at once.
            if case .row? = source.node(at: selected) {
                for i in 0..<(source.childCount(of: selected) ?? 0) {
                    let child = selected.child(i)
                    if case .toMany? = source.node(at: child) { expanded.insert(child) }
                }
            }
        }
        scrollIntoView(height: height)
    }

    /// `←`: closes the selected node, or goes to its parent when it is closed.
    public mutating func collapseOrParent(height: Int) {
        guard let selected else { return }
        if walker.isOpen(selected) {
            collapse(selected)
        } else if let parent = selected.parent {
            self.selected = parent
        }
        scrollIntoView(height: height)
    }

    /// `e`: opens every node under the selection.
    public mutating func expandAll(height: Int) {
        guard let selected else { return }
        expanded.formUnion(walker.expandableDescendants(of: selected))
        scrollIntoView(height: height)
    }

    /// `c`: closes every node under the selection.
    public mutating func collapseAll(height: Int) {
        guard let selected else { return }
        collapse(selected)
        scrollIntoView(height: height)
    }

    /// Closes `path` and everything under it; a selection or top line inside moves to it.
    mutating func collapse(_ path: NodePath) {
        expanded = expanded.filter { !$0.isWithin(path) }
        if let selected, selected.isWithin(path) { self.selected = path }
        if let top, top.isWithin(path) { self.top = path }
    }

    /// Scrolls so that the selection is one of the `height` lines drawn.
    public mutating func scrollIntoView(height: Int) {
        guard let selected, height > 0 else { return }
        guard let top, top <= selected else {
            self.top = selected
            return
        }
        let walker = self.walker
        var line = top
        for _ in 0..<(height - 1) {
            if line == selected { return }
            guard let next = walker.next(line) else { break }
            line = next
        }
        if line == selected { return }
        self.top = walker.move(selected, by: -(height - 1))
    }

    /// How many lines the selection is below the top line (0: it is the top line),
    /// nil when it is not among the `height` lines drawn.
    public func selectionOffset(height: Int) -> Int? {
        guard let selected, top != nil else { return nil }
        let lines = visibleLines(height: height)
        return lines.firstIndex(of: selected)
    }

    /// Whether the top line is the first line of the result.
    public var isAtStart: Bool {
        guard let top else { return true }
        return walker.previous(top) == nil
    }

    /// After the rows changed under the view (`:watch`): a view that began at the
    /// first line still does, so rows that sort first show; otherwise the selection
    /// stays `offset` lines below the top. Then the pane is filled: no empty lines
    /// below the last row while rows are hidden above.
    public mutating func placeTop(offset: Int?, atStart: Bool, height: Int) {
        guard height > 0 else { return }
        let walker = self.walker
        if atStart {
            top = walker.first()
        } else if let selected, let offset {
            top = walker.move(selected, by: -offset)
        }
        scrollIntoView(height: height)
        // Only a counted result is filled: finding the end of another would read it all.
        guard let top, source.rowCount != nil, let last = walker.last() else { return }
        let shown = walker.lines(from: top, count: height).count
        if shown < height, walker.previous(top) != nil {
            let filled = walker.move(last, by: -(height - 1))
            if filled < top { self.top = filled }
        }
    }

    /// The lines to draw in a pane `height` rows high.
    public func visibleLines(height: Int) -> [NodePath] {
        walker.lines(from: top, count: height)
    }
}
