import ArborCore

/// Full-text search beyond `FTS5Pattern` and `matching(_:)`: `FTS3Pattern` (for FTS3
/// and FTS4 tables), `db.makeFTS5Pattern(rawPattern:forTable:)` and `Column.rank`.
extension GRDBAPI {
    static let fullTextSearchMembers: [GRDBMember] = [
        ownArguments(
            "FTS3Pattern",
            symbols: [
                "FTS3Pattern.init(matchingAllTokensIn:)", "FTS3Pattern.init(matchingAnyTokenIn:)",
                "FTS3Pattern.init(matchingPhrase:)", "FTS3Pattern.init(matchingAllPrefixesIn:)",
                "FTS3Pattern.init(rawPattern:)",
            ]
        ) { evaluator, call in
            try evaluator.fullTextPatternCall(call.arguments, syntax: .fts3, range: call.range)
        },
        // A raw FTS5 pattern that may name the columns of `table`: GRDB reads them from the schema.
        GRDBMember(
            .method, "makeFTS5Pattern", [CallForm(["rawPattern", "forTable"])], on: [.database],
            symbols: ["Database.makeFTS5Pattern(rawPattern:forTable:)"]
        ) { evaluator, call in
            try evaluator.makeFTS5Pattern(call)
        },
        GRDBMember(.property, "rank", on: [.grdbType], symbols: ["Column.rank"]) { _, _ in
            .expression(.column("rank", alias: nil))
        },
        // The text GRDB validated (`nil` for a failable initializer's nil, as `pattern?.rawPattern`).
        GRDBMember(
            .property, "rawPattern", on: [.fullTextPattern],
            symbols: ["FTS3Pattern.rawPattern", "FTS5Pattern.rawPattern"]
        ) { evaluator, call in
            guard case .fullTextPattern(let pattern) = call.base else {
                throw ArborError("`rawPattern` is a property of a full-text pattern", at: call.nameRange)
            }
            return .expression(.value(try evaluator.fullTextPatternArgument(pattern, range: call.range)))
        },
    ]
}

extension Evaluator {
    /// `db.makeFTS5Pattern(rawPattern: "…", forTable: "document")`: GRDB's
    /// `FTS5Pattern(rawPattern:allowedColumns:)` with the table's columns; it throws
    /// GRDB's error for a missing table or an invalid pattern.
    func makeFTS5Pattern(_ call: GRDBCall) throws -> Value {
        let text = try string(call.argument(0))
        let tableName = try string(call.argument(1))
        guard let table = environment.schema.table(named: tableName) else {
            throw ArborError("no such table: \(tableName)", at: call.argument(1).range)
        }
        // GRDB's `columns(in:)`: the columns of `SELECT *`, without a virtual table's hidden ones.
        let columns = table.columns.filter { $0.hidden != 1 }.map(\.name)
        let pattern = FullTextPattern(kind: .rawPattern, text: text, allowedColumns: columns)
        try validateRawPattern(pattern, at: call.argument(0).range)
        return .fullTextPattern(pattern)
    }
}
