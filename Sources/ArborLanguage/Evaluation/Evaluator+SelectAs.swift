import ArborCore

/// `select(…, as: T.self)`: the selection, and the type its rows fetch as.
extension Evaluator {
    /// `select(Column("year"), as: Int.self)`: the SQL is that of `select(_:)`; the
    /// type says how GRDB decodes the rows (`selected(_:as:)`).
    func withoutDecodedType(_ arguments: [Argument]) throws -> [Argument] {
        guard let last = arguments.last, case .member(let type, "self", _) = last.value.kind,
            case .identifier = type.kind
        else {
            throw ArborError("`as:` takes a type, as in `as: Int.self`", at: arguments.last?.value.range)
        }
        return Array(arguments.dropLast())
    }

    /// `select(…, as: String.self)`: GRDB's `QueryInterfaceRequest<String>`, whose rows
    /// fetch as values converted by GRDB (`Row` keeps rows; an app's Decodable type
    /// decodes them).
    func selected(_ request: Value, as type: Expr) throws -> Value {
        guard case .request(var plan) = request, case .member(let base, "self", _) = type.kind else { return request }
        switch fetchedType(base) {
        case .value(let valueType):
            plan.valueType = valueType
            plan.decodedAs = nil
            plan.decodesRows = false
        case .row:
            plan.valueType = nil
            plan.decodedAs = nil
            plan.decodesRows = true
        case nil:
            guard let name = Self.dottedTypeName(base), let decodable = decodableType(named: name) else {
                throw ArborError(
                    "`as:` takes `Row`, a value type such as `String` or `Int?`, or a Decodable type of the app",
                    at: type.range)
            }
            plan.valueType = nil
            plan.decodedAs = decodable.path
            plan.decodesRows = false
        }
        return .request(plan)
    }
}
