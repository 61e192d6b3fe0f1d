import GRDB

/// One result row: its base columns (GRDB's `grdb_` bookkeeping columns removed)
/// and its included children, in the order the request included them.
///
/// The column names are one array shared by every row of a level (a copy-on-write
/// array costs a retain per row), so a million rows do not hold a million copies.
public struct ResultRow: Sendable {
    public var names: [String]
    public var values: [DatabaseValue]
    public var children: [ResultChild]
    /// The full size in bytes of each value kept only as its first bytes (by column
    /// index; see `ValueCut`). Empty for rows read whole.
    public var cutSizes: [Int: Int]
    /// How many of the base columns, the last ones, are the request's annotations
    /// (`annotated(with:)`…): views show them first.
    public var annotationCount: Int

    public init(
        names: [String], values: [DatabaseValue], children: [ResultChild], cutSizes: [Int: Int] = [:],
        annotationCount: Int = 0
    ) {
        self.names = names
        self.values = values
        self.children = children
        self.cutSizes = cutSizes
        self.annotationCount = annotationCount
    }

    public init(columns: [(name: String, value: DatabaseValue)], children: [ResultChild]) {
        self.init(names: columns.map(\.name), values: columns.map(\.value), children: children)
    }

    /// The base columns as (name, value) pairs.
    public var columns: [(name: String, value: DatabaseValue)] {
        zip(names, values).map { (name: $0, value: $1) }
    }

    /// The indexes of the annotation columns (the last `annotationCount`).
    public var annotationIndexes: Range<Int> {
        let count = min(max(0, annotationCount), values.count)
        return (values.count - count)..<values.count
    }
}

public struct ResultChild: Sendable {
    public enum Value: Sendable {
        /// `nil` when the joined row is missing (all its values NULL).
        case toOne(ResultRow?)
        case toMany([ResultRow])
    }
    public var key: String
    public var table: String
    public var value: Value
    /// For a to-many child cut to its first rows: how many rows it has in all.
    public var totalCount: Int?

    public init(key: String, table: String, value: Value, totalCount: Int? = nil) {
        self.key = key
        self.table = table
        self.value = value
        self.totalCount = totalCount
    }

    /// True when only the first rows of a to-many child are here.
    public var isTruncated: Bool {
        guard let totalCount, case .toMany(let rows) = value else { return false }
        return rows.count < totalCount
    }
}

/// Builds result rows from GRDB rows, reading scopes and prefetched rows by the
/// keys the plan declared at each level (GRDB's own lookup searches the whole
/// subtree, which would show a nested prefetch twice).
public final class ResultTreeBuilder: @unchecked Sendable {
    public let tree: IncludeTree
    /// When set, texts and blobs longer than this many bytes are kept as their
    /// first bytes and their size (`ValueCut`): for views, never for data formats.
    public let valueLimit: Int?
    /// The visible columns of each level, learned from its first row: every row of
    /// a level comes from the same statement, so they share one layout.
    private let rootLayout = LayoutBox()

    final class LayoutBox {
        var layout: Layout?
        var added: AddedColumns = .none
    }

    /// The `grdb_` columns GRDB appends to the rows it prefetches, to group them: the
    /// last `count`, or every trailing `grdb_` column when the plan does not say how
    /// many. Other rows show all their columns, a table's own `grdb_x` included.
    enum AddedColumns {
        case none
        case count(Int)
        case trailing
    }

    struct Layout {
        var names: [String]
        var indexes: [Int]
        /// True when no column is hidden, so values can be read in one pass.
        var isIdentity: Bool
        var annotationCount: Int
    }

    /// With the `schema`, annotations that select every column of a table are known too.
    public init(plan: RequestPlan, valueLimit: Int? = nil, schema: SchemaGraph? = nil) {
        self.tree = IncludeTree(operations: plan.levelOperations, table: plan.table, schema: schema)
        self.valueLimit = valueLimit
    }

    public func row(_ row: Row) -> ResultRow {
        build(row, tree, rootLayout)
    }

    private func layout(of row: Row, in box: LayoutBox, annotations: Int?) -> Layout {
        if let layout = box.layout, layout.indexes.count <= row.count { return layout }
        var names = Array(row.columnNames)
        switch box.added {
        case .none: break
        case .count(let n): names.removeLast(min(n, names.count))
        case .trailing: while names.last?.hasPrefix("grdb_") == true { names.removeLast() }
        }
        let indexes = Array(names.indices)
        let layout = Layout(
            names: names, indexes: indexes, isIdentity: indexes.count == row.count,
            annotationCount: min(annotations ?? 0, names.count))
        box.layout = layout
        return layout
    }

    private func build(_ row: Row, _ tree: IncludeTree, _ box: LayoutBox) -> ResultRow {
        let layout = layout(of: row, in: box, annotations: tree.annotationColumns)
        var values: [DatabaseValue] =
            layout.isIdentity ? Array(row.databaseValues) : layout.indexes.map { row[$0] as DatabaseValue }
        var cutSizes: [Int: Int] = [:]
        if let valueLimit {
            for i in values.indices {
                guard let (kept, size) = ValueCut.cut(values[i], limit: valueLimit) else { continue }
                values[i] = kept
                cutSizes[i] = size
            }
        }
        guard !tree.children.isEmpty else {
            return ResultRow(
                names: layout.names, values: values, children: [], cutSizes: cutSizes,
                annotationCount: layout.annotationCount)
        }
        var children: [ResultChild] = []
        children.reserveCapacity(tree.children.count)
        for child in tree.children {
            let childBox = self.box(for: child)
            switch child.kind {
            case .toOne(let path):
                var scoped: Row? = row
                for name in path { scoped = scoped?.scopes[name] }
                let value = scoped.flatMap { $0.containsNonNullValue ? build($0, child.tree, childBox) : nil }
                children.append(ResultChild(key: child.key, table: child.table, value: .toOne(value)))
            case .toMany:
                let rows = row.prefetchedRows[child.key] ?? []
                children.append(
                    ResultChild(
                        key: child.key, table: child.table, value: .toMany(rows.map { build($0, child.tree, childBox) })
                    ))
            }
        }
        return ResultRow(
            names: layout.names, values: values, children: children, cutSizes: cutSizes,
            annotationCount: layout.annotationCount)
    }

    private var boxes: [IncludeTree.Child: LayoutBox] = [:]

    private func box(for child: IncludeTree.Child) -> LayoutBox {
        if let box = boxes[child] { return box }
        let box = LayoutBox()
        if child.kind == .toMany { box.added = child.addedColumns.map { .count($0) } ?? .trailing }
        boxes[child] = box
        return box
    }
}
