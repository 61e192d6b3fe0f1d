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
        var body = VirtualTableBodyReading(module: "FTS5", evaluator: evaluator, parameter: parameter)
        body.read(statements) { statement, expr in
            switch statement {
            case .column(let name, let modifiers):
                guard modifiers.allSatisfy({ $0 == "notIndexed" }) else {
                    throw VirtualTableBodyReading.unread(expr, module: "FTS5")
                }
                table.columns.append(FTS5Column(name: name, indexed: !modifiers.contains("notIndexed")))
            case .synchronize(let name):
                table.synchronizedTable = name
            case .option(let option, let value, let node):
                switch (option, value) {
                case ("tokenizer", _): table.tokenizer = try Self.tokenizer(value, node: node)
                case ("content", .literal(.text(let text))): table.content = text
                case ("content", .literal(.null)): table.content = nil
                case ("contentRowID", .literal(.text(let text))): table.contentRowID = text
                case ("prefixes", .array(let values)) where values.allSatisfy({ $0.integer != nil }):
                    table.prefixes = values.compactMap(\.integer)
                case ("columnSize", .literal(.integer(let size))): table.columnSize = Int(size)
                case ("detail", .literal(.text(let text))): table.detail = text
                default: throw VirtualTableBodyReading.unread(expr, module: "FTS5")
                }
            }
        }
        failures += body.failures
        return table
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
            guard arguments.allSatisfy({ $0.label == "wrapping" }), arguments.count <= 1 else { throw fail() }
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
