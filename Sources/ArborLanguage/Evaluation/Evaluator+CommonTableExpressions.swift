import ArborCore

/// GRDB's common table expressions: `CommonTableExpression(named:…)`,
/// `request.with(cte)`, `cte.all()` and `Record.association(to: cte, on: …)`.
extension Evaluator {
    /// `CommonTableExpression(recursive:named:columns:request:|sql:arguments:|literal:)`, its rows
    /// decoded as `rowDecoder` (`CommonTableExpression<Player>(…)`; `Row` when none is written).
    func commonTableExpressionCall(_ arguments: [Argument], rowDecoder: String, range: SourceRange) throws -> Value {
        var recursive = false
        var name: String?
        var columns: [String]?
        var source: CommonTableExpressionPlan.Source?
        var sqlArgumentsExpr: Expr?
        var sqlText: String?
        for argument in arguments {
            switch argument.label {
            case "recursive":
                guard case .expression(.value(.bool(let flag))) = try evaluate(argument.value) else {
                    throw ArborError("`recursive:` takes `true` or `false`", at: argument.value.range)
                }
                recursive = flag
            case "named":
                name = try string(argument.value)
            case "columns":
                guard case .array(let values) = try evaluate(argument.value) else {
                    throw ArborError("`columns:` takes an array of column names", at: argument.value.range)
                }
                columns = try values.map { value in
                    guard case .expression(.value(.text(let column))) = value else {
                        throw ArborError("`columns:` takes column names, as strings", at: argument.value.range)
                    }
                    guard GRDBQuoting.canQuote(column) else {
                        throw ArborError(GRDBQuoting.problem("column", column), at: argument.value.range)
                    }
                    return column
                }
            case "request":
                source = .request(try request(evaluate(argument.value), range: argument.value.range))
            case "sql":
                sqlText = try string(argument.value)
            case "arguments":
                sqlArgumentsExpr = argument.value
            case "literal":
                source = .literal(try sqlFragment(argument.value))
            default:
                throw ArborError(
                    "`CommonTableExpression` has no argument \(argument.label.map { "`\($0):`" } ?? "without a label")",
                    at: argument.range,
                    suggestion: "its arguments: recursive:, named:, columns:, then request:, sql:arguments: or literal:"
                )
            }
        }
        if let sqlText { source = .sql(sqlText, arguments: try sqlArguments(sqlArgumentsExpr)) }
        let sources = arguments.filter { ["request", "sql", "literal"].contains($0.label) }.count
        if let extra = sqlArgumentsExpr, sqlText == nil {
            throw ArborError("`arguments:` goes with `sql:`", at: extra.range)
        }
        guard let name, let source, sources == 1 else {
            throw ArborError(
                "`CommonTableExpression` needs `named:` and one of `request:`, `sql:` or `literal:`", at: range)
        }
        guard GRDBQuoting.canQuote(name) else {
            throw ArborError(GRDBQuoting.problem("common table expression", name), at: range)
        }
        return .commonTableExpression(
            CommonTableExpressionPlan(
                name: name, recursive: recursive, columns: columns, source: source, rowDecoder: rowDecoder))
    }

    /// `cte.all()`; what GRDB offers on a CTE and arbor does not yet is named.
    func commonTableExpressionMethod(
        _ name: String, on cte: CommonTableExpressionPlan, arguments: [Argument], nameRange: SourceRange
    ) throws -> Value {
        switch (name, arguments.labels) {
        case ("association", _):
            throw ArborError("`association` from a common table expression is not supported yet", at: nameRange)
        default:
            throw ArborError(
                "a common table expression has no method `\(name)\(arguments.labels.signature)`", at: nameRange,
                suggestion: Suggestions.didYouMean(
                    name, in: GRDBAPI.names(offeredOn: .commonTableExpression) + ["association"]))
        }
    }

    /// The argument of `with(_:)`.
    func commonTableExpressionArgument(_ expr: Expr) throws -> CommonTableExpressionPlan {
        let value = try evaluate(expr)
        guard case .commonTableExpression(let cte) = value else {
            throw ArborError("`with` takes a `CommonTableExpression`, got \(value.kindName)", at: expr.range)
        }
        return cte
    }

    /// `Author.association(to: cte, on: { left, right in … })` (a trailing closure too).
    func commonTableAssociation(from origin: String, arguments: [Argument], range: SourceRange) throws
        -> AssociationPlan
    {
        let cte = try commonTableExpressionArgument(arguments[0].value)
        var condition: JoinCondition?
        if arguments.count == 2 {
            guard case .closure(let closure) = arguments[1].value.kind else {
                throw ArborError(
                    "`on:` takes a closure, as in `{ left, right in left[Column(\"id\")] == right[Column(\"authorId\")] }`",
                    at: arguments[1].value.range)
            }
            condition = try joinCondition(closure)
        }
        let display =
            "\(environment.displayName(ofTable: origin)).association(to: \(cte.name)\(condition == nil ? "" : ", on: …"))"
        return AssociationPlan(base: .commonTable(origin: origin, cte: cte, condition: condition), displayName: display)
    }

    /// The condition closure, its two parameters standing for GRDB's aliases of the
    /// origin and of the CTE.
    private func joinCondition(_ closure: Closure) throws -> JoinCondition {
        guard closure.parameters.isEmpty || closure.parameters.count == 2 else {
            throw ArborError("the `on:` closure takes two parameters, `left, right`", at: closure.body.range)
        }
        let left = AliasID(id: environment.nextAliasID, name: nil)
        let right = AliasID(id: environment.nextAliasID + 1, name: nil)
        environment.nextAliasID += 2
        let value = try withScope(
            {
                $0.columnTable = nil
                $0.associationTable = nil
                $0.closureParameters["$0"] = .alias(left)
                $0.closureParameters["$1"] = .alias(right)
                if closure.parameters.count == 2 {
                    $0.closureParameters[closure.parameters[0]] = .alias(left)
                    $0.closureParameters[closure.parameters[1]] = .alias(right)
                }
            }, { try evaluate(closure.body) })
        let expression = try sqlExpression(value, range: closure.body.range)
        if expression.containsAggregate {
            throw ArborError("an association aggregate has no place in a join condition", at: closure.body.range)
        }
        // GRDB calls the closure with its own aliases: other aliases would not be those of this join.
        if !expression.aliasesUsed.subtracting([left.id, right.id]).isEmpty || Self.usesAliasExists(expression) {
            throw ArborError(
                "a join condition may refer to its two parameters only, as in `left[Column(\"id\")] == right[Column(\"authorId\")]`",
                at: closure.body.range)
        }
        return JoinCondition(left: left, right: right, expression: expression)
    }

    private static func usesAliasExists(_ e: SQLExpr) -> Bool {
        switch e {
        case .aliasExists: true
        case .binary(_, let l, let r): usesAliasExists(l) || usesAliasExists(r)
        case .not(let x), .negated(let x), .collating(let x, _), .cast(let x, _), .named(let x, _), .bitwiseNot(let x):
            usesAliasExists(x)
        case .joined(_, let args): args.contains(where: usesAliasExists)
        default: false
        }
    }
}
