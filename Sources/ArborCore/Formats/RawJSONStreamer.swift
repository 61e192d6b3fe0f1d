import Foundation
import GRDB
import GRDBSQLite

/// The fast path of `--format json` for requests without `including(all:)`:
/// steps the statement GRDB prepared with SQLite's C API and writes each row's
/// JSON straight from the column values, nested as GRDB's row adapter lays the
/// columns out (its `_layoutedAdapter`), with no Swift value built per cell.
public struct RawJSONStreamer {
    /// The columns of one level and its to-one children, by statement column index.
    public final class Layout {
        var columns: [(index: Int32, key: [UInt8])] = []
        var children: [(key: [UInt8], layout: Layout)] = []
    }

    public let layout: Layout

    /// Nil when the adapter does not expose the scopes the plan includes.
    public init?(tree: IncludeTree, statement: Statement, adapter: (any RowAdapter)?) throws {
        if let adapter {
            let layouted = try adapter._layoutedAdapter(from: statement)
            guard let layout = Self.layout(tree, layouted) else { return nil }
            self.layout = layout
        } else {
            guard tree.children.isEmpty else { return nil }
            let layout = Layout()
            layout.columns = Self.visible(statement._layoutColumns)
            self.layout = layout
        }
    }

    private static func layout(_ tree: IncludeTree, _ adapter: any _LayoutedRowAdapter) -> Layout? {
        let layout = Layout()
        layout.columns = visible(adapter._mapping._layoutColumns)
        for child in tree.children {
            guard case .toOne(let path) = child.kind else { return nil }
            var scoped: (any _LayoutedRowAdapter)? = adapter
            for name in path { scoped = scoped?._scopes[name] }
            guard let scoped, let childLayout = Self.layout(child.tree, scoped) else { return nil }
            layout.children.append((JSONBytes.key(child.key), childLayout))
        }
        return layout
    }

    private static func visible(_ columns: [(Int, String)]) -> [(index: Int32, key: [UInt8])] {
        columns.filter { !$0.1.hasPrefix("grdb_") }.map { (Int32($0.0), JSONBytes.key($0.1)) }
    }

    /// Steps `statement` to the end, appending one JSON object per row to `out`
    /// and calling `flush` whenever 64 KiB are buffered. Returns the row count.
    public func stream(_ statement: Statement, into out: inout [UInt8], flush: (inout [UInt8]) throws -> Void) throws -> Int {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        var count = 0
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                let message = sqlite3_db_handle(handle).flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
            }
            out.append(contentsOf: count == 0 ? JSONBytes.arrayOpen : JSONBytes.rowSeparator)
            write(layout, handle, into: &out)
            count += 1
            if out.count >= 1 << 16 { try flush(&out) }
        }
        return count
    }

    private func write(_ layout: Layout, _ handle: OpaquePointer, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        var first = true
        for (index, key) in layout.columns {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(contentsOf: key)
            JSONBytes.value(handle, index, into: &out)
        }
        for (key, child) in layout.children {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(contentsOf: key)
            // A missing joined row (all its columns NULL) is `null`, as in the other formats.
            if child.columns.allSatisfy({ sqlite3_column_type(handle, $0.index) == SQLITE_NULL }) {
                out.append(contentsOf: JSONBytes.null)
            } else {
                write(child, handle, into: &out)
            }
        }
        out.append(UInt8(ascii: "}"))
    }
}
