/// The children pane, as in a file manager's Miller columns: a stack of nodes
/// walked into from the results pane, each level with its own selection.
public struct MillerState: Sendable, Equatable {
    public struct Level: Sendable, Equatable {
        public var node: NodePath
        public var selected = 0
        public var top = 0
    }

    public var levels: [Level]

    public init(node: NodePath) { levels = [Level(node: node)] }

    public var current: Level? { levels.last }

    public mutating func push(_ node: NodePath) { levels.append(Level(node: node)) }

    /// Walks into `node`, the cursor on its first entry marked `›`.
    public mutating func push(_ node: NodePath, source: any ResultSource, height: Int) {
        push(node)
        selectFirstWithChildren(source: source, height: height)
    }

    /// Puts the cursor of the current level on its first entry marked `›` (one
    /// with children to walk into, where → goes); leaves it on the first entry
    /// when none has any. Looks at a screenful of entries at most, so that a
    /// long list costs nothing more.
    public mutating func selectFirstWithChildren(source: any ResultSource, height: Int) {
        guard let level = current else { return }
        let listing = ChildListing(source: source, node: level.node)
        for index in 0..<min(listing.count, max(50, height)) {
            guard let entry = listing.entry(at: index) else { break }
            if (source.childCount(of: entry.path) ?? 0) > 0 {
                select(index, count: listing.count, height: height)
                return
            }
        }
    }

    /// Goes back a level; false when there is none left (the pane closes).
    public mutating func pop() -> Bool {
        _ = levels.popLast()
        return !levels.isEmpty
    }

    /// Moves the selection of the current level within `count` entries, `height` drawn.
    public mutating func move(by steps: Int, count: Int, height: Int) {
        guard var level = levels.last, count > 0 else { return }
        level.selected = min(max(0, level.selected + steps), count - 1)
        if level.selected < level.top { level.top = level.selected }
        if height > 0, level.selected >= level.top + height { level.top = level.selected - height + 1 }
        levels[levels.count - 1] = level
    }

    public mutating func select(_ index: Int, count: Int, height: Int) {
        guard let level = levels.last else { return }
        move(by: index - level.selected, count: count, height: height)
    }
}
