import ArborCore
import ArborLanguage
import GRDB
import GRDBSQLite

extension Session {
    /// `--format json` of a value fetch whose first pass already reached GRDB's verdict
    /// (`RequestResult.valuesAreStreamed`): the second pass steps the statement and
    /// writes each value's JSON straight from its column (`DirectValueColumn`), the
    /// bytes `ValueFetchJSON` writes for GRDB's values, without converting them again.
    /// Returns false, having written nothing, when it does not apply (`fetchSet`, which
    /// keeps GRDB's equality; dates, UUIDs and decimals, which GRDB parses; a request
    /// whose columns GRDB adapts), so that the caller converts with GRDB. With `lines`,
    /// one value a line (`jsonl`).
    public func streamValuesJSON(
        _ plan: RequestPlan, range: SourceRange? = nil, lines: Bool = false,
        write: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Bool {
        try streamValuesJSON(checked(plan, range: range), range: range, lines: lines, write: write)
    }

    /// `streamValuesJSON` of a checked request (a `RequestResult`'s): nothing validated again.
    public func streamValuesJSON(
        _ checked: CheckedRequest, range: SourceRange? = nil, lines: Bool = false,
        write: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Bool {
        guard case .values(let type, distinct: false) = checked.strategy, let column = DirectValueColumn(type) else {
            return false
        }
        return try database.read { db in
            try checkSchemaUnchanged(db)
            let (_, prepared) = try self.prepared(checked.validated, db, range: range)
            guard prepared.adapter == nil, prepared.statement.columnCount > 0 else { return false }
            let handle = prepared.statement.sqliteStatement
            defer { sqlite3_reset(handle) }
            var out: [UInt8] = []
            out.reserveCapacity(1 << 17)
            var count = 0
            while true {
                let code = sqlite3_step(handle)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else { throw RawSQLPages.error(handle, code) }
                if !lines { out.append(contentsOf: count == 0 ? JSONBytes.arrayOpen : JSONBytes.rowSeparator) }
                do {
                    try column.writeJSON(handle, 0, into: &out)
                    if lines { out.append(UInt8(ascii: "\n")) }
                } catch is DirectValueColumn.Changed {
                    throw ArborError(
                        "row \(count + 1) can no longer be converted to `\(type.swiftName)`: the data changed after the values were checked",
                        at: range)
                }
                count += 1
                if out.count >= 1 << 16 {
                    try out.withUnsafeBytes(write)
                    out.removeAll(keepingCapacity: true)
                }
            }
            if !lines { out.append(contentsOf: Array((count == 0 ? "[]\n" : "\n]\n").utf8)) }
            try out.withUnsafeBytes(write)
            return true
        }
    }
}
