/// The entries of the children pane for one node: each to-one child, and each
/// to-many child as a header followed by its rows. Built from counts only;
/// rows are read from the source when an entry is drawn.
public struct ChildListing {
    public struct Entry: Equatable, Sendable {
        public var path: NodePath
        /// 0 for a child of the node, 1 for a row of a to-many child.
        public var indent: Int
        /// The index of a link of the row (`RowLinks`), listed after its children;
        /// `path` is then the row's own.
        public var link: Int? = nil
    }

    /// A to-many child contributes 1 + its rows; anything else 1.
    struct Segment {
        var path: NodePath
        var rows: Int
        var isGroup: Bool
    }

    let segments: [Segment]
    public private(set) var count: Int
    /// The entries before the links.
    let childEntries: Int
    let node: NodePath

    public init(source: any ResultSource, node: NodePath, links: Int = 0) {
        var segments: [Segment] = []
        var isRowList = false
        let children = source.childCount(of: node) ?? 0
        if case .toMany? = source.node(at: node) {
            // A to-many node lists its rows directly.
            segments = [Segment(path: node, rows: children, isGroup: false)]
            isRowList = true
            count = children
        } else {
            var total = 0
            for i in 0..<children {
                let path = node.child(i)
                if case .toMany(_, _, let n, _)? = source.node(at: path) {
                    segments.append(Segment(path: path, rows: n ?? 0, isGroup: true))
                    total += 1 + (n ?? 0)
                } else {
                    segments.append(Segment(path: path, rows: 0, isGroup: false))
                    total += 1
                }
            }
            count = total
        }
        self.segments = segments
        self.isRowList = isRowList
        self.node = node
        childEntries = count
        count += links
    }

    /// Whether the node is a to-many child whose rows are listed without a header.
    let isRowList: Bool

    public func entry(at index: Int) -> Entry? {
        guard index >= 0, index < count else { return nil }
        if index >= childEntries { return Entry(path: node, indent: 0, link: index - childEntries) }
        if isRowList, let segment = segments.first { return Entry(path: segment.path.child(index), indent: 0) }
        var remaining = index
        for segment in segments {
            if segment.isGroup {
                if remaining == 0 { return Entry(path: segment.path, indent: 0) }
                if remaining <= segment.rows { return Entry(path: segment.path.child(remaining - 1), indent: 1) }
                remaining -= 1 + segment.rows
            } else {
                if remaining == 0 { return Entry(path: segment.path, indent: 0) }
                remaining -= 1
            }
        }
        return nil
    }
}
