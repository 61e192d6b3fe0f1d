import ArborCore

/// `String.fetchAll(db, request)`, `Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book")`,
/// `String?.fetchSet(db, …)`, `Row.fetchAll(db, sql: …)`: GRDB's static fetch methods
/// of value types and of `Row`, on a request or on raw SQL.
extension Evaluator {
    /// What a type name before `.fetchAll` fetches.
    enum FetchedType {
        case row
        case value(FetchedValueType)

        var swiftName: String {
            switch self {
            case .row: "Row"
            case .value(let type): type.swiftName
            }
        }
    }

    /// The value type (or `Row`) `expr` names; nil when it names none, or a type or
    /// binding of the session that has the same name.
    func fetchedType(_ expr: Expr) -> FetchedType? {
        guard case .identifier(let written) = expr.kind else { return nil }
        let isOptional = written.hasSuffix("?")
        let name = isOptional ? String(written.dropLast()) : written
        guard environment.typeNames.table(forType: name) == nil, environment.bindings[name] == nil,
            scope.closureParameters[name] == nil, decodableType(named: name) == nil
        else { return nil }
        if name == "Row", !isOptional { return .row }
        guard FetchedValueType.names.contains(name) else { return nil }
        return .value(FetchedValueType(name: name, isOptional: isOptional))
    }
}
