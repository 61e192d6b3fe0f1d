import ArborCore
import SwiftIfConfig
import SwiftSyntax

/// Turns the compiler's syntax tree (swift-syntax) into arbor's own tree: type
/// declarations, body statements and expressions, the one tree the interpreter
/// reads. Ranges are byte offsets in the text given (plus `baseOffset` for a
/// paste inside a longer input). What arbor does not interpret stays in the
/// tree as an `unsupported` node, an error only if it is evaluated, or is
/// skipped with a located note; valid Swift never fails here.
struct SwiftLowering {
    /// Where the lowered text starts in the text ranges refer to.
    let baseOffset: Int
    let configuration: FlagBuildConfiguration
    /// `#if` outcomes and what was skipped, in source order.
    var notes: [ArborError] = []
    /// A file's top-level constants (`private let abbreviations = [...]`), as static properties.
    var topLevelConstants: [TypeDeclaration.Member] = []
    /// Current nesting of the tree being lowered, against `Parser.nestingLimit`.
    var depth = 0
    /// Where the operator sequence being lowered starts: a folded sequence is a tree of
    /// its own, its positions counted from its start.
    var foldOffset = 0

    init(baseOffset: Int = 0, flags: Set<String>) {
        self.baseOffset = baseOffset
        self.configuration = FlagBuildConfiguration(flags: flags)
    }

    /// The range of `node`'s text, without its leading and trailing trivia.
    func range(_ node: some SyntaxProtocol) -> TextRange {
        TextRange(
            baseOffset + foldOffset + node.positionAfterSkippingLeadingTrivia.utf8Offset,
            baseOffset + foldOffset + node.endPositionBeforeTrailingTrivia.utf8Offset)
    }

    /// A type as written, spaces removed but between two words: `String?`,
    /// `QueryInterfaceRequest<Book>`, `any Error`.
    func typeText(_ node: some SyntaxProtocol) -> String {
        var text = ""
        for token in node.tokens(viewMode: .sourceAccurate) {
            let word = token.text
            if !text.isEmpty,
                !token.leadingTrivia.isEmpty
                    || token.previousToken(viewMode: .sourceAccurate)
                        .map({ !$0.trailingTrivia.isEmpty }) == true,
                let last = text.last, last.isLetter || last.isNumber || last == "_",
                let first = word.first, first.isLetter || first.isNumber || first == "_" || first == "@"
            {
                text += " "
            }
            text += word
        }
        return text
    }

    /// A name as Swift reads it: `` `default` `` is `default`.
    func name(_ token: TokenSyntax) -> String {
        let text = token.text
        // Only a name in backticks differs from its text: `identifier` builds one for every token.
        guard text.utf8.first == UInt8(ascii: "`") else { return text }
        return token.identifier?.name ?? text
    }

    /// The branch of an `#if` group Swift compiles, with a note saying which and why.
    mutating func activeClause(of group: IfConfigDeclSyntax) -> IfConfigClauseSyntax? {
        // A malformed condition takes the first branch, likeliest the app's platform's code.
        if let malformed = group.clauses.first(where: { $0.condition?.hasError == true }) {
            notes.append(
                ArborError(
                    "#if: took the first branch (malformed condition: \(malformed.condition?.trimmedDescription ?? ""))",
                    at: range(malformed.poundKeyword).union(malformed.condition.map { range($0) } ?? range(malformed))))
            return group.clauses.first
        }
        let (clause, _) = group.activeClause(in: configuration)
        let opening = group.clauses.first
        let condition = opening?.condition.map { " " + $0.trimmedDescription } ?? ""
        let outcome: String
        if let clause {
            if clause.id == opening?.id {
                outcome = "took the first branch"
            } else if let other = clause.condition {
                outcome = "took #elseif \(other.trimmedDescription)"
            } else {
                outcome = "took #else"
            }
        } else {
            outcome = "took no branch"
        }
        var reasons: [String] = []
        for clause in group.clauses {
            if let condition = clause.condition { collectReasons(condition, into: &reasons) }
        }
        let because = reasons.isEmpty ? "" : " (\(reasons.joined(separator: ", ")))"
        let headerEnd = opening?.condition.map { range($0).upperBound } ?? range(group.poundEndif).upperBound
        notes.append(
            ArborError(
                "#if\(condition): \(outcome)\(because)",
                at: TextRange(range(group).lowerBound, headerEnd)))
        return clause
    }

    /// `DEBUG is defined`, `os(iOS) is false`: what decided a condition, each said once.
    private func collectReasons(_ condition: ExprSyntax, into reasons: inout [String]) {
        func add(_ reason: String) { if !reasons.contains(reason) { reasons.append(reason) } }
        if let reference = condition.as(DeclReferenceExprSyntax.self) {
            let flag = name(reference.baseName)
            if flag != "true", flag != "false" {
                add("\(flag) is \(configuration.flags.contains(flag) ? "defined" : "not defined")")
            }
        } else if let call = condition.as(FunctionCallExprSyntax.self),
            let function = call.calledExpression.as(DeclReferenceExprSyntax.self),
            let argument = call.arguments.first?.expression.trimmedDescription
        {
            let isTrue: Bool? =
                switch function.baseName.text {
                case "os": configuration.isActiveTargetOS(name: argument)
                case "arch": configuration.isActiveTargetArchitecture(name: argument)
                case "targetEnvironment": configuration.isActiveTargetEnvironment(name: argument)
                case "canImport":
                    ConditionalCompilation.importableModules.contains(argument)
                        || configuration.flags.contains(argument)
                case "hasFeature": configuration.hasFeature(name: argument)
                case "hasAttribute": configuration.hasAttribute(name: argument)
                default: nil
                }
            if let isTrue { add("\(call.trimmedDescription) is \(isTrue)") }
        } else {
            for child in condition.children(viewMode: .sourceAccurate) {
                if let expression = child.as(ExprSyntax.self) {
                    collectReasons(expression, into: &reasons)
                } else {
                    for grandchild in child.children(viewMode: .sourceAccurate) {
                        if let expression = grandchild.as(ExprSyntax.self) {
                            collectReasons(expression, into: &reasons)
                        }
                    }
                }
            }
        }
    }
}

/// arbor's source range (byte offsets), named apart from swift-syntax's own `SourceRange`.
typealias TextRange = ArborCore.SourceRange
