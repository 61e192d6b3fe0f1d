import ArborCore

/// Evaluates expressions of the language against an `Environment`: resolves
/// names, checks what each method accepts, and builds request and association
/// plans. It never touches the database.
public final class Evaluator {
    public var environment: Environment
    /// Set by Ctrl-C: resolving loaded code stops at its next step (`ProgramResolver`).
    public var cancellation: Cancellation?

    var scope = Scope()
    /// Inside a request method's body: the type aliases of its extension, by name
    /// (`Cols` for `Book.Columns`). Kept out of `scope`, as type paths are resolved
    /// while a scope is being set up.
    var extensionTypeAliases: [String: String] = [:]
    var depth = 0
    static let maximumDepth = 200
    /// The names the scopes of types lack, while loading forces the members (nil otherwise).
    var enclosingMisses: EnclosingMisses?

    /// What a `let` binds for a value (`let author = try Author.fetchOne(db, id: 1)`
    /// fetches a record). The session gives it: the evaluator never touches the database.
    public typealias Binder = (
        _ value: Value, _ name: String, _ range: SourceRange, _ site: BindingSite, Environment
    ) throws -> Value
    public var binder: Binder?

    /// Where a `let` is: the session's top level (`let books = try Book.fetchAll(db)` at the
    /// prompt keeps the request, shown a window at a time), or app code (a method's body,
    /// a closure), where it binds what Swift binds.
    public enum BindingSite: Sendable { case session, appCode }

    /// `value` as a `let` binds it.
    public func bound(_ value: Value, name: String, range: SourceRange, site: BindingSite = .appCode) throws -> Value {
        guard let binder else { return value }
        // `let any = try Player.fetchCount(db) > 0` in app code binds the Bool Swift computes.
        if site == .appCode, case .fetchComparison = value { return try fetchedSwiftValue(value, range: range) }
        let bound = try binder(value, name, range, site, environment)
        // Records read from rows go through their type's own `init(row:)`, as GRDB decodes them.
        guard case .fetch = value else { return bound }
        return initializedFromRows(bound, range: range)
    }

    public init(environment: Environment) {
        self.environment = environment
    }

