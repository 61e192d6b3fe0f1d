import GRDB
import SwiftSyntax

/// Reads the body of `create(virtualTable:using: FTS5())`: columns (`notIndexed()`),
/// `synchronize(withTable:)`, and the `tokenizer`, `content`, `contentRowID`,
/// `prefixes`, `columnSize` and `detail` options.
struct FTS5BodyReading {
    var evaluator: ValueEvaluator
    let parameter: String
    var failures: [EvaluationFailure] = []

    mutating func read(_ statements: CodeBlockItemListSyntax) -> FTS5Call {
        var table = FTS5Call()
        for item in statements {
            guard var expr = item.item.as(ExprSyntax.self) else {
                failures.append(
                    EvaluationFailure(node: Syntax(item), message: "arbor does not run this in an FTS5 table body"))
                continue
            }
            while let e = expr.as(TryExprSyntax.self) { expr = e.expression }
            do {
                if let sequence = expr.as(SequenceExprSyntax.self) {
                    try assign(sequence, to: &table)
                } else if let links = ChainLink.chain(expr, on: parameter), let first = links.first {
                    let arguments = first.arguments
                    switch first.name {
                    case "column":
                        guard let name = try arguments["_"].map(evaluator.evaluate)?.text else { throw unread(expr) }
                        let indexed = !links.dropFirst().contains { $0.name == "notIndexed" }
                        table.columns.append(FTS5Column(name: name, indexed: indexed))
                    case "synchronize":
                        guard let name = try arguments["withTable"].map(evaluator.evaluate)?.text else {
                            throw unread(expr)
                        }
                        table.synchronizedTable = name
                    default: throw unread(expr)
                    }
                } else {
                    throw unread(expr)
                }
            } catch let failure as EvaluationFailure {
                failures.append(failure)
            } catch {
                failures.append(EvaluationFailure(node: Syntax(expr), message: "\(error)"))
            }
        }
        return table
    }

    private func unread(_ expr: ExprSyntax) -> EvaluationFailure {
        EvaluationFailure(
            node: Syntax(expr), message: "arbor does not run `\(MigrationReading.abridged(expr))` in an FTS5 table body"
        )
    }

    /// `t.tokenizer = .porter()`, `t.prefixes = [2, 4]`, …
    private func assign(_ sequence: SequenceExprSyntax, to table: inout FTS5Call) throws {
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            let target = elements[0].as(MemberAccessExprSyntax.self),
            target.base?.trimmedDescription == parameter
        else { throw unread(ExprSyntax(sequence)) }
        let value = try evaluator.evaluate(elements[2])
        switch (target.declName.baseName.text, value) {
        case ("tokenizer", _): table.tokenizer = try Self.tokenizer(value, node: elements[2])
        case ("content", .literal(.text(let text))): table.content = text
        case ("content", .literal(.null)): table.content = nil
        case ("contentRowID", .literal(.text(let text))): table.contentRowID = text
        case ("prefixes", .array(let values)): table.prefixes = values.compactMap(\.integer)
        case ("columnSize", .literal(.integer(let size))): table.columnSize = Int(size)
        case ("detail", .literal(.text(let text))): table.detail = text
        default: throw unread(ExprSyntax(sequence))
        }
    }

    /// GRDB's `FTS5TokenizerDescriptor`'s components, made by GRDB's own `ascii()`,
    /// `porter(wrapping:)`, `unicode61(diacritics:)` and `trigram()`.
    static func tokenizer(_ value: MigrationValue, node: ExprSyntax) throws -> [String] {
        try descriptor(value, node: node).components
    }

    private static func descriptor(_ value: MigrationValue, node: ExprSyntax) throws -> FTS5TokenizerDescriptor {
        func fail() -> EvaluationFailure {
            EvaluationFailure(
                node: Syntax(node), message: "arbor can not read the tokenizer `\(node.trimmedDescription)`")
        }
        switch value {
        case .member("ascii", let arguments) where arguments.isEmpty: return .ascii()
        case .member("porter", let arguments):
            guard let wrapped = arguments.first(where: { $0.label == "wrapping" }) else { return .porter() }
            return .porter(wrapping: try descriptor(wrapped.value, node: node))
        case .member("unicode61", let arguments):
            var diacritics = FTS5.Diacritics.removeLegacy
            for argument in arguments {
                guard argument.label == "diacritics", let name = argument.value.memberName else { throw fail() }
                switch name {
                case "keep": diacritics = .keep
                case "removeLegacy": diacritics = .removeLegacy
                case "remove": diacritics = .remove
                default: throw fail()
                }
            }
            return .unicode61(diacritics: diacritics)
        case .member("init", let arguments), .construction("FTS5TokenizerDescriptor", let arguments):
            guard let components = arguments.first(where: { $0.label == "components" })?.value.strings,
                !components.isEmpty
            else { throw fail() }
            return FTS5TokenizerDescriptor(components: components)
        default: throw fail()
        }
    }
}
