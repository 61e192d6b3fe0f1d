import ArborCore

/// The arguments of GRDB's JSON functions: arrays of values, ranges of integers,
/// paths, and the `[path: value]` dictionaries of `jsonSet` and `jsonObject`.
extension Evaluator {
    /// The most elements arbor expands a range into (`Database.jsonArray(1...4)`): SQLite
    /// refuses a function of more arguments long before, and a huge range would exhaust memory.
    static let jsonRangeLimit = 1000

    /// `[1, 2, "3"]` or `1...4`: the values of a JSON array.
    func jsonElements(_ expr: Expr, of call: GRDBCall) throws -> [SQLExpr] {
        switch try evaluate(expr) {
        case .array(let values):
            return try values.map { value in
                let e = try sqlExpression(value, range: expr.range)
                try Self.refuseAggregate(e, in: call.name, range: expr.range)
                return e
            }
        case .range(.value(.integer(let lower)), .value(.integer(let upper)), let closed):
            // Swift traps on a range whose upper bound is below its lower bound.
            guard lower <= upper else {
                throw ArborError(
                    "Fatal error: Range requires lowerBound <= upperBound (Swift stops the app here)", at: expr.range)
            }
            let (span, overflow) = upper.subtractingReportingOverflow(lower)
            guard !overflow, span < Int64(Self.jsonRangeLimit) else {
                throw ArborError(
                    "`\(call.name)` takes at most \(Self.jsonRangeLimit) values from a range here: SQLite refuses a function of that many arguments",
                    at: expr.range)
            }
            // Fewer than the limit: no sum below overflows.
            let count = closed ? span + 1 : span
            return (0..<count).map { .value(.integer(lower + $0)) }
        default:
            throw ArborError(
                "`\(call.name)` takes an array of values, as in `[1, 2, \"3\"]`, or a range of integers, as in `1...4`",
                at: expr.range)
        }
    }

    /// `["$.a", "$.b"]`: the paths of `atPaths:`.
    func jsonPaths(_ expr: Expr, of call: GRDBCall) throws -> [SQLExpr] {
        guard case .array(let values) = try evaluate(expr) else {
            throw ArborError("`atPaths:` takes an array of paths, as in `[\"$.a\", \"$.b\"]`", at: expr.range)
        }
        return try values.map { value in
            let e = try sqlExpression(value, range: expr.range)
            try Self.refuseAggregate(e, in: call.name, range: expr.range)
            return e
        }
    }

    /// `["$.a": 1, "$.b": Column("x")]`: keys and values, in the order written.
    func jsonAssignments(_ expr: Expr, of call: GRDBCall) throws -> (keys: [String], values: [SQLExpr]) {
        // A literal with a duplicate key stopped already, as Swift stops on it.
        guard case .dictionary(let dictionary) = try evaluate(expr), let entries = dictionary.stringKeyed else {
            throw ArborError(
                "`\(call.name)` takes a dictionary of string keys and values, as in `[\"a\": 1]`", at: expr.range)
        }
        let values = try entries.map { entry in
            let e = try sqlExpression(entry.value, range: expr.range)
            try Self.refuseAggregate(e, in: call.name, range: expr.range)
            return e
        }
        return (entries.map(\.key), values)
    }

    /// `Database.name(…)`, where the app declares no `Database` of its own: GRDB's
    /// `Database` type, whose static JSON functions arbor runs. Nil for another base.
    func databaseStaticMethod(
        _ base: Expr, _ name: String, arguments: [Argument], range: SourceRange, nameRange: SourceRange
    ) throws -> Value? {
        guard case .identifier("Database") = base.kind, local("Database") == nil,
            environment.binding("Database") == nil, environment.typeNames.table(forType: "Database") == nil,
            environment.types[canonicalTypePath("Database")] == nil
        else { return nil }
        let call = GRDBCall(
            name: name, base: .namespace("Database"), receiver: nil, receiverKind: .databaseType, arguments: arguments,
            range: range, nameRange: nameRange)
        if let value = try GRDBAPI.dispatch(call, kind: .method, in: self) { return value }
        // GRDB declares the JSONB functions and `jsonErrorPosition` for custom SQLite builds only.
        let customOnly = name.hasPrefix("jsonb") || name == "jsonErrorPosition"
        throw ArborError(
            customOnly
                ? "type 'Database' has no member '\(name)': GRDB declares it only when built with a custom SQLite (GRDBCUSTOMSQLITE or SQLCipher)"
                : "GRDB's `Database` has no static method `\(name)` that arbor runs", at: nameRange,
            suggestion: Suggestions.didYouMean(name, in: GRDBAPI.names(offeredOn: .databaseType)))
    }
}

extension Evaluator {
    /// `info["a"]`: GRDB's JSON subscript, for JSON expressions only.
    func jsonSubscript(_ base: Value, arguments: [Argument], range: SourceRange) throws -> Value {
        guard case .expression(let e) = base else {
            throw ArborError("only a table alias or a JSON expression can be subscripted", at: range)
        }
        let call = GRDBCall(
            name: "subscript", base: base, receiver: nil,
            receiverKind: e.isJSONExpressible ? .jsonExpression : .expression,
            arguments: arguments, range: range, nameRange: range)
        guard let value = try GRDBAPI.dispatch(call, kind: .subscript, in: self) else {
            throw ArborError("only a table alias or a JSON expression can be subscripted", at: range)
        }
        return value
    }

    /// `$0.info` where a record type of `table` declares `Columns.info` as a `JSONColumn`:
    /// GRDB's `$0` is the type's `Columns`, so `$0.info` is JSON there. Nil otherwise.
    func declaredJSONColumn(_ name: String, ofTable table: String, range: SourceRange) throws -> Value? {
        for type in environment.typeNames.types(forTable: table) {
            let path = canonicalTypePath("\(canonicalTypePath(type)).Columns")
            // A member that could not be declared keeps its own error for where it is named.
            try? forceMember(path, name, range: range)
            guard case .expression(let e)? = environment.statics[path]?[name], e.isJSONExpressible,
                case .json(let json) = e, case .column(let column, nil)? = json.arguments.first
            else { continue }
            return .expression(.json(SQLJSON(.asJSON, [try self.column(column, range: range)])))
        }
        return nil
    }
}
