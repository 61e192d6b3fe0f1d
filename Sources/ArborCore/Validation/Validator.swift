/// Rejects, with a located message, every plan GRDB would stop the process on
/// (docs/ARCHITECTURE.md §5). GRDB's traps cannot be caught: this is the only defence.
public struct Validator {
    public let schema: SchemaGraph
    /// Where to underline errors found in the plan (the statement's range).
    public let range: SourceRange?
    /// The aliases the requests around a subquery attach: a correlated subquery may use
    /// them (`Team.aliased(t).filter(Player.filter { $0.teamId == t.id }.exists())`).
    var enclosingAliases: Set<Int> = []

    public init(schema: SchemaGraph, range: SourceRange?) {
        self.schema = schema
        self.range = range
    }

    /// The plan, once every rule passed: the only way to a `ValidatedPlan`, which is
    /// what `Lowering` takes. (Discardable for callers that only ask whether it passes.)
    @discardableResult
    public func validate(_ plan: RequestPlan) throws -> ValidatedPlan {
        // Raw SQL runs as written: SQLite checks it when it compiles it.
        if let fragment = plan.rawSQL {
            try checkRawSQL(fragment)
        } else {
            try checkEmbedded(plan)
            try validateParts(plan)
        }
        return ValidatedPlan(checked: plan)
    }

    /// Every check but that of embedded CTEs, which a subquery may find in the outer request.
    func validateParts(_ plan: RequestPlan) throws {
        var validator = self
        validator.enclosingAliases.formUnion(AttachedAliases.ids(in: plan.levelOperations))
        try validator.validateLevelParts(plan)
    }

    private func validateLevelParts(_ plan: RequestPlan) throws {
        if let cte = plan.commonTableExpression {
            try checkCommonTableExpression(cte)
            try checkExcludedColumns(ofCommonTable: cte.name, in: plan.levelOperations)
        }
        if case .associated(let record, let association) = plan.root {
            try checkRecordRequest(record, association)
        }
        let operations = plan.levelOperations
        try checkLevel(table: plan.table, operations: operations, context: .root)
        try checkAliases(table: plan.table, operations: operations)
        try NamedArguments.check(plan, fail: fail)
        try PrefetchAliases.check(operations, fail: fail)
        var rootAlias: String?
        try JoinGraph.fill(JoinGraph.Node(), operations: operations, aliasName: &rootAlias, fail: fail)
    }

    /// `record.request(for: association)`: GRDB resolves the foreign key as it does
    /// for a prefetch (`including(all:)`), and traps where it would trap there.
    func checkRecordRequest(_ record: RecordValue, _ association: AssociationPlan) throws {
        try checkAssociation(association, from: record.table, context: .prefetched)
        if case .through(_, _, let pivot, _, _) = association.base { try checkJoined(pivot) }
    }

    /// How a level is joined to its parent: GRDB forbids some refinements depending on it.
    enum Context: Equatable {
        case root
        /// `including(all:)` destination: a query of its own.
        case prefetched
        /// The destination of a through association's `including(all:)`: a query of
        /// its own, but one that joins the pivots.
        case prefetchedThrough
        /// A to-one join, or a pivot, or an aggregated association.
        case joined(optional: Bool, aggregated: Bool)

        var isOptional: Bool {
            if case .joined(let optional, _) = self { return optional }
            return false
        }

        var isAggregated: Bool {
            if case .joined(_, let aggregated) = self { return aggregated }
            return false
        }
    }

    func fail(_ message: String, suggestion: String? = nil) -> ArborError {
        ArborError(message, at: range, suggestion: suggestion)
    }

