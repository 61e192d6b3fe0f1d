import ArborCore

/// What the request methods' entries read from their arguments: associations,
/// predicates and closures, orderings, selections, keys.
extension Evaluator {
    /// The names a selection defines with `forKey` or aggregate defaults, usable as columns afterwards.
    static func selectedNames(_ operations: [RequestOperation]) -> [String] {
        var names: [String] = []
        for operation in operations {
            let items: [Selectable]
            switch operation {
            case .select(let s), .databaseSelection(_, let s), .annotated(let s): items = s
            default: continue
            }
            for case .expression(.named(_, let name)) in items { names.append(name) }
            for case .expression(.aggregate(let aggregate)) in items {
                if let name = aggregate.defaultName { names.append(name) }
            }
        }
        return names
    }

    /// The argument of `including(…)`/`joining(…)`: an association from `table`.
    func associationArgument(_ argument: Argument, of table: String) throws -> AssociationPlan {
        let value = try withScope({
            $0.associationTable = table
            $0.columnTable = nil
        }) { try evaluate(argument.value) }
        guard case .association(let association) = value else {
            throw ArborError("expected an association, got \(value.kindName)", at: argument.value.range)
        }
        try checkOrigin(association, table: table, range: argument.value.range)
        return association
    }

    /// GRDB does not check an association's origin: joining it from another
    /// table traps or silently joins the wrong rows. So we do.
    func checkOrigin(_ association: AssociationPlan, table: String, range: SourceRange) throws {
        guard association.origin.sqlFolded != table.sqlFolded else { return }
        let names = environment.catalog.associations(of: table).map(\.name)
        throw ArborError(
            "`\(association.displayName)` starts from `\(environment.displayName(ofTable: association.origin))`, not from `\(environment.displayName(ofTable: table))`",
            at: range,
            suggestion: names.isEmpty
                ? nil : "associations of \(environment.displayName(ofTable: table)): " + names.joined(separator: ", "))
    }

    /// A predicate or expression argument, or a trailing closure `{ $0.col … }`.
    func closureOrExpression(_ argument: Argument, table: String) throws -> SQLExpr {
        if case .closure(let closure) = argument.value.kind {
            return try withClosure(closure, table: table) {
                try sqlExpression(closureValue(closure), range: closure.body.range)
            }
        }
        return try sqlExpression(evaluate(argument.value), range: argument.value.range)
    }

    func withClosure<T>(_ closure: Closure, table: String, _ body: () throws -> T) throws -> T {
        try withScope(
            {
                $0.columnTable = table
                $0.closureParameters["$0"] = .rowComponents(table: table)
                for parameter in closure.parameters { $0.closureParameters[parameter] = .rowComponents(table: table) }
            }, body)
    }

    func orderingTerms(_ arguments: [Argument], table: String) throws -> [OrderingTerm] {
        var terms: [OrderingTerm] = []
        for argument in arguments {
            let values: [Value]
            if case .closure(let closure) = argument.value.kind {
                let value = try withClosure(closure, table: table) { try closureValue(closure) }
                if case .array(let items) = value { values = items } else { values = [value] }
            } else {
                let value = try evaluate(argument.value)
                if case .array(let items) = value { values = items } else { values = [value] }
            }
            for value in values {
                switch value {
                case .ordering(let term): terms.append(term)
                case .expression(let e) where !e.containsAggregate: terms.append(OrderingTerm(e, .none))
                case .sqlLiteral(let fragment):
                    terms.append(.sqlLiteral(fragment))
                case .expression(let e):
                    throw aggregateInOrder(e, range: argument.value.range)
                default:
                    if let error = Self.misplacedForKey(value, range: argument.value.range) { throw error }
                    throw ArborError(
                        "`order` takes columns or orderings such as `Column(\"name\").desc`, got \(value.kindName)",
                        at: argument.value.range)
                }
            }
        }
        return terms
    }

    func selectables(_ arguments: [Argument], table: String, allowAggregates: Bool) throws -> [Selectable] {
        var result: [Selectable] = []
        for (i, argument) in arguments.enumerated() {
            let value: Value
            if case .closure(let closure) = argument.value.kind {
                value = try withClosure(closure, table: table) { try closureValue(closure) }
            } else {
                value = try evaluate(argument.value)
            }
            let items: [Value]
            if case .array(let values) = value { items = values } else { items = [value] }
            for item in items {
                if case .expression(let e) = item, e.containsAggregate, !allowAggregates {
                    throw ArborError(
                        "association aggregates are selected with `annotated(with:)`", at: argument.value.range)
                }
                guard let selectable = Self.selectable(item) else {
                    throw ArborError(
                        "expected a column or an expression to select, got \(item.kindName)",
                        at: arguments[i].value.range)
                }
                result.append(selectable)
            }
        }
        return result
    }

