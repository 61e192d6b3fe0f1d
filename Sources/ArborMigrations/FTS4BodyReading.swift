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
        for item in statements {
            guard var expr = item.item.as(ExprSyntax.self) else {
                failures.append(
                    EvaluationFailure(node: Syntax(item), message: "arbor does not run this in an FTS4 table body"))
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
                        let modifiers = links.dropFirst().map(\.name)
                        guard modifiers.allSatisfy({ ["notIndexed", "asLanguageId"].contains($0) }) else {
                            throw unread(expr)
                        }
                        table.columns.append(
                            FTS4Column(
                                name: name, indexed: !modifiers.contains("notIndexed"),
                                isLanguageID: modifiers.contains("asLanguageId")))
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
            node: Syntax(expr), message: "arbor does not run `\(MigrationReading.abridged(expr))` in an FTS4 table body"
        )
    }

    /// `t.tokenizer = .porter`, `t.prefixes = [2, 4]`, …
    private func assign(_ sequence: SequenceExprSyntax, to table: inout FTS4Call) throws {
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
        case ("compress", .literal(.text(let text))): table.compress = text
        case ("uncompress", .literal(.text(let text))): table.uncompress = text
        case ("matchinfo", .literal(.text(let text))): table.matchinfo = text
        case ("prefixes", .array(let values)) where values.allSatisfy({ $0.integer != nil }):
            table.prefixes = values.compactMap(\.integer)
        default: throw unread(ExprSyntax(sequence))
        }
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