    func checkLevel(table: String, operations: [RequestOperation], context: Context) throws {
        // Names GRDB would write unescaped (the language refuses them earlier; declarations may not).
        if !GRDBQuoting.canQuote(table) { throw fail(GRDBQuoting.problem("table", table)) }
        var hasJoin = false
        var literalSelection = false
        var literalOrdering = false
        var customSelection: [Selectable]?
        /// The record type whose `databaseSelection` is `customSelection`, for messages.
        var selectionType: String?
        var prefetched: [AssociationPlan] = []

        for operation in operations {
            switch operation {
            case .including(let kind, let association), .joining(let kind, let association):
                // An aggregate joins optionally (T1): said first, as the outer association may be required.
                if context.isAggregated, kind == .required {
                    throw fail(
                        "an aggregated association can not require `\(association.displayName)`: aggregates join optionally",
                        suggestion: "use `joining(optional:)`/`including(optional:)` inside it")
                }
                if kind == .required && context.isOptional {
                    throw fail(
                        "`\(association.displayName)` is required inside an optional association: GRDB can not join it",
                        suggestion:
                            "use `including(optional:)`/`joining(optional:)` here, or make the outer one required")
                }
                hasJoin = true
                if kind == .all {
                    prefetched.append(association)
                    try checkPrefetched(association, from: table)
                } else {
                    let inner = Context.joined(
                        optional: context.isOptional || kind == .optional, aggregated: context.isAggregated)
                    try checkAssociation(association, from: table, context: inner)
                    try checkJoined(association)
                    try checkLevel(table: association.destination, operations: association.operations, context: inner)
                }
            case .annotatedWithRequired(let association), .annotatedWithOptional(let association):
                let required: Bool = if case .annotatedWithRequired = operation { true } else { false }
                if association.hasPrefetch {
                    throw fail(
                        "`including(all:)` has no place in `annotated(with…:)` (`\(association.displayName)`): its columns join the row"
                    )
                }
                if required && context.isAggregated {
                    throw fail(
                        "an aggregated association can not hold `annotated(withRequired:)`: aggregates join optionally")
                }
                if required && context.isOptional {
                    throw fail("`annotated(withRequired:)` inside an optional association: GRDB can not join it")
                }
                let inner = Context.joined(optional: context.isOptional || !required, aggregated: context.isAggregated)
                try checkAssociation(association, from: table, context: inner)
                try checkJoined(association)
                try checkLevel(table: association.destination, operations: association.operations, context: inner)
                hasJoin = true
            case .filter(let e), .having(let e):
                try checkExpression(e, table: table)
                if e.containsAggregate { hasJoin = true }
            case .annotated(let selection):
                for case .expression(let e) in selection {
                    try checkExpression(e, table: table)
                    if e.containsAggregate { hasJoin = true }
                    if case .literal = e { literalSelection = true }
                }
            case .select(let selection), .databaseSelection(_, let selection):
                if selection.isEmpty { throw fail("`select` needs at least one column") }
                customSelection = selection
                if case .databaseSelection(let type, _) = operation {
                    selectionType = type
                } else {
                    selectionType = nil
                }
                literalSelection = selection.contains { if case .expression(.literal) = $0 { true } else { false } }
                for case .expression(let e) in selection { try checkExpression(e, table: table) }
            case .selectSQL(let sql, let arguments):
                try checkPlaceholders(sql, arguments)
                literalSelection = true
                customSelection = nil
            case .selectLiteral(let fragment):
                try checkFragment(fragment, table: table)
                literalSelection = true
                customSelection = nil
            case .filterSQL(let sql, let arguments):
                try checkPlaceholders(sql, arguments)
            case .filterLiteral(let fragment), .havingLiteral(let fragment), .groupLiteral(let fragment):
                try checkFragment(fragment, table: table)
            case .orderSQL(let sql, let arguments):
                try checkPlaceholders(sql, arguments)
                literalOrdering = true
            case .orderLiteral(let fragment):
                try checkFragment(fragment, table: table)
                literalOrdering = true
            case .matching:
                try checkFullText(table: table)
            case .order(let terms):
                literalOrdering = terms.contains(where: \.isSQLLiteral)
                for term in terms { try checkExpression(term.expression, table: table) }
            case .unordered:
                literalOrdering = false
            case .reversed:
                if literalOrdering || Self.joinedLiteralOrdering(operations) {
                    throw fail(
                        "GRDB can not reverse an ordering written in SQL",
                        suggestion: "order by `SQL(\"…\").sqlExpression` instead of `order(sql:)`")
                }
            case .filterKeys(let keys):
                try checkScalarKeys(table: table, count: keys.count)
            case .filterKeyDictionaries(let dictionaries):
                try checkKeyDictionaries(table: table, dictionaries)
            case .group(let expressions):
                for e in expressions { try checkExpression(e, table: table) }
            case .with(let cte):
                try checkCommonTableExpression(cte)
            case .distinct, .none, .limit, .aliased, .forKey, .orderByPrimaryKey:
                break
            }
        }
        if literalSelection && hasJoin {
            throw fail(
                "GRDB can not count the columns of a selection written in SQL when the request joins associations",
                suggestion: "select `SQL(\"…\").sqlExpression.forKey(\"name\")` or columns instead")
        }
        if literalSelection, context == .prefetchedThrough {
            throw fail(
                "GRDB can not count the columns of a selection written in SQL on a through association it prefetches",
                suggestion: "select columns, or `SQL(\"…\").sqlExpression.forKey(\"name\")`")
        }
        if literalSelection, context != .root && context != .prefetched {
            throw fail("a selection written in SQL can not be used on a joined association")
        }
        if let selection = customSelection, !prefetched.isEmpty {
            try checkPrefetchSelection(
                table: table, selection: selection, prefetched: prefetched, declaredBy: selectionType)
        }
    }