    /// Evaluates `expr` with no receiver.
    public func evaluate(_ expr: Expr) throws -> Value {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw ArborError("expression nested too deep (limit \(Self.maximumDepth))", at: expr.range)
        }
        let value = try evaluateUnbounded(expr)
        if let excess = Self.excess(of: value) {
            throw ArborError("this value is too large: \(excess)", at: expr.range)
        }
        return value
    }

    /// What a value exceeds of `PlanSize`'s bounds, if anything.
    static func excess(of value: Value) -> String? {
        switch value {
        case .request(let plan), .fetch(let plan, _): PlanSize.excess(of: plan)
        case .association(let association): PlanSize.excess(of: association)
        case .expression(let e): PlanSize.excess(of: e)
        case .ordering(let term): PlanSize.excess(of: term.expression)
        case .selection(.expression(let e)): PlanSize.excess(of: e)
        default: nil
        }
    }

    private func evaluateUnbounded(_ expr: Expr) throws -> Value {
        switch expr.kind {
        case .identifier(let name):
            return try identifier(name, range: expr.range)
        case .integer(let i):
            return .expression(.value(.integer(i)))
        case .double(let d):
            return .expression(.value(.real(d)))
        case .string(let s):
            return .expression(.value(.text(s)))
        case .interpolatedString(let segments):
            return try swiftString(segments)
        case .bool(let b):
            return .expression(.value(.bool(b)))
        case .nilLiteral:
            return .expression(.value(.null))
        case .array(let elements):
            return .array(try elements.map(evaluate))
        case .dictionary(let entries):
            return .dictionary(try dictionaryLiteral(entries))
        case .member(let base, let name, let nameRange):
            if base.kind == .identifier("Column"), name == "rowID" { return .expression(.column("rowid", alias: nil)) }
            // `self.score` in an initializer, once the body has assigned it.
            if base.kind == .identifier("self"), let value = scope.initializing?.assigned[name] { return value }
            if let key = synthesizedCodingKey(base, name) { return key }
            if name == "rawValue", let raw = try columnCaseRawValue(base) { return raw }
            if case .identifier(let type) = base.kind, local(type) == nil, environment.binding(type) == nil,
                let value = try builtinStatic(type, name, arguments: nil, range: expr.range)
            {
                return value
            }
            if let value = try enumMember(name, of: base, arguments: nil, range: expr.range, nameRange: nameRange) {
                return value
            }
            let baseValue: Value
            do {
                // `Column("total").detached` names a selected value on purpose: no joined-column check.
                baseValue =
                    name == "detached"
                    ? try withScope({ $0.selectedNamesAreQualified = false }) { try evaluate(base) }
                    : try evaluate(base)
            } catch let error as ArborError {
                throw undeclaredColumns(base, column: name, nameRange: nameRange) ?? error
            }
            // `movie?.title` (the parser drops the `?`): a member of Swift's nil is nil, as optional chaining.
            if case .expression(.value(.null)) = baseValue, base.kind != .nilLiteral { return baseValue }
            return try member(name, of: baseValue, range: expr.range, nameRange: nameRange)
        case .implicitMember(let name):
            return .implicitMember(name)
        case .call(let callee, let arguments):
            return try call(callee, arguments: arguments, range: expr.range)
        case .subscripted(let base, let arguments):
            return try subscripted(evaluate(base), arguments: arguments, range: expr.range)
        case .binary(let op, let lhs, let rhs):
            return try binary(op, lhs, rhs, range: expr.range)
        case .prefix(let op, let operand):
            return try prefix(op, operand, range: expr.range)
        case .closure:
            throw ArborError("a closure is only accepted as the argument of a request method", at: expr.range)
        case .keyPath(_, let components):
            guard let name = components.first else {
                throw ArborError("a key path names one column, as in `\\.name`", at: expr.range)
            }
            // `\.score.desc`: the column, then GRDB's members of it (`order(\.score.desc)`).
            var value = Value.expression(try column(name, range: expr.range))
            for member in components.dropFirst() {
                guard let next = try grdbProperty(member, of: value, range: expr.range, nameRange: expr.range) else {
                    throw ArborError(
                        "a key path names one column and GRDB's members of it, as in `\\.name` or `\\.score.desc`",
                        at: expr.range)
                }
                value = next
            }
            return value
        case .anonymousArgument(let n):
            if let value = local("$\(n)")?.value { return value }
            throw ArborError("`$\(n)` is only defined inside a closure argument", at: expr.range)
        case .parenthesized(let inner):
            return try evaluate(inner)
        case .forceUnwrapped(let inner):
            // Values of the language are not optional, except a pattern of a failable initializer.
            let value = try evaluate(inner)
            if case .fullTextPattern(var pattern) = value {
                pattern.isUnwrapped = true
                return .fullTextPattern(pattern)
            }
            // `record!` where the fetch found no row: Swift stops the program there.
            if case .absentRecord(let table, let binding) = value {
                throw ArborError(
                    "`\(binding)` is nil: no `\(environment.displayName(ofTable: table))` was found, and `\(binding)!` stops the program",
                    at: expr.range)
            }
            return value
        case .conditional(let condition, let then, let otherwise):
            return try evaluate(truth(condition) ? then : otherwise)
        case .unsupported(let what):
            throw ArborError("arbor does not interpret \(what) here", at: expr.range)
        }
    }

    /// `Column("name")` checked against the table in scope.
    func column(_ name: String, range: SourceRange, alias: AliasID? = nil) throws -> SQLExpr {
        guard GRDBQuoting.canQuote(name) else {
            throw ArborError(GRDBQuoting.problem("column", name), at: range, suggestion: GRDBQuoting.suggestion)
        }
        if alias == nil, let tableName = scope.columnTable, let table = environment.schema.table(named: tableName) {
            let lowered = name.lowercased()
            let known =
                table.column(named: name) != nil || scope.extraColumns.contains(lowered)
                || (table.hasRowID && ["rowid", "oid", "_rowid_"].contains(lowered))
            if known, table.column(named: name) == nil, scope.selectedNamesAreQualified,
                scope.extraColumns.contains(lowered)
            {
                throw Self.selectedNameAsColumn(name, table: table.name, range: range)
            }
            if !known {
                throw ArborError(
                    "table `\(table.name)` has no column `\(name)`", at: range,
                    suggestion: Suggestions.didYouMean(name, in: table.columns.map(\.name))
                        ?? "its columns: " + table.columns.map(\.name).joined(separator: ", "))
            }
        }
        return .column(name, alias: alias)
    }

    /// Runs `body` with the scope changed by `update`, restoring it afterwards.
    func withScope<T>(_ update: (inout Scope) -> Void, _ body: () throws -> T) rethrows -> T {
        let saved = scope
        update(&scope)
        defer { scope = saved }
        return try body()
    }

    // MARK: Operators

    func binary(_ op: BinaryOperator, _ lhs: Expr, _ rhs: Expr, range: SourceRange) throws -> Value {
        let l = try evaluate(lhs)
        let joinsLiterals = GRDBAPI.joinsLiterals(op.rawValue)
        let r: Value
        // `query + "FROM \(Player.self)"`: beside an `SQL`, Swift reads a string literal as `SQL`.
        if joinsLiterals, case .sqlLiteral = l, case .interpolatedString(let segments) = rhs.kind {
            r = .sqlLiteral(try sqlFragment(segments))
        } else {
            r = try evaluate(rhs)
        }
        if op == .nilCoalescing, let coalesced = try optionalCoalescing(l, lhs, r) { return coalesced }
        if let compared = try fetchComparison(op, l, lhs, r, rhs, range: range) { return compared }
        if joinsLiterals, let joined = try sqlConcatenation(l, lhs, r, rhs) { return joined }
        // `Player.databaseSelection + [Column("x")]`: Swift's array concatenation.
        if op == .add, case .array(let left) = l, case .array(let right) = r { return .array(left + right) }
        if let compared = caseComparison(op, l, lhs, r, rhs) { return compared }
        if op == .closedRange || op == .halfOpenRange {
            return .range(
                lower: try sqlExpression(l, range: lhs.range), upper: try sqlExpression(r, range: rhs.range),
                closed: op == .closedRange)
        }
        guard let entry = GRDBAPI.infixOperator(op.rawValue), case .binary(let sqlOp) = entry.builds else {
            throw ArborError("GRDB has no `\(op.rawValue)` operator on requests' expressions", at: range)
        }
        let left = try sqlExpression(l, range: lhs.range)
        let right = try sqlExpression(r, range: rhs.range)
        // GRDB's `??` is `aggregate ?? value`: an aggregate on the right does not compile.
        if sqlOp == .nilCoalescing, right.containsAggregate {
            throw ArborError(
                "GRDB's `??` takes an association aggregate on its left and a value on its right", at: rhs.range,
                suggestion: left.containsAggregate ? nil : "as in `Author.books.max(Column(\"year\")) ?? 0`")
        }
        if sqlOp.isBitwise { return try bitwise(sqlOp, left, lhs, right, rhs, range: range) }
        if case .value(let a) = left, case .value(let b) = right,
            let folded = try ConstantFolding.fold(sqlOp, a, b, range: range)
        {
            return .expression(.value(folded))
        }
        return .expression(.binary(sqlOp, left, right))
    }

    func prefix(_ op: PrefixOperator, _ operand: Expr, range: SourceRange) throws -> Value {
        let value = try sqlExpression(evaluate(operand), range: operand.range)
        // Swift's unary plus: the operand itself.
        guard op != .plus else { return .expression(value) }
        guard let entry = GRDBAPI.prefixOperator(op.rawValue) else {
            throw ArborError(
                "the prefix `\(op.rawValue)` operator on requests' expressions is not supported yet", at: range)
        }
        switch (entry.builds, value) {
        case (.negation, .value(.integer(let i))) where i != Int64.min: return .expression(.value(.integer(-i)))
        case (.negation, .value(.real(let d))): return .expression(.value(.real(-d)))
        case (.not, .value(.bool(let b))): return .expression(.value(.bool(!b)))
        case (.not, _): return .expression(.not(value))
        case (.negation, _): return .expression(.negated(value))
        case (.bitwiseNot, _): return try bitwiseNot(value, operand: operand)
        case (.binary, _), (.literalConcatenation, _):
            throw ArborError("`\(op.rawValue)` is not a prefix operator", at: range)
        }
    }

    // MARK: Conversions

    /// The value as a SQL expression, or an error saying what it is instead.
    func sqlExpression(_ value: Value, range: SourceRange) throws -> SQLExpr {
        switch value {
        case .expression(let e): return e
        case .sqlLiteral(let fragment): return .literal(fragment)
        // A request used as a value, raw SQL included (`score == SQLRequest<Int>("SELECT …")`).
        case .request(let plan): return .subquery(plan)
        // A Swift value, as GRDB stores it (a `Date` as UTC text).
        case .swift(let swift) where swift.databaseValue != nil: return .value(swift.databaseValue ?? .null)
        case .swift(.enumCase(let value)):
            throw ArborError(
                "`\(value.type)` has no raw values: GRDB takes no value of it (`.\(value.name)` is a case of Swift only)",
                at: range)
        default:
            throw Self.misplacedForKey(value, range: range)
                ?? ArborError("expected an expression, got \(value.kindName)", at: range)
        }
    }

    func request(_ value: Value, range: SourceRange) throws -> RequestPlan {
        switch value {
        case .table(let table, let type, _): return rootPlan(table, type: type)
        case .request(let plan): return plan
        default: throw ArborError("expected a request, got \(value.kindName)", at: range)
        }
    }

    func integer(_ expr: Expr) throws -> Int {
        guard case .expression(.value(.integer(let i))) = try evaluate(expr), let value = Int(exactly: i) else {
            throw ArborError("expected an integer", at: expr.range)
        }
        return value
    }

    func string(_ expr: Expr) throws -> String {
        guard case .expression(.value(.text(let s))) = try evaluate(expr) else {
            throw ArborError("expected a string", at: expr.range)
        }
        return s
    }

    /// A literal value (for keys and SQL arguments).
    func literal(_ value: Value, range: SourceRange) throws -> SQLValue {
        if case .swift(let swift) = value, let stored = swift.databaseValue { return stored }
        if case .fullTextPattern(let pattern) = value { return try fullTextPatternArgument(pattern, range: range) }
        guard case .expression(.value(let v)) = value else {
            throw ArborError("expected a literal value, got \(value.kindName)", at: range)
        }
        return v
    }
}
