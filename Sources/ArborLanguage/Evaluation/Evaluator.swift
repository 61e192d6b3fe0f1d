import ArborCore

/// Evaluates expressions of the language against an `Environment`: resolves
/// names, checks what each method accepts, and builds request and association
/// plans. It never touches the database.
public final class Evaluator {
    public var environment: Environment
    /// Set by Ctrl-C: resolving loaded code stops at its next step (`ProgramResolver`).
    public var cancellation: Cancellation?

    /// What bare names and `$0` mean where an expression is evaluated.
    struct Scope {
        /// Bare names resolve to associations of this table (inside `including(…)` and aggregates).
        var associationTable: String?
        /// `Column("x")`, `$0.x` and `\.x` are checked against this table.
        var columnTable: String?
        /// Inside a declaration: the declared type and its table.
        var selfType: String?
        var selfTable: String?
        /// Closure parameters (`$0`, `book`) and what they stand for.
        var closureParameters: [String: Value] = [:]
        /// Names (such as `forKey` names of annotations) that count as columns of `columnTable`.
        var extraColumns: Set<String> = []
        /// True when the request joins other tables: GRDB then writes `Column("x")` qualified
        /// by the table (`"author"."x"`), which no longer reaches a name the request selects.
        var selectedNamesAreQualified = false
        /// Inside a request method: `self`, the request or type it was called on.
        var implicitSelf: Value?
        /// The declared types of a method's parameters and locals (`Book.Kind`), for `switch`.
        var localTypes: [String: String] = [:]
        /// In a record's `encode(to container:)`: the container's name, and the columns written.
        var encodingContainer: String?
        var encoded: [String: SQLValue] = [:]
    }

    var scope = Scope()
    /// Inside a request method's body: the type aliases of its extension, by name
    /// (`Cols` for `Book.Columns`). Kept out of `scope`, as type paths are resolved
    /// while a scope is being set up.
    var extensionTypeAliases: [String: String] = [:]
    var depth = 0
    static let maximumDepth = 200

    /// What a `let` binds for a value (`let author = try Author.fetchOne(db, id: 1)`
    /// fetches a record). The session gives it: the evaluator never touches the database.
    public typealias Binder = (_ value: Value, _ name: String, _ range: SourceRange, Environment) throws -> Value
    public var binder: Binder?