    /// True when an association joined by these operations (not prefetched) is
    /// ordered in SQL: `reversed()` reverses joined orderings too, and GRDB can not
    /// reverse SQL (T17).
    static func joinedLiteralOrdering(_ operations: [RequestOperation]) -> Bool {
        func ordersInSQL(_ association: AssociationPlan) -> Bool {
            let own = association.operations.contains { operation in
                switch operation {
                case .orderSQL, .orderLiteral: return true
                case .order(let terms):
                    return terms.contains(where: \.isSQLLiteral)
                default: return false
                }
            }
            if own || joinedLiteralOrdering(association.operations) { return true }
            if case .through(_, _, let pivot, let target, _) = association.base {
                return ordersInSQL(pivot) || ordersInSQL(target)
            }
            return false
        }
        for operation in operations {
            switch operation {
            case .including(.all, _):
                continue
            case .including(_, let a), .joining(_, let a), .annotatedWithRequired(let a), .annotatedWithOptional(let a):
                if ordersInSQL(a) { return true }
            case .filter(let e), .having(let e):
                if e.aggregatedAssociations.contains(where: ordersInSQL) { return true }
            case .annotated(let selection):
                for case .expression(let e) in selection where e.aggregatedAssociations.contains(where: ordersInSQL) {
                    return true
                }
            default:
                continue
            }
        }
        return false
    }

    /// Refinements GRDB refuses on an association it joins (T8).
    func checkJoined(_ association: AssociationPlan) throws {
        for operation in association.operations {
            switch operation {
            case .distinct:
                throw fail(
                    "GRDB can not join `\(association.displayName)` with `distinct()`: only `including(all:)` accepts it"
                )
            case .group, .having, .groupLiteral, .havingLiteral:
                throw fail(
                    "GRDB can not join `\(association.displayName)` with a GROUP BY: only `including(all:)` accepts it")
            case .annotated(let selection):
                for case .expression(let e) in selection where e.containsAggregate {
                    throw fail(
                        "GRDB can not join `\(association.displayName)` annotated with an aggregate: only `including(all:)` accepts it"
                    )
                }
            default:
                break
            }
        }
        if case .through(_, _, let pivot, let target, _) = association.base {
            try checkJoined(pivot)
            try checkJoined(target)
        }
    }

