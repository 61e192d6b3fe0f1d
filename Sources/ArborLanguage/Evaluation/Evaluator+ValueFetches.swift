import ArborCore

/// `String.fetchAll(db, request)`, `Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book")`,
/// `String?.fetchSet(db, …)`, `Row.fetchAll(db, sql: …)`, `Status.Id.fetchAll(db, …)` where
/// `Status.Id` is a type alias of `String`: GRDB's static fetch methods
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
        let written: String
        switch expr.kind {
        case .identifier(let name): written = name
        // `Status.Id.fetchAll(db, …)`: a type alias of the app (`typealias Id = String`), followed.
        case .member:
            guard let dotted = Self.dottedTypeName(expr), environment.types.aliases[dotted] != nil else { return nil }
            written = canonicalTypePath(dotted)
        default: return nil
        }
        let type = SwiftType(parsing: written)
        let isOptional = type.isOptional
        guard case .named(let name, let arguments) = type.unwrapped, arguments.isEmpty else { return nil }
        guard environment.typeNames.table(forType: name) == nil, environment.binding(name) == nil,
            local(name) == nil, decodableType(named: name) == nil
        else { return nil }
        if name == "Row", !isOptional { return .row }
        guard FetchedValueType.names.contains(name) else { return nil }
        return .value(FetchedValueType(name: name, isOptional: isOptional))
    }
}
