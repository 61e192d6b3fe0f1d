import Foundation
import GRDB
import GRDBSQLite

/// The fast path of `--format json` for requests without `including(all:)`:
/// steps the statement GRDB prepared with SQLite's C API and writes each row's
/// JSON straight from the column values, nested as GRDB's row adapter lays the
/// columns out, with no Swift value built per cell.
public struct RawJSONStreamer {
    /// A `StatementLayout` with its JSON keys (`"name":`) encoded once.
    final class EncodedLayout {
        let indexes: [Int32]
        /// This level's columns and those of the levels below (`StatementLayout.isMissing`).
        let subtreeIndexes: [Int32]
        let keys: [[UInt8]]
        let children: [(key: [UInt8], layout: EncodedLayout)]

        init(_ layout: StatementLayout) {
            indexes = layout.indexes
            subtreeIndexes = layout.subtreeIndexes
            keys = layout.names.map(JSONBytes.key)
            children = layout.children.map { (JSONBytes.key($0.key), EncodedLayout($0.layout)) }
        }
    }

    let layout: EncodedLayout

    /// Nil when the request prefetches or its adapter does not expose its scopes.
    public init?(tree: IncludeTree, statement: Statement, adapter: (any RowAdapter)?) throws {
        guard let layout = try StatementLayout(tree: tree, statement: statement, adapter: adapter) else { return nil }
        self.layout = EncodedLayout(layout)
    }

    /// Steps `statement` to the end, appending one JSON object per row to `out`
    /// (the rows of an array, or with `lines` one a line, as `jsonl` prints them)
    /// and calling `flush` whenever 64 KiB are buffered. Returns the row count.
    public func stream(
        _ statement: Statement, into out: inout [UInt8], lines: Bool = false, flush: (inout [UInt8]) throws -> Void
    ) throws -> Int {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        var count = 0
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw StatementLayout.error(handle, code) }
            if !lines { out.append(contentsOf: count == 0 ? JSONBytes.arrayOpen : JSONBytes.rowSeparator) }
            write(layout, handle, into: &out)
            if lines { out.append(UInt8(ascii: "\n")) }
            count += 1
            if out.count >= 1 << 16 { try flush(&out) }
        }
        return count
    }

    private func write(_ layout: EncodedLayout, _ handle: OpaquePointer, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        var first = true
        for (index, key) in zip(layout.indexes, layout.keys) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(contentsOf: key)
            JSONBytes.value(handle, index, into: &out)
        }
        for (key, child) in layout.children {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(contentsOf: key)
            // A missing joined row (all its columns NULL, its nested includes' too) is
            // `null`, as in the other formats.
            if child.subtreeIndexes.allSatisfy({ sqlite3_column_type(handle, $0) == SQLITE_NULL }) {
                out.append(contentsOf: JSONBytes.null)
            } else {
                write(child, handle, into: &out)
            }
        }
        out.append(UInt8(ascii: "}"))
    }
}