    /// Foreign key resolution, and the pivots and target of through associations,
    /// which GRDB joins in the same way (`context`) as the association itself.
    func checkAssociation(_ association: AssociationPlan, from table: String, context: Context) throws {
        guard association.origin.sqlFolded == table.sqlFolded else {
            throw fail("`\(association.displayName)` starts from `\(association.origin)`, not from `\(table)`")
        }
        switch association.base {
        case .commonTable(_, let cte, let condition):
            if context == .prefetched {
                throw fail("`including(all:)` needs a to-many association; `\(association.displayName)` is to-one")
            }
            try checkCommonTableExpression(cte)
            try checkExcludedColumns(ofCommonTable: cte.name, in: association.operations)
            if let condition { try checkExpression(condition.expression, table: table) }
        case .direct(let kind, let origin, let destination, _, let foreignKey):
            try ForeignKeyResolver(schema: schema).resolve(
                kind: kind, origin: origin, destination: destination, foreignKey: foreignKey,
                displayName: association.displayName, range: range)
        case .through(_, let origin, let pivot, let target, _):
            // GRDB prefetches (and makes `record.request(for:)`) through the foreign key of
            // the first step; a common-table pivot has a condition instead (T25).
            if context == .prefetched, case .commonTable(_, let cte, _) = Self.firstStep(of: pivot).base {
                throw fail(
                    "GRDB can not prefetch `\(association.displayName)`: its pivot joins the common table expression `\(cte.name)` by a condition, not by a foreign key"
                )
            }
            // The pivots of a prefetch are joined (required) in the prefetch query.
            let stepContext: Context = context == .prefetched ? .joined(optional: false, aggregated: false) : context
            try checkAssociation(pivot, from: origin, context: stepContext)
            try checkAssociation(target, from: pivot.destination, context: stepContext)
            try checkLevel(table: pivot.destination, operations: pivot.operations, context: stepContext)
            try checkJoined(pivot)
            if context == .prefetched {
                try checkLevel(table: target.destination, operations: target.operations, context: .prefetchedThrough)
            } else {
                try checkJoined(target)
                try checkLevel(table: target.destination, operations: target.operations, context: stepContext)
            }
        }
    }

    /// The first association of a chain of through associations: GRDB's pivot.
    static func firstStep(of association: AssociationPlan) -> AssociationPlan {
        if case .through(_, _, let pivot, _, _) = association.base { return firstStep(of: pivot) }
        return association
    }

    func checkExpression(_ e: SQLExpr, table: String) throws {
        switch e {
        case .aggregate(let aggregate):
            let association = aggregate.association
            if association.hasPrefetch {
                throw fail("`including(all:)` has no place in an aggregated association (`\(association.displayName)`)")
            }
            try checkAssociation(association, from: table, context: .joined(optional: true, aggregated: true))
            try checkJoined(association)
            try checkLevel(
                table: association.destination, operations: association.operations,
                context: .joined(optional: true, aggregated: true))
            switch aggregate {
            case .count, .isEmpty:
                if let destination = schema.table(named: association.destination) {
                    if destination.isView {
                        throw fail("`count`/`isEmpty` need a table with a primary key; `\(destination.name)` is a view")
                    }
                    if destination.isWithoutRowID && destination.primaryKey.count > 1 {
                        throw fail(
                            "GRDB can not count `\(association.displayName)`: `\(destination.name)` is a WITHOUT ROWID table with a composite primary key",
                            suggestion: "use `max(…)`/`min(…)` of a column instead")
                    }
                }
            default:
                break
            }
        case .binary(_, let l, let r):
            try checkExpression(l, table: table)
            try checkExpression(r, table: table)
        case .not(let x), .negated(let x), .collating(let x, _), .cast(let x, _), .named(let x, _), .bitwiseNot(let x):
            try checkExpression(x, table: table)
        case .function(_, let args), .joined(_, let args):
            for a in args { try checkExpression(a, table: table) }
        case .filteredAggregate(_, let x, let f):
            try checkExpression(x, table: table)
            try checkExpression(f, table: table)
        case .json(let call):
            for operand in call.operands { try checkExpression(operand, table: table) }
        case .like(let a, let b, let c):
            try checkExpression(a, table: table)
            try checkExpression(b, table: table)
            if let c { try checkExpression(c, table: table) }
        case .inList(let list, let x):
            for a in list { try checkExpression(a, table: table) }
            try checkExpression(x, table: table)
        case .closedRange(let lo, let hi, let x), .halfOpenRange(let lo, let hi, let x):
            try checkExpression(lo, table: table)
            try checkExpression(hi, table: table)
            try checkExpression(x, table: table)
        case .literal(let fragment):
            try checkFragment(fragment, table: table)
        case .subquery(let plan), .exists(let plan):
            try checkSubquery(plan)
        case .inSubquery(let plan, let x):
            try checkSubquery(plan)
            try checkExpression(x, table: table)
        case .match(let name, _):
            try checkFullText(table: table)
            if !GRDBQuoting.canQuote(name) {
                throw fail(GRDBQuoting.problem("column", name), suggestion: GRDBQuoting.suggestion)
            }
        case .column(let name, _), .detached(let name):
            if !GRDBQuoting.canQuote(name) {
                throw fail(GRDBQuoting.problem("column", name), suggestion: GRDBQuoting.suggestion)
            }
        case .value, .aliasExists:
            break
        }
    }

