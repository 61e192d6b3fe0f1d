import ArborCore
import SwiftSyntax

/// Where the compiler would refuse a text, read from the tree swift-syntax builds
/// anyway (missing tokens, unexpected text, lexical errors). arbor words them itself,
/// in the terms of the declaration they break: swift-syntax's own diagnostic
/// generator can stop the process on some inputs.
struct SyntaxRefusals: Sendable {
    struct Refusal: Sendable {
        var offset: Int
        var message: String
        /// Inside a type declaration arbor reads (an error), or in code it skips (a note).
        var isInTypeDeclaration: Bool
    }

    /// At most this many are kept: one broken file must not print thousands.
    static let limit = 20

    /// The first refusal of each member or top-level item.
    static func find(in tree: some SyntaxProtocol) -> [Refusal] {
        let visitor = RefusalVisitor()
        visitor.walk(Syntax(tree))
        return visitor.refusals
    }

    private final class RefusalVisitor {
        var refusals: [Refusal] = []
        private var anchors: Set<SyntaxIdentifier> = []

        /// Every node, first to last, entering only those with an error inside: a refusal
        /// is always in one (missing or unexpected text, a token's error), and the rest of
        /// the tree is not made into `Syntax` nodes.
        func walk(_ node: Syntax) {
            guard node.hasError else { return }
            if let unexpected = node.as(UnexpectedNodesSyntax.self) {
                visit(unexpected)
            } else if let token = node.as(TokenSyntax.self) {
                visit(token)
            } else {
                for child in node.children(viewMode: .all) { walk(child) }
            }
        }

        private func visit(_ node: UnexpectedNodesSyntax) {
            let text = node.trimmedDescription
            let shown = text.count > 30 ? String(text.prefix(30)) + "…" : text
            // The parser stops descending at its nesting limit and leaves the rest unread.
            let message =
                Self.nesting(of: node) >= SwiftSourceReader.maximumNestingLevel
                ? "nesting too deep (limit \(SwiftSourceReader.maximumNestingLevel))" : "unexpected code `\(shown)`"
            add(node, node.positionAfterSkippingLeadingTrivia.utf8Offset, message)
        }

        /// How many brackets and bodies enclose `node`.
        private static func nesting(of node: some SyntaxProtocol) -> Int {
            var count = 0
            var current = node.parent
            while let parent = current {
                if parent.is(CodeBlockSyntax.self) || parent.is(MemberBlockSyntax.self)
                    || parent.is(FunctionCallExprSyntax.self) || parent.is(TupleExprSyntax.self)
                    || parent.is(ArrayExprSyntax.self) || parent.is(ClosureExprSyntax.self)
                {
                    count += 1
                }
                current = parent.parent
            }
            return count
        }

        private func visit(_ token: TokenSyntax) {
            if token.presence == .missing, let literal = token.parent?.as(StringLiteralExprSyntax.self),
                token.id == literal.closingQuote.id
            {
                add(token, literal.positionAfterSkippingLeadingTrivia.utf8Offset, "unterminated string literal")
            } else if token.presence == .missing {
                let found = token.nextToken(viewMode: .sourceAccurate).flatMap { $0.tokenKind == .endOfFile ? nil : $0 }
                let offset = found?.positionAfterSkippingLeadingTrivia.utf8Offset ?? token.position.utf8Offset
                let foundText = found.map { ", found `\($0.text)`" } ?? ""
                add(token, offset, "expected " + Self.expected(token, found: foundText))
            } else if let diagnostic = token.tokenDiagnostic, diagnostic.severity == .error {
                // The offset counts from the token's leading trivia, as swift-syntax's `position(in:)`
                // says: an invalid byte in the trivia before the end of the file is in the file.
                add(token, token.position.utf8Offset + Int(diagnostic.byteOffset), Self.describe(diagnostic))
            }
        }

        private func add(_ node: some SyntaxProtocol, _ offset: Int, _ message: String) {
            guard refusals.count < SyntaxRefusals.limit else { return }
            // A malformed `#if` condition is a note of the group (`SwiftLowering.activeClause`).
            if Self.isInIfConfigCondition(node) { return }
            var anchor: Syntax?
            var inType = false
            var current = node.parent
            while let parent = current {
                if anchor == nil, parent.is(MemberBlockItemSyntax.self) || parent.is(CodeBlockItemSyntax.self) {
                    anchor = parent
                }
                if SwiftLowering.isTypeDeclaration(parent) { inType = true }
                current = parent.parent
            }
            if let anchor {
                guard anchors.insert(anchor.id).inserted else { return }
            }
            refusals.append(Refusal(offset: offset, message: message, isInTypeDeclaration: inType))
        }

