import ArborCore

/// GRDB's `SQL` literals (`SQL("name = \(name)")`, `filter(literal:)`, …) and
/// `StatementArguments`, positional or named.
extension Evaluator {
    /// The `SQL` that an argument typed `SQL` stands for: a string literal, with or
    /// without interpolations, `SQL(…)`, or a `let` bound to one.
    func sqlFragment(_ expr: Expr) throws -> SQLFragment {
        switch expr.kind {
        case .string(let text):
            return SQLFragment([.text(text)])
        case .interpolatedString(let segments):
            return try sqlFragment(segments)
        case .parenthesized(let inner):
            return try sqlFragment(inner)
        default:
            let value = try evaluate(expr)
            guard case .sqlLiteral(let fragment) = value else {
                throw ArborError(
                    "expected an SQL literal, as in `\"name = \\(value)\"` or `SQL(\"…\")`, got \(value.kindName)",
                    at: expr.range)
            }
            return fragment
        }
    }

    func sqlFragment(_ segments: [InterpolationSegment]) throws -> SQLFragment {
        var pieces: [SQLFragment.Piece] = []
        for segment in segments {
            switch segment {
            case .text(let text): pieces.append(.text(text))
            case .interpolation(let arguments, let range): pieces.append(try interpolation(arguments, range: range))
            }
        }
        let fragment = SQLFragment(pieces)
        if let excess = PlanSize.excess(of: fragment) {
            throw ArborError("this SQL literal is too large: \(excess)", at: segments.range)
        }
        return fragment
    }

    /// One `\(…)` of an `SQL` literal, as GRDB's `SQLInterpolation` takes it: the
    /// registry's interpolation entry of its labels builds the piece.
    func interpolation(_ arguments: [Argument], range: SourceRange) throws -> SQLFragment.Piece {
        let entries = GRDBAPI.members(named: GRDBAPI.interpolationName, kind: .method)
        guard let entry = entries.first(where: { $0.form(matching: arguments) != nil }) else {
            throw ArborError(
                "the SQL interpolation `\\\(arguments.labels.signature)` is not supported yet", at: range,
                suggestion: "arbor takes " + entries.map { "`\($0.signatures)`" }.joined(separator: ", ", last: " and ")
            )
        }
        let call = GRDBCall(
            name: GRDBAPI.interpolationName, base: .namespace(""), receiver: nil, receiverKind: .sqlLiteral,
            arguments: arguments, range: range, nameRange: range)
        guard case .sqlLiteral(let fragment) = try entry.build(self, call), let piece = fragment.pieces.first else {
            throw ArborError("this SQL interpolation gave no SQL", at: range)
        }
        return piece
    }

    /// `\(x)`: a value, a column, an expression, an ordering, a selection, a table, a
    /// request (a subquery), a common table expression's name, a collation, an array of
    /// values, or another `SQL`.
    func interpolatedValue(_ argument: Expr) throws -> SQLFragment.Piece {
        func outsideAggregate(_ e: SQLExpr) throws -> SQLExpr {
            guard !e.containsAggregate else {
                throw ArborError(
                    "an association aggregate can not be interpolated in SQL: GRDB has no SQL for it outside a request",
                    at: argument.range)
            }
            return e
        }
        let value = try evaluate(argument)
        switch value {
        case .expression(let e): return .expression(try outsideAggregate(e))
        case .sqlLiteral(let fragment): return .literal(fragment)
        case .ordering(let term): return .ordering(term)
        case .selection(let selection): return .selection(selection)
        case .table(let table, _, _): return .table(table)
        // A Swift value (a case's raw value, a `Date`) as GRDB stores it.
        case .swift(let swift) where swift.databaseValue != nil:
            return .expression(.value(swift.databaseValue ?? .null))
        // `\(ids)`: GRDB writes a sequence of expressions `(?,?,?)`.
        case .array(let elements):
            return .list(
                try elements.map { try outsideAggregate(sqlExpression($0, range: argument.range)) })
        case .request(let plan): return .subquery(plan)
        case .commonTableExpression(let cte): return .commonTable(cte)
        // `\(.nocase)`: GRDB writes the collation's name.
        case .implicitMember: return .sql(try collation(argument), arguments: SQLArguments())
        default:
            throw ArborError(
                "interpolating \(value.kindName) in an SQL literal is not supported yet", at: argument.range,
                suggestion: "interpolate a value, a column, an expression, an ordering, a request or another `SQL`")
        }
    }

    /// `filter(literal:)`, `order(literal:)`, … as an operation.
    func literalOperation(_ method: String, _ fragment: SQLFragment) -> RequestOperation {
        switch method {
        case "order": .orderLiteral(fragment)
        case "select": .selectLiteral(fragment)
        case "having": .havingLiteral(fragment)
        case "group": .groupLiteral(fragment)
        default: .filterLiteral(fragment)
        }
    }

    /// `arguments:` of the raw SQL forms: `[1, "a"]`, `["name": "a"]`, or
    /// `StatementArguments(…)` of either.
    func sqlArguments(_ expr: Expr?) throws -> SQLArguments {
        guard let expr else { return SQLArguments() }
        switch try evaluate(expr) {
        case .array(let values):
            return SQLArguments(positional: try values.map { try literal($0, range: expr.range) })
        case .dictionary(let dictionary):
            let entries = try stringKeyed(
                dictionary, as: "[String : (any DatabaseValueConvertible)?]", range: expr.range)
            var named: [String: SQLValue] = [:]
            for (key, value) in entries { named[key] = try literal(value, range: expr.range) }
            return SQLArguments(named: named)
        default:
            throw ArborError(
                "SQL arguments are an array of values or a dictionary of named values, as in `[1, \"a\"]` or `[\"name\": \"a\"]`",
                at: expr.range)
        }
    }

