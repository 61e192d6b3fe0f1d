import ArborCore
import ArborLanguage
import GRDB

extension Session {
    /// Writes a request's rows as a JSON array with the C-level fast path when it
    /// applies (no `including(all:)`, to-one scopes only; raw SQL rows, checked
    /// read-only first as `:sql` checks them); returns false when it does not, so
    /// that the caller streams result rows instead. With `lines`, one object a line (`jsonl`).
    public func streamJSON(
        _ plan: RequestPlan, lines: Bool = false, write: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Bool {
        try streamJSON(checked(plan, range: nil), lines: lines, write: write)
    }

    /// `streamJSON` of a checked request (a `RequestResult`'s): nothing validated again.
    public func streamJSON(
        _ checked: CheckedRequest, lines: Bool = false, write: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Bool {
        guard checked.strategy.readsRowsAsTheyStep else { return false }
        let tree = IncludeTree(operations: checked.plan.levelOperations)
        return try database.read { db in
            try checkSchemaUnchanged(db)
            let (_, prepared) = try self.prepared(checked.validated, db, range: nil)
            guard
                let streamer = try RawJSONStreamer(tree: tree, statement: prepared.statement, adapter: prepared.adapter)
            else { return false }
            var out: [UInt8] = []
            out.reserveCapacity(1 << 17)
            let count = try streamer.stream(prepared.statement, into: &out, lines: lines) { buffer in
                try buffer.withUnsafeBytes(write)
                buffer.removeAll(keepingCapacity: true)
            }
            if !lines { out.append(contentsOf: Array((count == 0 ? "[]\n" : "\n]\n").utf8)) }
            try out.withUnsafeBytes(write)
            return true
        }
    }
}
