import ArborCore

/// The methods of `Table<Row>`, `QueryInterfaceRequest<Row>` and associations,
/// each accepted exactly where GRDB offers it.
extension Evaluator {
    /// A request or an association being refined.
    enum Receiver {
        /// A record type or `Table`, and the record type's `databaseSelection`, which its requests start with.
        case table(String, selection: RequestOperation?)
        case request(RequestPlan)
        case association(AssociationPlan)

        var table: String {
            switch self {
            case .table(let t, _): t
            case .request(let p): p.table
            case .association(let a): a.destination
            }
        }

        var operations: [RequestOperation] {
            switch self {
            case .table(_, let selection): selection.map { [$0] } ?? []
            case .request(let p): p.operations
            case .association(let a): a.operations
            }
        }

        func appending(_ operation: RequestOperation) -> Value {
            switch self {
            case .table(let t, let selection):
                .request(RequestPlan(table: t, operations: (selection.map { [$0] } ?? []) + [operation]))
            case .request(let p): .request(p.appending(operation))
            case .association(let a): .association(a.appending(operation))
            }
        }

        var isTable: Bool {
            if case .table = self { return true }
            return false
        }

        var isAssociation: Bool {
            if case .association = self { return true }
            return false
        }

        /// The receiver as a request, its root kept (a record's request stays one).
        var plan: RequestPlan {
            switch self {
            case .table(let t, let selection): RequestPlan(table: t, operations: selection.map { [$0] } ?? [])
            case .request(let p): p
            case .association(let a): RequestPlan(table: a.destination, operations: a.operations)
            }
        }
    }