    /// `filter(key:)` with scalar keys needs a single-column primary key (T18).
    func checkScalarKeys(table: String, count: Int) throws {
        guard let info = schema.table(named: table) else { return }
        if info.isView { throw fail("`filter(key:)` needs a table with a primary key; `\(info.name)` is a view") }
        if info.primaryKey.count > 1 {
            throw fail(
                "`\(info.name)` has a composite primary key (\(info.primaryKey.joined(separator: ", "))): filter it with a dictionary",
                suggestion: "for example `filter(key: ["
                    + info.primaryKey.map { "\"\($0)\": …" }.joined(separator: ", ") + "])`")
        }
    }

    /// `filter(key: ["a": 1])` needs the primary key or a unique index among its columns (T19).
    func checkKeyDictionaries(table: String, _ dictionaries: [[String: SQLValue]]) throws {
        guard let info = schema.table(named: table) else { return }
        if info.isView { throw fail("`filter(key:)` needs a table with a primary key; `\(info.name)` is a view") }
        let keys = [info.primaryKey] + info.uniqueIndexes
        for dictionary in dictionaries {
            if let name = dictionary.keys.first(where: { !GRDBQuoting.canQuote($0) }) {
                throw fail(GRDBQuoting.problem("column", name))
            }
            let columns = Set(dictionary.keys.map { $0.sqlFolded })
            let covered = keys.contains { key in !key.isEmpty && Set(key.map { $0.sqlFolded }).isSubset(of: columns) }
            let suggestion =
                "its unique keys: "
                + keys.filter { !$0.isEmpty }.map { $0.joined(separator: "+") }.joined(separator: ", ")
            if dictionary.isEmpty {
                throw fail(
                    "an empty key dictionary names no unique key of table `\(info.name)`", suggestion: suggestion)
            }
            if !covered {
                throw fail(
                    "table `\(info.name)` has no unique key on \(dictionary.keys.sorted().joined(separator: ", "))",
                    suggestion: suggestion)
            }
        }
    }

