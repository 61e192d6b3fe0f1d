import GRDB
import GRDBSQLite

/// Where each level of a result lives among a statement's columns: the base
/// columns, then each to-one child's, as GRDB's row adapter lays them out
/// (`RowAdapter._layoutedAdapter`). With it, rows are read straight from the
/// statement with SQLite's C API, without GRDB building an adapted `Row` per row.
public final class StatementLayout: @unchecked Sendable {
    public let names: [String]
    public let indexes: [Int32]
    public let children: [(key: String, table: String, layout: StatementLayout)]
    /// The columns of this level and of every level below it: GRDB counts a joined
    /// row as missing only when all of them are NULL (`Row.containsNonNullValue`).
    public let subtreeIndexes: [Int32]
    /// When set, texts and blobs longer than this are read as their first bytes
    /// and their size (`ValueCut`): for views, never for data formats.
    public let valueLimit: Int?
    /// The last base columns that are annotations (`IncludeTree.annotationColumns`).
    public let annotationCount: Int

    init(
        names: [String], indexes: [Int32], children: [(key: String, table: String, layout: StatementLayout)],
        valueLimit: Int?, annotationCount: Int = 0
    ) {
        self.names = names
        self.indexes = indexes
        self.children = children
        self.valueLimit = valueLimit
        self.annotationCount = annotationCount
        subtreeIndexes = indexes + children.flatMap(\.layout.subtreeIndexes)
    }

    /// Nil when the request prefetches (its rows need GRDB) or the adapter does not
    /// expose the scopes the plan includes.
    public convenience init?(
        tree: IncludeTree, statement: Statement, adapter: (any RowAdapter)?, valueLimit: Int? = nil
    ) throws {
        if let adapter {
            let layouted = try adapter._layoutedAdapter(from: statement)
            guard let layout = Self.make(tree, layouted, valueLimit) else { return nil }
            self.init(
                names: layout.names, indexes: layout.indexes, children: layout.children, valueLimit: valueLimit,
                annotationCount: layout.annotationCount)
        } else {
            guard tree.children.isEmpty else { return nil }
            let (names, indexes) = Self.visible(statement._layoutColumns)
            self.init(
                names: names, indexes: indexes, children: [], valueLimit: valueLimit,
                annotationCount: min(tree.annotationColumns ?? 0, names.count))
        }
    }

    private static func make(_ tree: IncludeTree, _ adapter: any _LayoutedRowAdapter, _ valueLimit: Int?)
        -> StatementLayout?
    {
        let (names, indexes) = visible(adapter._mapping._layoutColumns)
        var children: [(key: String, table: String, layout: StatementLayout)] = []
        for child in tree.children {
            guard case .toOne(let path) = child.kind else { return nil }
            var scoped: (any _LayoutedRowAdapter)? = adapter
            for name in path { scoped = scoped?._scopes[name] }
            guard let scoped, let layout = make(child.tree, scoped, valueLimit) else { return nil }
            children.append((child.key, child.table, layout))
        }
        return StatementLayout(
            names: names, indexes: indexes, children: children, valueLimit: valueLimit,
            annotationCount: min(tree.annotationColumns ?? 0, names.count))
    }

    private static func visible(_ columns: [(Int, String)]) -> ([String], [Int32]) {
        // A main statement holds no column of GRDB's own: a `grdb_x` here is the table's.
        (columns.map(\.1), columns.map { Int32($0.0) })
    }

    /// True when every column of this level and of the levels below it is NULL: a
    /// missing joined row. (A row whose own columns are NULL but whose nested
    /// include is not, is there, as GRDB decodes it.)
    public func isMissing(_ handle: OpaquePointer) -> Bool {
        subtreeIndexes.allSatisfy { sqlite3_column_type(handle, $0) == SQLITE_NULL }
    }

    /// The current row of the statement (text read by its length, so a NUL in it is kept).
    public func row(_ handle: OpaquePointer) -> ResultRow {
        var values: [DatabaseValue] = []
        values.reserveCapacity(indexes.count)
        var cutSizes: [Int: Int] = [:]
        for index in indexes {
            let (value, fullSize) = ValueCut.read(handle, index, limit: valueLimit)
            if let fullSize { cutSizes[values.count] = fullSize }
            values.append(value)
        }
        guard !children.isEmpty else {
            return ResultRow(
                names: names, values: values, children: [], cutSizes: cutSizes, annotationCount: annotationCount)
        }
        let built = children.map { child in
            ResultChild(
                key: child.key, table: child.table,
                value: .toOne(child.layout.isMissing(handle) ? nil : child.layout.row(handle)))
        }
        return ResultRow(
            names: names, values: values, children: built, cutSizes: cutSizes, annotationCount: annotationCount)
    }

    /// Steps `statement` to its end, giving each row to `body`.
    public func forEachRow(_ statement: Statement, _ body: (ResultRow) throws -> Void) throws {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw Self.error(handle, code) }
            try body(row(handle))
        }
    }

    static func error(_ handle: OpaquePointer, _ code: Int32) -> DatabaseError {
        let message = sqlite3_db_handle(handle).flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
    }
}
