import ArborCore

/// Swift's rule for GRDB's closure parameters: where a request method takes a closure
/// (`order(_ orderings: (DatabaseComponents) throws -> …)`), a closure is the whole
/// argument, never an element of a variadic list.
extension Evaluator {
    /// `select({ $0.a }, Column("b"))` does not compile: the closure returns every term, as
    /// in `select { [$0.a, Column("b")] }`. Key paths in a list (`select(\.$name, \.$country)`)
    /// stay accepted, as the association guides write them.
    static func refuseClosureAmongTerms(_ call: GRDBCall) throws {
        // Asked of every request method called: most take no closure.
        guard call.arguments.contains(where: { isClosure($0.value) }) else { return }
        let terms = call.arguments.filter { $0.label == nil || isClosure($0.value) }
        guard terms.count > 1, let closure = terms.first(where: { isClosure($0.value) }) else { return }
        throw ArborError(
            "GRDB's `\(call.name)` takes a closure alone, not among other terms: Swift reads it as GRDB's closure parameter, which returns every term",
            at: closure.range,
            suggestion: "return them all from one closure, as in `\(call.name) { [$0.a, $0.b] }`")
    }

    static func isClosure(_ expr: Expr) -> Bool {
        if case .closure = expr.kind { true } else { false }
    }
}

/// GRDB's closures and key paths name the columns of a record type (`DatabaseComponents`,
/// declared `where RowDecoder: TableRecord`), and only requests and associations take them:
/// `Table<Book>("book").filter { … }` does not compile, nor `Table("book").all().filter { … }`,
/// whose rows are `Row`.
extension Evaluator {
    func refuseRecordColumnsWithoutRecordType(_ call: GRDBCall) throws {
        guard let argument = call.arguments.first(where: { Self.namesRecordColumns($0.value) }) else { return }
        let type = environment.typeNames.type(forTable: call.table)
        let table = SQLValue.swiftQuoted(call.table)
        let column = "or name the column: `Column(\"…\")`"
        if case .table(_, _, let form) = call.base, let tableType = form.swiftTypeName {
            let requests = type.map {
                ", as in `\($0).\(call.name) { … }` or `Table<\($0)>(\(table)).all().\(call.name) { … }`"
            }
            throw ArborError(
                "no exact matches in call to instance method '\(call.name)'", at: argument.range,
                suggestion:
                    "`\(tableType)` takes no closure nor key path: they name a record type's columns, on its requests"
                    + (requests ?? "") + "; " + column)
        }
        guard let decoder = call.nonRecordRowDecoder else { return }
        let message =
            Self.isClosure(argument.value)
            ? "cannot infer type of closure parameter '$0' without a type annotation"
            : "cannot infer key path type from context; consider explicitly specifying a root type"
        let start =
            typedCommonTableExpressionHint(call.base).map { ": \($0); " }
            ?? type.map { ": start from `\($0)` or `Table<\($0)>(\(table)).all()`; " } ?? "; "
        throw ArborError(
            message, at: argument.range,
            suggestion:
                "`\(call.swiftReceiverType(in: environment) ?? "QueryInterfaceRequest<\(decoder)>")` has no record type whose columns a closure or key path names"
                + start + column)
    }

    /// A closure, or a key path without a root (`\.title`), alone or in an operator's operands.
    static func namesRecordColumns(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .closure, .keyPath(nil, _): true
        case .binary(_, let lhs, let rhs): namesRecordColumns(lhs) || namesRecordColumns(rhs)
        case .prefix(_, let operand), .parenthesized(let operand): namesRecordColumns(operand)
        // `(\.title).desc`, `\.title.desc` is one key path.
        case .member(let base, _, _): namesRecordColumns(base)
        default: false
        }
    }
}
