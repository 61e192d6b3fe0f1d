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
        return environment.types[path]?.databaseSelection
    }

    /// An association of the catalog as GRDB builds it: one the convention infers
    /// stands for `belongsTo(Team.self)` (the table's type), which selects that type's
    /// `databaseSelection`; a declared one got its destination's when it was declared.
    func plan(of entry: AssociationCatalog.Entry) -> AssociationPlan {
        guard !entry.isDeclared, case .direct(_, _, let destination, _, _) = entry.plan.base,
            let selection = databaseSelection(of: environment.typeNames.type(forTable: destination))
        else { return entry.plan }
        var plan = entry.plan
        plan.operations.insert(selection, at: 0)
        return plan
    }

    /// `path` when it names a record type (one with a table), not a nested namespace.
    func recordType(_ path: String) -> String? {
        environment.typeNames.table(forType: canonicalTypePath(path)) != nil ? path : nil
    }

    /// What a note says when a type's `databaseSelection` can not be read.
    static func allColumnsInstead(of type: String) -> String {
        "arbor's requests of `\(type)` select all columns, as `.allColumns` does"
    }

    /// The value of a `databaseSelection` declaration as a selection, or an error
    /// located on the declaration.
    func declaredSelection(_ value: Value, of member: PendingMember) throws -> [Selectable] {
        guard case .array(let items) = value else {
            throw ArborError(
                "`databaseSelection` is an array such as `[Column(\"name\"), AllColumns()]`, got \(value.kindName)",
                at: member.range)
        }
        if items.isEmpty { throw ArborError("an empty `databaseSelection` selects nothing", at: member.range) }
        return try items.map { item in
            if case .expression(let e) = item, e.containsAggregate {
                throw ArborError("`databaseSelection` can not hold an association aggregate", at: member.range)
            }
            guard let selectable = Self.selectable(item) else {
                throw ArborError(
                    "`databaseSelection` holds \(item.kindName), not a column or an expression to select",
                    at: member.range)
            }
            return selectable
        }
    }
}
