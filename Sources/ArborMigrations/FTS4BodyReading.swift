import SwiftSyntax

/// Reads the body of `create(virtualTable:using: FTS4())`: columns (`notIndexed()`,
/// `asLanguageId()`), `synchronize(withTable:)`, and the `tokenizer`, `content`,
/// `compress`, `uncompress`, `matchinfo` and `prefixes` options.
struct FTS4BodyReading {
    var evaluator: ValueEvaluator
    let parameter: String
    var failures: [EvaluationFailure] = []

    mutating func read(_ statements: CodeBlockItemListSyntax) -> FTS4Call {
        var table = FTS4Call()
        var body = VirtualTableBodyReading(module: "FTS4", evaluator: evaluator, parameter: parameter)
        body.read(statements) { statement, expr in
            switch statement {
            case .column(let name, let modifiers):
                guard modifiers.allSatisfy({ ["notIndexed", "asLanguageId"].contains($0) }) else {
                    throw VirtualTableBodyReading.unread(expr, module: "FTS4")
                }
                table.columns.append(
                    FTS4Column(
                        name: name, indexed: !modifiers.contains("notIndexed"),
                        isLanguageID: modifiers.contains("asLanguageId")))
            case .synchronize(let name):
                table.synchronizedTable = name
            case .option(let option, let value, let node):
                switch (option, value) {
                case ("tokenizer", _): table.tokenizer = try Self.tokenizer(value, node: node)
                case ("content", .literal(.text(let text))): table.content = text
                case ("content", .literal(.null)): table.content = nil
                case ("compress", .literal(.text(let text))): table.compress = text
                case ("uncompress", .literal(.text(let text))): table.uncompress = text
                case ("matchinfo", .literal(.text(let text))): table.matchinfo = text
                case ("prefixes", .array(let values)) where values.allSatisfy({ $0.integer != nil }):
                    table.prefixes = values.compactMap(\.integer)
                default: throw VirtualTableBodyReading.unread(expr, module: "FTS4")
                }
            }
        }
        failures += body.failures
        return table
    }

    /// GRDB's `FTS3TokenizerDescriptor`s: `.simple`, `.porter` and `.unicode61(diacritics:
    /// separators: tokenCharacters:)`, rebuilt with GRDB's own when replayed.
    static func tokenizer(_ value: MigrationValue, node: ExprSyntax) throws -> FTS4Tokenizer {
        let failure = EvaluationFailure(
            node: Syntax(node), message: "arbor can not read the tokenizer `\(node.trimmedDescription)`")
        switch value {
        case .member("simple", let arguments) where arguments.isEmpty: return .simple
        case .member("porter", let arguments) where arguments.isEmpty: return .porter
        case .member("unicode61", let arguments):
            var keepsDiacritics = false
            var separators: Set<Character> = []
            var tokenCharacters: Set<Character> = []
            for argument in arguments {
                switch (argument.label, argument.value.memberName) {
                case ("diacritics", "keep"?): keepsDiacritics = true
                case ("diacritics", "removeLegacy"?): keepsDiacritics = false
                case ("separators", nil):
                    guard let characters = characters(argument.value) else { throw failure }
                    separators = characters
                case ("tokenCharacters", nil):
                    guard let characters = characters(argument.value) else { throw failure }
                    tokenCharacters = characters
                default: throw failure
                }
            }
            return .unicode61(
                keepsDiacritics: keepsDiacritics, separators: separators, tokenCharacters: tokenCharacters)
        default: throw failure
        }
    }

    /// `["-", "_"]` as a `Set<Character>`: each string one character.
    private static func characters(_ value: MigrationValue) -> Set<Character>? {
        guard let strings = value.strings, strings.allSatisfy({ $0.count == 1 }) else { return nil }
        return Set(strings.compactMap(\.first))
    }
}
