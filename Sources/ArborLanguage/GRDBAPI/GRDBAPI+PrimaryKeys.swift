import ArborCore

/// Requests of a table's primary key: `selectID()`, `selectPrimaryKey(as:)`, `groupByPrimaryKey()`.
extension GRDBAPI {
    static let primaryKeyMethods: [GRDBMember] = [
        GRDBMember(
            .method, "selectID", [CallForm([])], on: .tableAndRequest,
            symbols: symbols("QueryInterfaceRequest", "TableRecord", "Table", member: "selectID()")
        ) { evaluator, call in
            let key = try evaluator.primaryKey(of: call)
            // GRDB stops the process on a composite key (`GRDBPrecondition`): refused first.
            guard key.count == 1 else {
                throw ArborError(
                    "GRDB's `selectID()` needs a single-column primary key; `\(call.table)` has \(key.count) columns: \(key.joined(separator: ", "))",
                    at: call.nameRange, suggestion: "select them with `selectPrimaryKey(as: Row.self)`")
            }
            var plan = try call.selectingPrimaryKey(key)
            let type =
                evaluator.declaredIdentifierType(ofTable: call.table)
                ?? evaluator.environment.schema.table(named: call.table)?.identifierSwiftType
            if let type, FetchedValueType.names.contains(type) {
                plan.valueType = FetchedValueType(name: type == "Int" ? "Int64" : type, isOptional: false)
            }
            return .request(plan)
        }
        .yielding(.other)
        // GRDB declares it `where RowDecoder: Identifiable`: not on `Table("t")`, a `Table<Row>`.
        .requiring(.identifiableRowDecoder(instead: "`selectPrimaryKey(as:)` selects the key of any table")),
        GRDBMember(
            .method, "selectPrimaryKey", [CallForm(["as"])], on: .tableAndRequest,
            symbols: symbols("QueryInterfaceRequest", "TableRecord", "Table", member: "selectPrimaryKey(as:)")
        ) { evaluator, call in
            let plan = try call.selectingPrimaryKey(try evaluator.primaryKey(of: call))
            return try evaluator.selected(.request(plan), as: call.argument(0))
        }.yielding(.other),
        GRDBMember(
            .method, "groupByPrimaryKey", [CallForm([])], on: .derivableRequest,
            symbols: symbols("TableRequest", member: "groupByPrimaryKey()")
        ) { evaluator, call in
            guard let info = evaluator.environment.schema.table(named: call.table) else {
                throw call.unexpectedReceiver
            }
            // As GRDB: the rowid's own name, else `rowid`, else (WITHOUT ROWID) the key's columns.
            let explicitRowID =
                info.primaryKey.count == 1 && info.hasRowID
                && info.column(named: info.primaryKey[0])?.type.uppercased() == "INTEGER"
            let columns =
                explicitRowID ? info.primaryKey : info.hasRowID ? ["rowid"] : info.primaryKey
            return try call.appending(.group(columns.map { .column($0, alias: nil) }))
        },
    ]
}

extension Evaluator {
    /// The primary key's columns of the table a call refines, as GRDB's `db.primaryKey` gives them.
    func primaryKey(of call: GRDBCall) throws -> [String] {
        guard let info = environment.schema.table(named: call.table), !info.primaryKey.isEmpty else {
            throw ArborError("`\(call.table)` has no primary key for `\(call.name)`", at: call.nameRange)
        }
        return info.primaryKey
    }
}

extension GRDBCall {
    /// The receiver as a request selecting `columns` (any previous selection discarded).
    func selectingPrimaryKey(_ columns: [String]) throws -> RequestPlan {
        guard case .request(let plan) = try appending(.select(columns.map { .expression(.column($0, alias: nil)) }))
        else { throw unexpectedReceiver }
        return plan
    }
}