    func derivableMethod(
        _ name: String, on base: Value, arguments: [Argument], range: SourceRange, nameRange: SourceRange
    ) throws -> Value {
        let receiver: Receiver
        switch base {
        case .table(let t, let type): receiver = .table(t, selection: databaseSelection(of: type))
        case .request(let p): receiver = .request(p)
        case .association(let a): receiver = .association(a)
        default: throw ArborError("\(base.kindName) has no method `\(name)`", at: nameRange)
        }
        let labels = arguments.labels
        let table = receiver.table
        if receiver.plan.rawSQL != nil, !["fetchAll", "fetchOne", "fetchSet", "fetchCount"].contains(name) {
            throw ArborError(
                "a raw SQL request (`SQLRequest`) has no method `\(name)`: it runs its SQL as written", at: nameRange,
                suggestion: "fetch it with `fetchAll(db)`, `fetchOne(db)`, `fetchSet(db)` or `fetchCount(db)`")
        }
        // Names that selections define (`forKey`, aggregates) count as columns in later filters.
        let namedColumns = Set(Self.selectedNames(receiver.operations).map { $0.lowercased() })
        func inTable<T>(_ body: () throws -> T) rethrows -> T {
            try withScope(
                {
                    $0.columnTable = table
                    $0.extraColumns = namedColumns
                    $0.selectedNamesAreQualified = !receiver.isAssociation && Self.joinsOtherTables(receiver.operations)
                    $0.associationTable = table
                }, body)
        }
        func notOnTable() throws {
            if case .table = receiver {
                throw ArborError(
                    "`\(name)` is not available on a table; call it on a request, as in `\(environment.displayName(ofTable: table)).all().\(name)(…)`",
                    at: nameRange)
            }
        }
        func notOnAssociation() throws {
            if receiver.isAssociation {
                throw ArborError("associations have no `\(name)`: GRDB offers it on requests only", at: nameRange)
            }
        }
        func onAssociationOnly() throws -> AssociationPlan {
            guard case .association(let a) = receiver else {
                throw ArborError("`\(name)` applies to associations", at: nameRange)
            }
            return a
        }

        switch (name, labels) {
        case ("all", []):
            try notOnAssociation()
            return .request(receiver.plan)
        case ("none", []):
            return receiver.appending(.none)
        case ("filter", [nil]):
            let predicate = try inTable { try closureOrExpression(arguments[0], table: table) }
            if predicate.containsAggregate {
                throw ArborError(
                    "an association aggregate filters with `having(_:)`, not `filter(_:)`", at: arguments[0].value.range
                )
            }
            return receiver.appending(.filter(predicate))
        case ("filter", ["key"]), ("filter", ["id"]), ("filter", ["keys"]), ("filter", ["ids"]):
            let operation = try keyFilter(
                arguments[0].value, single: labels[0] == "key" || labels[0] == "id",
                identifierOf: labels[0] == "id" || labels[0] == "ids" ? table : nil)
            if case .filterKeyDictionaries(let dictionaries) = operation {
                try Validator(schema: environment.schema, range: arguments[0].value.range)
                    .validateKeyDictionaries(dictionaries, of: table)
            }
            return receiver.appending(operation)
        case ("filter", ["sql"]), ("filter", ["sql", "arguments"]):
            return receiver.appending(
                .filterSQL(
                    try string(arguments[0].value), arguments: try sqlArguments(arguments.value(labelled: "arguments")))
            )
        case ("order", ["sql"]), ("order", ["sql", "arguments"]):
            return receiver.appending(
                .orderSQL(
                    try string(arguments[0].value), arguments: try sqlArguments(arguments.value(labelled: "arguments")))
            )
        case ("filter", ["literal"]), ("order", ["literal"]), ("select", ["literal"]), ("having", ["literal"]),
            ("group", ["literal"]):
            if name == "having" || name == "group" { try notOnTable() }
            let fragment = try inTable { try sqlFragment(arguments[0].value) }
            return receiver.appending(literalOperation(name, fragment))
        case ("contains", [nil]):
            guard case .request(let plan) = receiver else {
                throw ArborError(
                    "`contains` is a method of requests: `\(environment.displayName(ofTable: table)).all().contains(…)`",
                    at: nameRange)
            }
            let element = try sqlExpression(evaluate(arguments[0].value), range: arguments[0].value.range)
            return .expression(.inSubquery(plan, element))
        case ("with", [nil]):
            return receiver.appending(.with(try commonTableExpressionArgument(arguments[0].value)))
        case ("association", ["to"]), ("association", ["to", "on"]),
            ("association", ["to", nil])
        where labels.count == 1 || arguments[1].isTrailingClosure || labels[1] == "on":
            guard case .table(let origin, _) = receiver else {
                throw ArborError(
                    "`association(to:on:)` builds an association from a record type, as in `Author.association(to: cte, on: …)`",
                    at: nameRange)
            }
            return .association(try commonTableAssociation(from: origin, arguments: arguments, range: range))
        case ("matching", [nil]):
            return receiver.appending(.matching(try fullTextPattern(arguments[0].value)))
        case ("order", _) where arguments.allUnlabelled:
            let terms = try inTable { try orderingTerms(arguments, table: table) }
            return receiver.appending(.order(terms))
        case ("orderByPrimaryKey", []):
            return receiver.appending(.orderByPrimaryKey)
        case ("reversed", []):
            try notOnTable()
            return receiver.appending(.reversed)
        case ("unordered", []):
            try notOnTable()
            return receiver.appending(.unordered)
        case ("select", ["sql"]), ("select", ["sql", "arguments"]):
            return receiver.appending(
                .selectSQL(
                    try string(arguments[0].value), arguments: try sqlArguments(arguments.value(labelled: "arguments")))
            )
        case ("select", _) where arguments.count > 1 && labels.last == "as":
            try notOnAssociation()
            let selection = try withoutDecodedType(arguments)
            let selected = try derivableMethod(name, on: base, arguments: selection, range: range, nameRange: nameRange)
            return try self.selected(selected, as: arguments[arguments.count - 1].value)
        case ("select", _) where arguments.allUnlabelled && !arguments.isEmpty:
            let selection = try inTable { try selectables(arguments, table: table, allowAggregates: false) }
            return receiver.appending(.select(selection))
        case ("annotated", _) where labels.first == "with" && labels.dropFirst().allSatisfy({ $0 == nil }):
            let selection = try inTable { try selectables(arguments, table: table, allowAggregates: true) }
            return receiver.appending(.annotated(selection))
        case ("annotated", ["withRequired"]), ("annotated", ["withOptional"]):
            let association = try associationArgument(arguments[0], of: table)
            return receiver.appending(
                labels[0] == "withRequired" ? .annotatedWithRequired(association) : .annotatedWithOptional(association))
        case ("having", [nil]):
            if case .table = receiver, true {
                // Table<Row> offers `having` only for association aggregates.
                let predicate = try inTable {
                    try sqlExpression(evaluate(arguments[0].value), range: arguments[0].value.range)
                }
                guard predicate.containsAggregate else {
                    throw ArborError(
                        "on a table, `having` takes an association aggregate; call `group` first on a request",
                        at: arguments[0].value.range)
                }
                return receiver.appending(.having(predicate))
            }
            let predicate = try inTable { try closureOrExpression(arguments[0], table: table) }
            return receiver.appending(.having(predicate))
        case ("group", _) where arguments.allUnlabelled && !arguments.isEmpty:
            try notOnTable()
            let expressions = try inTable {
                try arguments.flatMap { argument -> [SQLExpr] in
                    // `group { $0.name }` and `group { [$0.a, $0.b] }`, as `group(Column("name"))`.
                    let value: Value
                    if case .closure(let closure) = argument.value.kind {
                        value = try withClosure(closure, table: table) { try closureValue(closure) }
                    } else {
                        value = try evaluate(argument.value)
                    }
                    if case .array(let values) = value {
                        return try values.map { try sqlExpression($0, range: argument.value.range) }
                    }
                    return [try sqlExpression(value, range: argument.value.range)]
                }
            }
            if let index = expressions.firstIndex(where: \.containsAggregate) {
                // `index` counts expressions, which arrays spread: underline the argument holding it.
                let argument = arguments.count == expressions.count ? arguments[index] : arguments[0]
                throw ArborError(
                    "GRDB does not group by an association aggregate", at: argument.value.range,
                    suggestion: "`group` takes columns and expressions of the request's table")
            }
            return receiver.appending(.group(expressions))
        case ("limit", [nil]), ("limit", [nil, "offset"]):
            try notOnAssociation()
            let limit = try integer(arguments[0].value)
            let offset = try arguments.value(labelled: "offset").map(integer)
            return receiver.appending(.limit(limit, offset: offset))
        case ("distinct", []):
            try notOnTable()
            return receiver.appending(.distinct)
        case ("aliased", [nil]):
            guard case .alias(let alias) = try evaluate(arguments[0].value) else {
                throw ArborError("`aliased` takes a `TableAlias`", at: arguments[0].value.range)
            }
            if let other = environment.aliasTables[alias.id], other != table {
                throw ArborError(
                    "this TableAlias already refers to `\(other)`: one alias can not refer to two tables",
                    at: arguments[0].value.range, suggestion: "create another `TableAlias()` for `\(table)`")
            }
            if receiver.operations.contains(where: { if case .aliased = $0 { true } else { false } }) {
                throw ArborError(
                    "a request or association takes one `aliased(_:)`", at: nameRange,
                    suggestion: "one `TableAlias` names the table: give it once")
            }
            environment.aliasTables[alias.id] = table
            return receiver.appending(.aliased(alias))
        case ("including", ["required"]), ("including", ["optional"]), ("including", ["all"]),
            ("joining", ["required"]), ("joining", ["optional"]):
            let association = try associationArgument(arguments[0], of: table)
            let kind = JoinKind(rawValue: labels[0] ?? "") ?? .optional
            if kind == .all && !association.isToMany {
                throw ArborError(
                    "`including(all:)` needs a to-many association; `\(association.displayName)` is to-one: use `including(required:)` or `including(optional:)`",
                    at: arguments[0].value.range)
            }
            try Validator(schema: environment.schema, range: arguments[0].value.range)
                .validateJoinArgument(association, from: table, kind: kind)
            return receiver.appending(name == "including" ? .including(kind, association) : .joining(kind, association))
        case ("asRequest", ["of"]):
            try notOnAssociation()
            var plan = receiver.plan
            // `asRequest(of: AuthorInfo.self)`: the rows decode into the app's type.
            if case .member(let base, "self", _) = arguments[0].value.kind,
                let name = Self.dottedTypeName(base), let type = decodableType(named: name)
            {
                plan.decodedAs = type.path
            } else {
                plan.decodedAs = nil
            }
            return .request(plan)
        case ("fetchOne", [nil, "key"]), ("fetchOne", [nil, "id"]), ("find", [nil, "key"]), ("find", [nil, "id"]),
            ("fetchAll", [nil, "keys"]), ("fetchAll", [nil, "ids"]):
            return try keyedFetch(name, on: receiver, arguments: arguments, nameRange: nameRange)
        case ("fetchSet", [nil, "keys"]), ("fetchSet", [nil, "ids"]), ("exists", [nil, "key"]),
            ("exists", [nil, "id"]):
            return try keyedFetch(name, on: receiver, arguments: arguments, nameRange: nameRange)
        case (_, _)
        where ["fetchAll", "fetchOne", "fetchSet"].contains(name) && receiver.isTable
            && Self.typeFetchForms.contains { $0.labels == labels }:
            // `Book.fetchAll(db, sql: …)`, `Book.fetchOne(db, request)`.
            return try recordTypeFetch(name, table: table, arguments: arguments)
        case ("isEmpty", _):
            return try emptinessCheck(on: receiver, arguments: arguments, nameRange: nameRange)
        case ("fetchAll", _), ("fetchOne", _), ("fetchCount", _), ("fetchSet", _):
            try notOnAssociation()
            guard
                arguments.isEmpty
                    || (arguments.count == 1 && arguments[0].label == nil
                        && Self.isDatabaseArgument(arguments[0].value))
            else {
                // The first argument that is not the leading `db`.
                let extra = arguments.enumerated().first { position, argument in
                    position > 0 || argument.label != nil || !Self.isDatabaseArgument(argument.value)
                }
                throw ArborError(
                    "`\(name)` takes no argument here (or `db`)", at: extra.map(\.element.range) ?? nameRange)
            }
            let kind = Value.FetchKind(rawValue: name) ?? .all
            var plan = receiver.plan
            plan.isDeduplicated = kind == .set
            return .fetch(plan, kind)
        case ("forKey", [nil]):
            guard case .association(let association) = receiver else {
                throw misplacedForKey(on: receiver, nameRange: nameRange)
            }
            return .association(association.appending(.forKey(try codingKeyString(arguments[0].value))))
        case ("min", [nil]), ("max", [nil]), ("average", [nil]), ("sum", [nil]), ("total", [nil]):
            let association = try onAssociationOnly()
            guard association.isToMany else {
                throw ArborError(
                    "`\(name)` is an aggregate of to-many associations; `\(association.displayName)` is to-one",
                    at: nameRange)
            }
            let column = try withScope({
                $0.columnTable = association.destination
                $0.extraColumns = []
            }) {
                try closureOrExpression(arguments[0], table: association.destination)
            }
            let aggregate: AssociationAggregatePlan =
                switch name {
                case "min": .min(association, column)
                case "max": .max(association, column)
                case "average": .average(association, column)
                case "sum": .sum(association, column)
                default: .total(association, column)
                }
            return .expression(.aggregate(aggregate))
        case ("belongsTo", _), ("hasMany", _), ("hasOne", _):
            guard case .table(let origin, _) = receiver else {
                throw ArborError(
                    "`\(name)` builds an association from a table, as in `Book.\(name)(Author.self)`", at: nameRange)
            }
            return .association(try associationFactory(name, origin: origin, arguments: arguments, range: range))
        default:
            let known =
                Self.requestMethodNames.contains(name) || ["min", "max", "average", "sum", "total"].contains(name)
            if let forms = Self.requestMethodForms[name] {
                throw Self.callMismatch(name, arguments: arguments, forms: forms, nameRange: nameRange)
            }
            if known {
                throw ArborError(
                    "`\(name)` does not take the arguments \(labels.signature) on \(base.kindName)", at: range)
            }
            if let what = UnsupportedGRDB.methods[name] { throw UnsupportedGRDB.error(what, at: nameRange) }
            throw ArborError(
                "\(base.kindName) has no method `\(name)`", at: nameRange,
                suggestion: Suggestions.didYouMean(name, in: Array(Self.requestMethodNames)))
        }
    }

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
                    terms.append(OrderingTerm(.literal(fragment), .none))
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
                    guard case .dictionary(let entries) = value else { return [:] }
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
