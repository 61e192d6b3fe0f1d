import ArborCore

/// `static let databaseSelection` of the app's record types: GRDB's `Player.all()` and
/// an association to `Player` (`belongsTo(Player.self)`) select it, until a `select`
/// replaces it; `annotated(with:)` appends to it. It is per type: two types of one
/// table may select different columns.
extension Evaluator {
    /// The request `Type.all()`, or `Table("t").all()` when `type` is nil.
    public func rootPlan(_ table: String, type: String?) -> RequestPlan {
        RequestPlan(table: table, operations: databaseSelection(of: type).map { [$0] } ?? [])
    }

    /// The operation GRDB's requests of `type` and associations to it start with: nil
    /// when the type selects all columns, or when its `databaseSelection` could not be
    /// read (a note at load says so, and that its requests select all columns).
    func databaseSelection(of type: String?) -> RequestOperation? {
        guard let type, let selection = declaredSelection(ofType: type) else { return nil }
        return .databaseSelection(type: canonicalTypePath(type), selection)
    }

    /// The declared selection of `type`, evaluated when first needed.
    func declaredSelection(ofType type: String?) -> [Selectable]? {
        guard let type else { return nil }
        let path = canonicalTypePath(type)
        try? forceMember(path, "databaseSelection", range: nil)
        return environment.databaseSelections[path]
    }

    /// `path` when it names a record type (one with a table), not a nested namespace.
    func recordType(_ path: String) -> String? {
        environment.typeNames.table(forType: canonicalTypePath(path)) != nil ? path : nil
    }

    /// The value of a `databaseSelection` declaration as a selection, or an error
    /// located on what arbor can not select.
    func declaredSelection(_ value: Value, of member: PendingMember) throws -> [Selectable] {
        let fallback = "arbor's requests of `\(member.typePath)` select all columns, as `.allColumns` does"
        guard case .array(let items) = value else {
            throw ArborError(
                "`databaseSelection` is an array such as `[Column(\"name\"), AllColumns()]`, got \(value.kindName): \(fallback)",
                at: member.range)
        }
        if items.isEmpty {
            throw ArborError("an empty `databaseSelection` selects nothing: \(fallback)", at: member.range)
        }
        return try items.map { item in
            if case .expression(let e) = item, e.containsAggregate {
                throw ArborError(
                    "`databaseSelection` can not hold an association aggregate: \(fallback)", at: member.range)
            }
            guard let selectable = Self.selectable(item) else {
                throw ArborError(
                    "`databaseSelection` holds \(item.kindName), not a column or an expression to select: \(fallback)",
                    at: member.range)
            }
            return selectable
        }
    }
}