    /// `value` as a `let` binds it.
    public func bound(_ value: Value, name: String, range: SourceRange) throws -> Value {
        guard let binder else { return value }
        return try binder(value, name, range, environment)
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
            return .dictionary(
                try entries.map { entry in
                    // `"id"`, or a string known now (`Player.Columns.id.name`).
                    if case .string(let key) = entry.key.kind { return (key, try evaluate(entry.value)) }
                    guard case .expression(.value(.text(let key)))? = try? evaluate(entry.key) else {
                        throw ArborError("dictionary keys are column names, as strings", at: entry.key.range)
                    }
                    return (key, try evaluate(entry.value))
                })
        case .member(let base, let name, let nameRange):
            if base.kind == .identifier("Column"), name == "rowID" { return .expression(.column("rowid", alias: nil)) }
            if let key = synthesizedCodingKey(base, name) { return key }
            if case .identifier(let type) = base.kind, scope.closureParameters[type] == nil,
                environment.bindings[type] == nil,
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
            if let value = scope.closureParameters["$\(n)"] { return value }
            throw ArborError("`$\(n)` is only defined inside a closure argument", at: expr.range)
        case .parenthesized(let inner):
            return try evaluate(inner)
        case .conditional(let condition, let then, let otherwise):
            return try evaluate(truth(condition) ? then : otherwise)
        case .unsupported(let what):
            throw ArborError("arbor does not interpret \(what) here", at: expr.range)
        }
    }

    // MARK: Names

    func identifier(_ name: String, range: SourceRange) throws -> Value {
        if let value = scope.closureParameters[name] { return value }
        if name == "self", let value = scope.implicitSelf { return value }
        // In a method of the app's struct, `request` is `self.request`, a computed property.
        if let receiver = scope.implicitSelf, case .composite(let type, _) = receiver,
            let method = valueMethod(name, ofType: type, labels: nil)
        {
            return try invoke(method, on: receiver, arguments: [], range: range)
        }
        // In a method of the app's enum, `rawValue` is `self.rawValue`, which arbor holds already.
        if name == "rawValue", let receiver = scope.implicitSelf, let type = scope.selfType,
            environment.enums[type] != nil, !environment.caseOnlyEnums.contains(type)
        {
            return caseValue(receiver, of: type)
        }
        // In a method of the app's enum, `label` is `self.label`, a computed property of the case.
        if let receiver = scope.implicitSelf, let type = scope.selfType, environment.enums[type] != nil,
            let method = valueMethod(name, ofType: type, labels: nil)
        {
            return try invoke(method, on: receiver, arguments: [], range: range)
        }
        // In a record's instance member, `books` is `self.books` and `id` is `self.id`.
        if let receiver = scope.implicitSelf, case .record = receiver {
            if let method = try appMethod(name, on: receiver, labels: nil, nameRange: range) {
                return try invoke(method, on: receiver, arguments: [], range: range)
            }
        }
        if case .record(let record)? = scope.implicitSelf, propertyColumn(name, ofTable: record.table) != nil {
            return try recordProperty(name, of: record, nameRange: range)
        }
        // A name the user bound shadows declared and inferred ones, as in Swift.
        if scope.selfType == nil, scope.implicitSelf == nil, let value = environment.bindings[name] { return value }
        if let table = environment.typeNames.table(forType: name) { return .table(table, type: name) }
        if let target = extensionTypeAliases[name] {
            let path = canonicalTypePath(target)
            if let table = environment.typeNames.table(forType: path) { return .table(table, type: path) }
            if environment.statics[path] != nil { return .namespace(path) }
        }
        if let selfType = scope.selfType {
            if name == "Self" || name == selfType, let table = scope.selfTable {
                return .table(table, type: recordType(selfType))
            }
            try forceMember(selfType, name, range: range)
            if let value = environment.statics[canonicalTypePath(selfType)]?[name] { return value }
            if let path = nestedTypePath(name, in: selfType) {
                if let table = environment.typeNames.table(forType: path) { return .table(table, type: path) }
                return .namespace(path)
            }
        }
        if let table = scope.associationTable {
            try forceMembers(ofTable: table, named: name, range: range)
            if let entry = environment.catalog.association(named: name, of: table) {
                return .association(plan(of: entry))
            }
        }
        if let value = environment.bindings[name] { return value }
        if let selfTable = scope.selfTable {
            try forceMembers(ofTable: selfTable, named: name, range: range)
            if let entry = environment.catalog.association(named: name, of: selfTable) {
                return .association(plan(of: entry))
            }
        }
        if environment.statics[canonicalTypePath(name)] != nil { return .namespace(canonicalTypePath(name)) }
        // A Decodable type of the app without a table (`StatusInfo`): its static members are names.
        if environment.decodableTypes[canonicalTypePath(name)] != nil { return .namespace(canonicalTypePath(name)) }
        var candidates = environment.typeNames.allTypeNames + environment.bindings.keys
        if let table = scope.associationTable ?? scope.selfTable {
            candidates += environment.catalog.associations(of: table).map(\.name)
        }
        if let what = UnsupportedGRDB.functions[name] { throw UnsupportedGRDB.error(what, at: range) }
        // `RowDecoder.Columns.x` in `extension DerivableRequest where RowDecoder == Manga`: the
        // record type of the request the method runs on.
        if name == "RowDecoder", let table = scope.selfTable ?? receiverTable(scope.implicitSelf) {
            return .table(table, type: environment.typeNames.types(forTable: table).first)
        }
        if name.first?.isUppercase == true {
            throw ArborError(
                "unknown record type `\(name)`", at: range,
                suggestion: Suggestions.didYouMean(name, in: candidates) ?? "`:tables` lists the tables")
        }
        if let table = scope.associationTable {
            let names = environment.catalog.associations(of: table).map(\.name)
            if let why = environment.catalog.whyMissing(name, of: table) {
                throw ArborError(
                    "`\(environment.displayName(ofTable: table))` has no association `\(name)`: \(why)", at: range)
            }
            throw ArborError(
                "`\(environment.displayName(ofTable: table))` has no association `\(name)`", at: range,
                suggestion: Suggestions.didYouMean(name, in: candidates)
                    ?? (names.isEmpty ? nil : "its associations: " + names.joined(separator: ", ")))
        }
        throw ArborError(
            "unknown name `\(name)`", at: range, suggestion: Suggestions.didYouMean(name, in: candidates))
    }

    /// The full path of the type `name` nested in `typePath` or one of its parents, if declared.
    func nestedTypePath(_ name: String, in typePath: String) -> String? {
        var path = typePath
        while true {
            let candidate = canonicalTypePath("\(path).\(name)")
            if environment.statics[candidate] != nil || environment.typeNames.table(forType: candidate) != nil {
                return candidate
            }
            guard let dot = path.lastIndex(of: ".") else { return nil }
            path = String(path[..<dot])
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
        let r = try evaluate(rhs)
        if op == .add, let joined = try sqlConcatenation(l, lhs, r, rhs) { return joined }
        // `Player.databaseSelection + [Column("x")]`: Swift's array concatenation.
        if op == .add, case .array(let left) = l, case .array(let right) = r { return .array(left + right) }
        if let compared = caseComparison(op, l, lhs, r, rhs) { return compared }
        if op == .closedRange || op == .halfOpenRange {
            return .range(
                lower: try sqlExpression(l, range: lhs.range), upper: try sqlExpression(r, range: rhs.range),
                closed: op == .closedRange)
        }
        guard let sqlOp = SQLBinaryOperator(rawValue: op.rawValue) else {
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
        if case .value(let a) = left, case .value(let b) = right,
            let folded = try ConstantFolding.fold(sqlOp, a, b, range: range)
        {
            return .expression(.value(folded))
        }
        return .expression(.binary(sqlOp, left, right))
    }

    func prefix(_ op: PrefixOperator, _ operand: Expr, range: SourceRange) throws -> Value {
        let value = try sqlExpression(evaluate(operand), range: operand.range)
        switch (op, value) {
        case (.negate, .value(.integer(let i))) where i != Int64.min: return .expression(.value(.integer(-i)))
        case (.negate, .value(.real(let d))): return .expression(.value(.real(-d)))
        case (.negate, _): return .expression(.negated(value))
        case (.not, .value(.bool(let b))): return .expression(.value(.bool(!b)))
        case (.not, _): return .expression(.not(value))
        case (.plus, _): return .expression(value)
        case (.bitwiseNot, _): throw ArborError("`~` is not supported", at: range)
        }
    }

    // MARK: Conversions

    /// The value as a SQL expression, or an error saying what it is instead.
    func sqlExpression(_ value: Value, range: SourceRange) throws -> SQLExpr {
        switch value {
        case .expression(let e): return e
        case .sqlLiteral(let fragment): return .literal(fragment)
        case .request(let plan) where plan.rawSQL == nil: return .subquery(plan)
        // A Swift value, as GRDB stores it (a `Date` as UTC text).
        case .swift(let swift) where swift.databaseValue != nil: return .value(swift.databaseValue ?? .null)
        default:
            throw Self.misplacedForKey(value, range: range)
                ?? ArborError("expected an expression, got \(value.kindName)", at: range)
        }
    }

    func request(_ value: Value, range: SourceRange) throws -> RequestPlan {
        switch value {
        case .table(let table, let type): return rootPlan(table, type: type)
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
        guard case .expression(.value(let v)) = value else {
            throw ArborError("expected a literal value, got \(value.kindName)", at: range)
        }
        return v
    }
}
