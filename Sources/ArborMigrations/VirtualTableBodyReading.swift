import SwiftSyntax

/// The statements of a full-text table's body (`create(virtualTable:using: FTS4())` or
/// `FTS5()`): a column with its modifiers (`t.column("x").notIndexed()`),
/// `t.synchronize(withTable:)`, or an option set (`t.tokenizer = .porter`). Each module's
/// reader says what it makes of them; anything else is a failure naming the module.
struct VirtualTableBodyReading {
    enum Statement {
        case column(name: String, modifiers: [String])
        case synchronize(table: String)
        /// `t.option = value`, and the value's syntax (to say where it is not read).
        case option(String, MigrationValue, ExprSyntax)
    }

    let module: String
    var evaluator: ValueEvaluator
    let parameter: String
    var failures: [EvaluationFailure] = []

    /// Reads each statement and gives it to `apply`, which throws `unread(_:module:)` for what
    /// its module does not have.
    mutating func read(_ statements: CodeBlockItemListSyntax, _ apply: (Statement, ExprSyntax) throws -> Void) {
        for item in statements {
            guard var expr = item.item.as(ExprSyntax.self) else {
                failures.append(
                    EvaluationFailure(node: Syntax(item), message: "arbor does not run this in an \(module) table body")
                )
                continue
            }
            while let e = expr.as(TryExprSyntax.self) { expr = e.expression }
            do {
                try apply(try statement(expr), expr)
            } catch let failure as EvaluationFailure {
                failures.append(failure)
            } catch {
                failures.append(EvaluationFailure(node: Syntax(expr), message: "\(error)"))
            }
        }
    }

    static func unread(_ expr: some SyntaxProtocol, module: String) -> EvaluationFailure {
        EvaluationFailure(
            node: Syntax(expr),
            message: "arbor does not run `\(MigrationReading.abridged(expr))` in an \(module) table body")
    }

    private func unread(_ expr: some SyntaxProtocol) -> EvaluationFailure { Self.unread(expr, module: module) }

    private func statement(_ expr: ExprSyntax) throws -> Statement {
        if let sequence = expr.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                let target = elements[0].as(MemberAccessExprSyntax.self),
                target.base?.trimmedDescription == parameter
            else { throw unread(expr) }
            return .option(target.declName.baseName.text, try evaluator.evaluate(elements[2]), elements[2])
        }
        guard let links = ChainLink.chain(expr, on: parameter), let first = links.first else { throw unread(expr) }
        switch first.name {
        case "column":
            guard let name = try first.arguments["_"].map(evaluator.evaluate)?.text else { throw unread(expr) }
            return .column(name: name, modifiers: links.dropFirst().map(\.name))
        case "synchronize":
            guard let name = try first.arguments["withTable"].map(evaluator.evaluate)?.text else {
                throw unread(expr)
            }
            return .synchronize(table: name)
        default:
            throw unread(expr)
        }
    }
}