    /// `StatementArguments([1, "a"])`, `StatementArguments(["name": "a"])`: the array or dictionary itself.
    func statementArguments(_ arguments: [Argument], range: SourceRange) throws -> Value {
        guard arguments.count == 1, arguments[0].label == nil else {
            throw ArborError("`StatementArguments` takes one array or dictionary of values", at: range)
        }
        let value = try evaluate(arguments[0].value)
        switch value {
        case .array, .dictionary: return value
        default:
            throw ArborError(
                "`StatementArguments` takes an array or a dictionary of values, got \(value.kindName)",
                at: arguments[0].value.range)
        }
    }

    /// A string literal where Swift expects a `String` (`filter(sql: "… \(n)")`, `let s = "…"`):
    /// Swift's own interpolation of values. What is not a plain value (a column, a
    /// request) would be described by Swift, which arbor does not imitate.
    func swiftString(_ segments: [InterpolationSegment]) throws -> Value {
        var text = ""
        for segment in segments {
            switch segment {
            case .text(let part):
                text += part
            case .interpolation(let arguments, let range):
                guard arguments.count == 1, arguments[0].label == nil else {
                    throw Self.interpolationOutsideSQL(at: range)
                }
                if let name = enumCaseName(arguments[0].value) {
                    text += name
                    continue
                }
                switch try evaluate(arguments[0].value) {
                case .expression(.value(.text(let s))): text += s
                case .expression(.value(.integer(let i))): text += String(i)
                case .expression(.value(.real(let d))): text += String(d)
                case .expression(.value(.bool(let b))): text += String(b)
                default: throw Self.interpolationOutsideSQL(at: range)
                }
            }
        }
        return .expression(.value(.text(text)))
    }

    /// `"\(Coin.Columns.marketCapRank)"`: Swift describes a case of the app's enum by its
    /// name (not its raw value); nil when `expr` is not such a case.
    private func enumCaseName(_ expr: Expr) -> String? {
        guard case .member(let base, let name, _) = expr.kind, case .namespace(let path)? = try? evaluate(base),
            let type = environment.types[canonicalTypePath(path)]
        else { return nil }
        // `enum Columns: String, ColumnExpression` keeps its cases as columns, other enums as cases.
        let isCase = type.columnRawValues?[name] != nil || type.enumeration?.caseNames.contains(name) == true
        return isCase ? name : nil
    }

    static func interpolationOutsideSQL(at range: SourceRange) -> ArborError {
        ArborError(
            "in a `String`, arbor interpolates strings, numbers and booleans; this value is not supported yet",
            at: range,
            suggestion:
                "in SQL, write `SQL(\"… \\(value)\")`, `filter(literal: \"…\")`, `order(literal:)` or `select(literal:)`"
        )
    }
}

extension [InterpolationSegment] {
    /// From the first interpolation to the last (text has no range of its own).
    var range: SourceRange? {
        let ranges = compactMap { segment -> SourceRange? in
            if case .interpolation(_, let range) = segment { return range }
            return nil
        }
        guard let first = ranges.first else { return nil }
        return ranges.dropFirst().reduce(first) { $0.union($1) }
    }
}

extension Evaluator {
    /// `SQL("a") + SQL("b")`, `SQL("a") + " AND b"`: GRDB's `+` on `SQL` joins the
    /// text (a string literal is an `SQL` there); it is not arithmetic.
    func sqlConcatenation(_ l: Value, _ lhs: Expr, _ r: Value, _ rhs: Expr) throws -> Value? {
        func fragment(_ value: Value, _ expr: Expr) -> SQLFragment? {
            if case .sqlLiteral(let fragment) = value { return fragment }
            if case .string(let text) = expr.kind { return SQLFragment([.text(text)]) }
            return nil
        }
        func isSQL(_ value: Value) -> Bool { if case .sqlLiteral = value { true } else { false } }
        guard isSQL(l) || isSQL(r), let left = fragment(l, lhs), let right = fragment(r, rhs) else { return nil }
        let joined = SQLFragment(left.pieces + right.pieces)
        // `let s = s + s`, repeated, doubles the text each time.
        if let excess = PlanSize.excess(of: joined) {
            throw ArborError("this SQL literal is too large: \(excess)", at: lhs.range.union(rhs.range))
        }
        return .sqlLiteral(joined)
    }
}

extension Evaluator {
    /// `\(columnsOf: Player.self)`, `\(columnsOf: Player.self, tableAlias: "p")`: the
    /// record type's `databaseSelection`, which GRDB qualifies with the alias (or the table).
    func columnsOf(_ arguments: [Argument]) throws -> SQLFragment.Piece {
        let type = arguments[0].value
        guard case .member(_, "self", _) = type.kind, case .table(let table, let typePath, _) = try evaluate(type)
        else {
            throw ArborError(
                "`columnsOf:` takes a record type, as in `\\(columnsOf: Player.self)`", at: type.range)
        }
        let alias = try arguments.value(labelled: "tableAlias").map { try string($0) }
        if let alias, !GRDBQuoting.canQuote(alias) {
            throw ArborError(
                GRDBQuoting.problem("table alias", alias), at: arguments[1].value.range,
                suggestion: GRDBQuoting.suggestion)
        }
        return .columnsOf(table: table, selection: declaredSelection(ofType: typePath), alias: alias)
    }
}
