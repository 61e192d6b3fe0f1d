import ArborCore

/// Where the results pane reads rows from. The pane never assumes the whole
/// result is in memory: it asks for the root rows it is about to draw and for
/// the children of the nodes it opens, so that a source can fetch a window at a
/// time (issue 5) behind the same interface.
public protocol ResultSource: Sendable {
    /// The table of the root rows.
    var table: String { get }
    /// The number of root rows, when known.
    var rowCount: Int? { get }
    /// The root rows of `range` (fewer at the end of the result).
    func rows(in range: Range<Int>) -> [ResultRow]
    /// The node at `path`, nil when there is none.
    func node(at path: NodePath) -> ResultNode?
    /// How many children the node at `path` has, when known.
    func childCount(of path: NodePath) -> Int?
    /// The rows to fetch for the cut to-many child at `path` (an effect fetches
    /// them off the UI thread); nil when there is nothing more to fetch there.
    func moreRows(at path: NodePath) -> MoreRows?
}

extension ResultSource {
    /// Sources that hold whole results have nothing more to fetch.
    public func moreRows(at path: NodePath) -> MoreRows? { nil }
}

/// A node of the result tree: a row, a to-one child (a row or nil), or a
/// to-many child (a group of rows).
public enum ResultNode: Sendable {
    case row(table: String, ResultRow)
    case toOne(key: String, table: String, ResultRow?)
    /// `count` rows are here; `total`, when larger, is how many the child has in all.
    case toMany(key: String, table: String, count: Int?, total: Int? = nil)

    /// A to-many child of which only the first rows are here.
    public var isTruncated: Bool {
        if case .toMany(_, _, let count?, let total?) = self { return total > count }
        return false
    }

    /// The row this node shows, if it shows one.
    public var row: ResultRow? {
        switch self {
        case .row(_, let row): row
        case .toOne(_, _, let row): row
        case .toMany: nil
        }
    }
}

/// The position of a node: the root row's index, then for each level the index
/// of a child (of a row) or of a row (of a to-many child). Lexicographic order
/// of paths is the order in which the tree is drawn.
public struct NodePath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var steps: [Int]

    public init(_ steps: [Int]) { self.steps = steps }

    public var depth: Int { steps.count - 1 }
    public var parent: NodePath? { steps.count > 1 ? NodePath(Array(steps.dropLast())) : nil }
    public func child(_ index: Int) -> NodePath { NodePath(steps + [index]) }

    /// The path with its last step moved by `offset`.
    public func sibling(_ offset: Int) -> NodePath {
        guard let last = steps.last else { return self }
        return NodePath(steps.dropLast() + [last + offset])
    }

    /// Whether `self` is `other` or lies under it.
    public func isWithin(_ other: NodePath) -> Bool {
        steps.count >= other.steps.count && Array(steps.prefix(other.steps.count)) == other.steps
    }

    public static func < (a: NodePath, b: NodePath) -> Bool {
        a.steps.lexicographicallyPrecedes(b.steps)
    }

    public var description: String { steps.map(String.init).joined(separator: ".") }
}
