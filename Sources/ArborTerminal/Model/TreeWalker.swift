/// Walks the visible lines of a result tree (nodes whose ancestors are all
/// expanded) in drawing order. It touches only the nodes it passes, so moving
/// and drawing cost what is on screen, not what the result holds.
public struct TreeWalker {
    public let source: any ResultSource
    public let expanded: Set<NodePath>

    public init(source: any ResultSource, expanded: Set<NodePath>) {
        self.source = source
        self.expanded = expanded
    }

    /// Whether there is a node at `path`, from the counts when the source knows
    /// them: a row not fetched yet still has its line (drawn as loading).
    public func exists(_ path: NodePath) -> Bool {
        guard let last = path.steps.last, path.steps.allSatisfy({ $0 >= 0 }) else { return false }
        if let parent = path.parent {
            if let count = source.childCount(of: parent) { return last < count }
        } else if let count = source.rowCount {
            return last < count
        }
        return source.node(at: path) != nil
    }

    /// A node with children (or whose children are not counted yet).
    public func isExpandable(_ path: NodePath) -> Bool {
        guard let count = source.childCount(of: path) else { return exists(path) }
        return count > 0
    }

    public func isOpen(_ path: NodePath) -> Bool {
        expanded.contains(path) && isExpandable(path)
    }

    public func first() -> NodePath? {
        exists(NodePath([0])) ? NodePath([0]) : nil
    }

    /// The last visible line: the deepest open descendant of the last root row.
    public func last() -> NodePath? {
        guard let count = source.rowCount else {
            // Unknown length: walk to the end (a windowed source knows its count once at the end).
            var path = first()
            while let p = path, let n = next(p) { path = n }
            return path
        }
        guard count > 0 else { return nil }
        return lastVisible(under: NodePath([count - 1]))
    }

    public func next(_ path: NodePath) -> NodePath? {
        if isOpen(path), exists(path.child(0)) { return path.child(0) }
        var current = path
        while true {
            let sibling = current.sibling(1)
            if exists(sibling) { return sibling }
            guard let parent = current.parent else { return nil }
            current = parent
        }
    }

    public func previous(_ path: NodePath) -> NodePath? {
        guard let last = path.steps.last else { return nil }
        if last > 0 { return lastVisible(under: path.sibling(-1)) }
        return path.parent
    }

    func lastVisible(under path: NodePath) -> NodePath {
        var current = path
        while isOpen(current), let count = source.childCount(of: current), count > 0 {
            current = current.child(count - 1)
        }
        return current
    }

    /// Up to `count` visible lines starting at `top`.
    public func lines(from top: NodePath?, count: Int) -> [NodePath] {
        var lines: [NodePath] = []
        var path = top
        while let p = path, lines.count < count {
            lines.append(p)
            path = next(p)
        }
        return lines
    }

    /// `steps` lines down (negative: up) from `path`, stopping at either end.
    public func move(_ path: NodePath, by steps: Int) -> NodePath {
        var current = path
        if steps > 0 {
            for _ in 0..<steps {
                guard let n = next(current) else { break }
                current = n
            }
        } else {
            for _ in 0..<(-steps) {
                guard let p = previous(current) else { break }
                current = p
            }
        }
        return current
    }

    /// Every expandable node under `path` (itself included), at most `limit` of them.
    public func expandableDescendants(of path: NodePath, limit: Int = 10_000) -> [NodePath] {
        var found: [NodePath] = []
        var stack = [path]
        while let p = stack.popLast(), found.count < limit {
            guard let count = source.childCount(of: p), count > 0 else { continue }
            found.append(p)
            for i in (0..<count).reversed() { stack.append(p.child(i)) }
        }
        return found
    }
}
