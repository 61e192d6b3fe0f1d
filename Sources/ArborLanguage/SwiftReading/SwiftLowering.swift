import ArborCore
import SwiftIfConfig
@_spi(RawSyntax) import SwiftSyntax

/// Turns the compiler's syntax tree (swift-syntax) into arbor's own tree: type
/// declarations, body statements and expressions, the one tree the interpreter
/// reads. Ranges are byte offsets in the text given (plus `baseOffset` for a
/// paste inside a longer input). What arbor does not interpret stays in the
/// tree as an `unsupported` node, an error only if it is evaluated, or is
/// skipped with a located note; valid Swift never fails here. It walks swift-syntax's
/// raw tree (`Located`), its offsets carried along.
struct SwiftLowering {
    /// Where the lowered text starts in the text ranges refer to (a piece's start, when a
    /// long file is read in pieces).
    var baseOffset: Int
    let configuration: FlagBuildConfiguration
    /// `#if` outcomes and what was skipped, in source order.
    var notes: [ArborError] = []
    /// A file's top-level constants (`private let abbreviations = [...]`), as static properties.
    var topLevelConstants: [TypeDeclaration.Member] = []
    /// The `private` and `fileprivate` ones among them: Swift keeps them to their file.
    var fileScopedConstants: Set<String> = []
    /// A file's top-level type aliases (`fileprivate typealias RootColumns = Root.Columns`).
    var topLevelTypeAliases: [TypeDeclaration.Member] = []
    /// Current nesting of the tree being lowered, against `Parser.nestingLimit`.
    var depth = 0

    init(baseOffset: Int = 0, flags: Set<String>) {
        self.baseOffset = baseOffset
        self.configuration = FlagBuildConfiguration(flags: flags)
    }

    /// The range of `node`'s text, without its leading and trailing trivia.
    func range(_ node: Located<some RawSyntaxNodeProtocol>) -> TextRange {
        TextRange(baseOffset + node.trimmedStart, baseOffset + node.trimmedEnd)
    }

    /// The range of a token's text: its own lengths, no walk to a first or last token.
    func range(_ token: Located<RawTokenSyntax>) -> TextRange {
        guard token.node.presence == .present else {
            return TextRange(baseOffset + token.offset, baseOffset + token.offset)
        }
        let start = baseOffset + token.offset + token.node.tokenView.leadingTriviaByteLength
        return TextRange(start, start + token.node.tokenView.textByteLength)
    }

    /// The range of `node`, a node of a tree detached at `start` (`Located.detached`).
    func range(_ node: some SyntaxProtocol, from start: Int) -> TextRange {
        TextRange(
            baseOffset + start + node.positionAfterSkippingLeadingTrivia.utf8Offset,
            baseOffset + start + node.endPositionBeforeTrailingTrivia.utf8Offset)
    }

    /// A type as written, spaces removed but between two words: `String?`,
    /// `QueryInterfaceRequest<Book>`, `any Error`.
    func typeText(_ node: Located<some RawSyntaxNodeProtocol>) -> String {
        // One word, the commonest type: its text, no walk.
        if let token = node.soleToken { return token.presence == .present ? token.text : "" }
        var text = ""
        var previousEnd = 0
        node.forEachToken { token, start in
            let word = token.text
            // Trivia between two tokens is a space only between two words.
            if !text.isEmpty, start > previousEnd,
                let last = text.last, last.isLetter || last.isNumber || last == "_",
                let first = word.first, first.isLetter || first.isNumber || first == "_" || first == "@"
            {
                text += " "
            }
            text += word
            previousEnd = start + token.tokenView.textByteLength
            return true
        }
        return text
    }

    /// A name as Swift reads it: `` `default` `` is `default`.
    func name(_ token: RawTokenSyntax) -> String {
        let text = token.tokenText
        // Bytes compared, not `hasPrefix`: a `SyntaxText` made and compared for every name costs.
        let backtick = UInt8(ascii: "`")
        guard token.tokenKind == .identifier, text.count > 2, text.first == backtick, text.last == backtick else {
            return token.text
        }
        return String(
            syntaxText: SyntaxText(
                rebasing: text[text.index(after: text.startIndex)..<text.index(before: text.endIndex)]))
    }

    /// A name of a detached tree (`#if` conditions) as Swift reads it.
    func name(_ token: TokenSyntax) -> String {
        let text = token.text
        guard text.utf8.first == UInt8(ascii: "`") else { return text }
        return token.identifier?.name ?? text
    }

    /// The elements of the branch of an `#if` group Swift compiles (statements, members,
    /// switch cases or a postfix expression), with a note saying which and why.
    mutating func activeElements(of located: Located<RawIfConfigDeclSyntax>) -> Located<RawSyntax>? {
        let detached = located.detached
        guard let group = detached.as(IfConfigDeclSyntax.self) else { return nil }
        return withExtendedLifetime(detached) {
            activeClause(of: group, at: located.offset)?.elements.flatMap { located.locate($0, as: RawSyntax.self) }
        }
    }

    /// The branch of `group`, a tree of its own starting at `start`.
    private mutating func activeClause(of group: IfConfigDeclSyntax, at start: Int) -> IfConfigClauseSyntax? {
        // A malformed condition takes the first branch, likeliest the app's platform's code.
        if let malformed = group.clauses.first(where: { $0.condition?.hasError == true }) {
            notes.append(
                ArborError(
                    "#if: took the first branch (malformed condition: \(malformed.condition?.trimmedDescription ?? ""))",
                    at: range(malformed.poundKeyword, from: start).union(
                        malformed.condition.map { range($0, from: start) } ?? range(malformed, from: start))))
            return group.clauses.first
        }
        // Each condition evaluated apart from its group: swift-syntax's `activeClause(in:)` folds
        // a condition's operators in place, rebuilding the whole group each time (5,000
        // `#elseif`s took a second, against 0.07 s to parse them).
        let clause = group.clauses.first { clause in
            guard let condition = clause.condition else { return true }
            return IfConfigRegionState.evaluating(condition.detached, in: configuration).state == .active
        }
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
        var reasons = Reasons()
        for clause in group.clauses {
            if let condition = clause.condition { collectReasons(condition, into: &reasons) }
        }
        let because = reasons.said.isEmpty ? "" : " (\(reasons.said.joined(separator: ", ")))"
        let headerEnd =
            opening?.condition.map { range($0, from: start).upperBound }
            ?? range(group.poundEndif, from: start).upperBound
        notes.append(
            ArborError(
                "#if\(condition): \(outcome)\(because)",
                at: TextRange(range(group, from: start).lowerBound, headerEnd)))
        return clause
    }

    /// `DEBUG is defined`, `os(iOS) is false`: what decided a condition, each said once.
    private func collectReasons(_ condition: ExprSyntax, into reasons: inout Reasons) {
        func add(_ reason: String) { reasons.add(reason) }
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

/// What decided an `#if`, in the order met, each said once (a set beside the list: a
/// group of thousands of clauses searched the list for each).
private struct Reasons {
    private(set) var said: [String] = []
    private var seen: Set<String> = []

    mutating func add(_ reason: String) {
        if seen.insert(reason).inserted { said.append(reason) }
    }
}

/// arbor's source range (byte offsets), named apart from swift-syntax's own `SourceRange`.
typealias TextRange = ArborCore.SourceRange