    /// A prefetch reads the parent's key columns: they must be selected (T20/T21).
    /// `type` is the record type when the selection is its `databaseSelection`.
    func checkPrefetchSelection(
        table: String, selection: [Selectable], prefetched: [AssociationPlan], declaredBy type: String? = nil
    ) throws {
        if selection.contains(where: { if case .allColumns = $0 { true } else { false } }) { return }
        let excluded = selection.compactMap { item -> Set<String>? in
            if case .allColumnsExcluding(let names) = item { return Set(names.map(\.sqlFolded)) }
            return nil
        }
        let selected = Set(
            selection.compactMap { item -> String? in
                if case .expression(.column(let name, _)) = item { return name.sqlFolded }
                return nil
            })
        for association in prefetched {
            let needed = parentColumns(of: association)
            // `.allColumns(excluding:)` selects every column it does not name.
            let missing = needed.filter { column in
                !selected.contains(column.sqlFolded) && !excluded.contains { !$0.contains(column.sqlFolded) }
            }
            if !missing.isEmpty {
                throw fail(
                    "`including(all: \(association.displayName))` needs the column\(missing.count > 1 ? "s" : "") \(missing.joined(separator: ", ")) of `\(table)` in the selection"
                        + (type.map { ", which `\($0).databaseSelection` leaves out" } ?? ""),
                    suggestion: "add `Column(\"\(missing[0])\")` to "
                        + (type.map { "`\($0).databaseSelection` or " } ?? "")
                        + "`select`")
            }
        }
    }

    /// The columns of the origin a to-many association is joined on.
    func parentColumns(of association: AssociationPlan) -> [String] {
        switch association.base {
        case .direct(let kind, let origin, let destination, _, let foreignKey):
            let resolved = try? ForeignKeyResolver(schema: schema).resolve(
                kind: kind, origin: origin, destination: destination, foreignKey: foreignKey,
                displayName: association.displayName, range: range)
            guard let resolved else { return [] }
            return kind == .belongsTo ? resolved.originColumns : (resolved.destinationColumns ?? [])
        case .through(_, _, let pivot, _, _):
            return parentColumns(of: pivot)
        case .commonTable:
            return []
        }
    }

    /// Placeholders of raw SQL must match the arguments (T23: GRDB uses `try!` there).
    /// GRDB binds a statement's arguments with `try!` (T23): every placeholder of
    /// a raw SQL piece must have its argument, and every positional argument its `?`.
    func checkPlaceholders(_ sql: String, _ arguments: SQLArguments) throws {
        let placeholders = SQLPlaceholders.scan(sql)
        if placeholders.numbered > 0 {
            throw fail("numbered SQL arguments (`?1`) are not supported here; use `?` or `:name` placeholders")
        }
        if let missing = placeholders.named.first(where: { arguments.named[$0] == nil }) {
            throw fail(
                "the SQL uses the named argument `:\(missing)` but the arguments have no \(SQLValue.swiftQuoted(missing))",
                suggestion: arguments.named.isEmpty
                    ? "give it with `arguments: [\(SQLValue.swiftQuoted(missing)): value]`"
                    : "named arguments given: " + arguments.named.keys.sorted().joined(separator: ", "))
        }
        let count = arguments.positional.count
        if placeholders.positional != count {
            throw fail(
                "the SQL has \(placeholders.positional) `?` placeholder\(placeholders.positional == 1 ? "" : "s") but \(count) argument\(count == 1 ? "" : "s")"
            )
        }
    }

    /// An `SQL` literal: its raw pieces bind their own arguments, and what is
    /// interpolated gets the checks of any expression.
    func checkFragment(_ fragment: SQLFragment, table: String) throws {
        for piece in fragment.rawPieces { try checkPlaceholders(piece.sql, piece.arguments) }
        try checkInterpolated(fragment, table: table)
    }