        private static func isInIfConfigCondition(_ node: some SyntaxProtocol) -> Bool {
            var current = node.parent
            while let parent = current {
                if let clause = parent.as(IfConfigClauseSyntax.self), let condition = clause.condition,
                    node.position >= condition.position, node.position <= condition.endPosition
                {
                    return true
                }
                current = parent.parent
            }
            return false
        }

        /// `expected a value after `=` in `static let x``, `expected `}` to close the body of `struct B``…
        private static func expected(_ token: TokenSyntax, found: String) -> String {
            let variable = token.ancestor(VariableDeclSyntax.self)
            let introducer = variable.map { declaration in
                (declaration.modifiers.map { $0.name.text + " " }.joined()) + declaration.bindingSpecifier.text
            }
            let binding = token.ancestor(PatternBindingSyntax.self)
            let bound = binding.map { " `\(introducer ?? "let") \($0.pattern.trimmedDescription)`" } ?? ""
            switch token.parent?.kind {
            case .missingExpr?:
                if binding != nil, token.parent?.parent?.is(InitializerClauseSyntax.self) == true {
                    return "a value after `=` in\(bound)"
                }
                return "an expression\(found)"
            case .missingPattern?:
                return "a name after `\(introducer ?? "let")`\(found)"
            case .missingType?:
                if binding != nil { return "a type after `:` in\(bound)" }
                return "a type\(found)"
            case .missingDecl?:
                return "a declaration\(found)"
            default:
                break
            }
            if let block = token.parent?.as(MemberBlockSyntax.self), let type = block.parent,
                let header = SwiftLowering.typeHeader(type)
            {
                if token.tokenKind == .rightBrace { return "`}` to close the body of `\(header)`" }
                if token.tokenKind == .leftBrace { return "`{` after `\(header)`" }
            }
            if case .identifier = token.tokenKind { return "a name\(found)" }
            return token.text.isEmpty ? "more code\(found)" : "`\(token.text)`\(found)"
        }

        private static func describe(_ diagnostic: TokenDiagnostic) -> String {
            switch diagnostic.kind {
            case .invalidEscapeSequenceInStringLiteral: "invalid escape sequence in a string"
            case .invalidCharacter, .unprintableAsciiCharacter: "invalid character in source"
            case .invalidUtf8: "this text is not valid UTF-8"
            case .unicodeCurlyQuote: "unicode curly quotes are not Swift's quotes"
            case .insufficientIndentationInMultilineStringLiteral:
                "a line of a multi-line string is not indented enough"
            default: "this text is not Swift (\(diagnostic.kind))"
            }
        }
    }
}

extension SyntaxProtocol {
    /// The nearest enclosing node of type `T`.
    func ancestor<T: SyntaxProtocol>(_ type: T.Type) -> T? {
        var current = parent
        while let node = current {
            if let match = node.as(T.self) { return match }
            current = node.parent
        }
        return nil
    }
}

extension SwiftLowering {
    static func isTypeDeclaration(_ node: Syntax) -> Bool {
        node.is(ExtensionDeclSyntax.self) || node.is(StructDeclSyntax.self) || node.is(ClassDeclSyntax.self)
            || node.is(EnumDeclSyntax.self) || node.is(ActorDeclSyntax.self)
    }

    /// `struct Foo`, `extension Book`: how a type declaration starts, for messages.
    static func typeHeader(_ node: Syntax) -> String? {
        if let e = node.as(ExtensionDeclSyntax.self) { return "extension \(e.extendedType.trimmedDescription)" }
        if let s = node.as(StructDeclSyntax.self) { return "struct \(s.name.text)" }
        if let c = node.as(ClassDeclSyntax.self) { return "class \(c.name.text)" }
        if let e = node.as(EnumDeclSyntax.self) { return "enum \(e.name.text)" }
        if let a = node.as(ActorDeclSyntax.self) { return "actor \(a.name.text)" }
        return nil
    }
}