    /// One element of a selection: a column, an expression, `AllColumns()`, `.rowID`, `SQL`.
    static func selectable(_ item: Value) -> Selectable? {
        switch item {
        case .selection(let s): s
        case .implicitMember("allColumns"): .allColumns(alias: nil)
        case .implicitMember("rowID"): .expression(.column("rowid", alias: nil))
        case .expression(let e): .expression(e)
        case .sqlLiteral(let fragment): .expression(.literal(fragment))
        default: nil
        }
    }

    /// `filter(key:)`, `filter(keys:)` and the `id` forms.
    /// `filter(key:)`, `filter(keys:)`, and with `identifierOf` a table, `filter(id:)` and
    /// `filter(ids:)`, whose values must be of the record type's `id` type.
    func keyFilter(_ expr: Expr, single: Bool, identifierOf table: String? = nil) throws -> RequestOperation {
        let value = try evaluate(expr)
        let values: [Value]
        if single {
            values = [value]
        } else {
            guard case .array(let items) = value else {
                throw ArborError("`keys:` takes an array of keys", at: expr.range)
            }
            values = items
        }
        if values.allSatisfy({ if case .dictionary = $0 { return true } else { return false } }), !values.isEmpty {
            return .filterKeyDictionaries(
                try values.map { value in
                    guard case .dictionary(let keyDictionary) = value else { return [:] }
                    let entries = try stringKeyed(
                        keyDictionary, as: "[String : (any DatabaseValueConvertible)?]", range: expr.range)
                    var dictionary: [String: SQLValue] = [:]
                    for (key, entryValue) in entries { dictionary[key] = try literal(entryValue, range: expr.range) }
                    return dictionary
                })
        }
        if single, case .expression(.value(.null)) = value, table == nil { return .filterKeys([]) }
        var keys = try values.map { try literal($0, range: expr.range) }
        // The app's record type says its `id` type (`var id: UUID`); GRDB checks that one.
        let declaredIDType = table.flatMap(declaredIdentifierType(ofTable:))
        if let declaredIDType, !["Int64", "Int", "String", "Double", "Data"].contains(declaredIDType) {
            return .filterKeys(keys)
        }
        if let table,
            let type = declaredIDType.map({ $0 == "Int" ? "Int64" : $0 })
                ?? environment.schema.table(named: table)?.identifierSwiftType
        {
            // An integer literal where a `Double` is expected is a `Double`, bound as one.
            if type == "Double" { keys = keys.map { if case .integer(let i) = $0 { .real(Double(i)) } else { $0 } } }
            for key in keys where !key.converts(to: type) {
                // As the compiler says it.
                throw ArborError(
                    key == .null
                        ? "'nil' is not compatible with expected argument type '\(type)'"
                        : "cannot convert value of type '\(key.swiftTypeName)' to expected \(single ? "argument" : "element") type '\(type)'",
                    at: expr.range,
                    suggestion:
                        "`\(environment.displayName(ofTable: table)).ID` is `\(type)`, the type of its primary key")
            }
        }
        return .filterKeys(keys)
    }
}

extension AssociationAggregatePlan {
    /// The name GRDB gives the aggregate's column (`bookCount`, `hasNoBook`, `maxBookYear`, …).
    public var defaultName: String? {
        let key = association.key.singular
        let upperKey = Naming.uppercasingFirst(key)
        func columnName(_ e: SQLExpr) -> String? {
            if case .column(let name, _) = e { return Naming.uppercasingFirst(name) }
            return nil
        }
        switch self {
        case .count: return "\(key)Count"
        case .isEmpty: return "hasNo\(upperKey)"
        case .average(_, let e): return columnName(e).map { "average\(upperKey)\($0)" }
        case .min(_, let e): return columnName(e).map { "min\(upperKey)\($0)" }
        case .max(_, let e): return columnName(e).map { "max\(upperKey)\($0)" }
        case .sum(_, let e), .total(_, let e): return columnName(e).map { "\(key)\($0)Sum" }
        }
    }
}

extension Evaluator {
    /// `Book`, `Book.Draft` written as a dotted name.
    static func dottedTypeName(_ expr: Expr) -> String? {
        switch expr.kind {
        case .identifier(let name): name
        case .member(let base, let name, _): dottedTypeName(base).map { "\($0).\(name)" }
        default: nil
        }
    }
}