    /// One alias per table, one name per alias, and every used alias attached (T2-T5).
    func checkAliases(table rootTable: String, operations rootOperations: [RequestOperation]) throws {
        // Two aliases of one name are one alias when GRDB merges their joins (a join graph GRDB
        // stops on is reported after this check).
        let joins = JoinGraph.Node()
        var rootAlias: String?
        _ = try? JoinGraph.fill(joins, operations: rootOperations, aliasName: &rootAlias, fail: fail)
        let mergedAliases = joins.mergedAliases
        func merged(_ a: Int, _ b: Int) -> Bool { mergedAliases.contains { $0.contains(a) && $0.contains(b) } }
        var tableOfAlias: [Int: String] = [:]
        var idOfName: [String: Int] = [:]
        var used: Set<Int> = []
        func visit(_ table: String, _ operations: [RequestOperation]) throws {
            var aliasedHere = 0
            for operation in operations {
                switch operation {
                case .aliased(let alias):
                    aliasedHere += 1
                    if aliasedHere > 1 { throw fail("a request or association takes one `aliased(_:)`") }
                    if let existing = tableOfAlias[alias.id], existing.sqlFolded != table.sqlFolded || existing != table
                    {
                        throw fail("one TableAlias can not refer to two tables (`\(existing)` and `\(table)`)")
                    }
                    if tableOfAlias[alias.id] != nil {
                        throw fail("one TableAlias can not be used for two joins: create one alias per join")
                    }
                    tableOfAlias[alias.id] = table
                    if let name = alias.name?.sqlFolded {
                        if let other = idOfName[name], other != alias.id, !merged(other, alias.id) {
                            throw fail("two aliases are named \"\(alias.name ?? "")\" in one request")
                        }
                        idOfName[name] = alias.id
                    }
                case .including(_, let a), .joining(_, let a), .annotatedWithRequired(let a),
                    .annotatedWithOptional(let a):
                    try visitAssociation(a)
                case .filter(let e), .having(let e):
                    collect(e)
                case .order(let terms):
                    for term in terms { collect(term.expression) }
                case .select(let s), .databaseSelection(_, let s), .annotated(let s):
                    for item in s {
                        switch item {
                        case .expression(let e): collect(e)
                        case .allColumns(let alias?): used.insert(alias.id)
                        default: break
                        }
                    }
                case .group(let es):
                    for e in es { collect(e) }
                case .filterLiteral(let f), .orderLiteral(let f), .selectLiteral(let f), .havingLiteral(let f),
                    .groupLiteral(let f):
                    used.formUnion(f.aliasesUsed)
                default:
                    break
                }
            }
        }
        func visitAssociation(_ association: AssociationPlan) throws {
            if case .through(_, _, let pivot, let target, _) = association.base {
                try visitAssociation(pivot)
                try visitAssociation(target)
            }
            try visit(association.destination, association.operations)
        }
        func collect(_ e: SQLExpr) {
            switch e {
            case .column(_, let alias?): used.insert(alias.id)
            case .aliasExists(let alias): used.insert(alias.id)
            case .binary(_, let l, let r):
                collect(l)
                collect(r)
            case .not(let x), .negated(let x), .collating(let x, _), .cast(let x, _), .named(let x, _),
                .bitwiseNot(let x):
                collect(x)
            case .function(_, let args), .joined(_, let args): args.forEach(collect)
            case .filteredAggregate(_, let x, let f):
                collect(x)
                collect(f)
            case .json(let call): call.operands.forEach(collect)
            case .like(let a, let b, let c):
                collect(a)
                collect(b)
                if let c { collect(c) }
            case .inList(let list, let x):
                list.forEach(collect)
                collect(x)
            case .closedRange(let lo, let hi, let x), .halfOpenRange(let lo, let hi, let x):
                collect(lo)
                collect(hi)
                collect(x)
            case .aggregate(let a):
                try? visitAssociation(a.association)
            case .literal(let f):
                used.formUnion(f.aliasesUsed)
            default:
                break
            }
        }
        try visit(rootTable, rootOperations)
        for id in used where tableOfAlias[id] == nil && !enclosingAliases.contains(id) {
            throw fail("a TableAlias is used in an expression but never attached with `aliased(_:)`")
        }
    }
}

extension Validator {
    /// An `including(all:)` association from `table`: its own query, its columns, its level.
    func checkPrefetched(_ association: AssociationPlan, from table: String) throws {
        try checkAssociation(association, from: table, context: .prefetched)
        try checkPrefetchColumns(association)
        // A through association's prefetch query joins its pivots.
        try checkLevel(
            table: association.destination, operations: association.operations,
            context: association.base.kind.isThrough ? .prefetchedThrough : .prefetched)
    }
}
