import ArborCore

/// The statements of an input and the errors found in it.
public struct ParseResult: Hashable, Sendable {
    /// The statements that parsed without error, in order. A statement with an
    /// error is left out (its errors are in `errors`).
    public var statements: [Statement]
    /// Lexical and syntax errors, ordered by position.
    public var errors: [ArborError]

    public init(statements: [Statement] = [], errors: [ArborError] = []) {
        self.statements = statements
        self.errors = errors
    }
}

/// A recursive descent parser for Arbor's statements (LANGUAGE.md §2–§3) and
/// for the type declarations of Swift source files.
///
/// - Statements are separated by newlines and `;`. A line that starts with
///   `.member`, or with a binary operator followed by a space (`&& x`, not
///   `-x`), continues the expression of the previous line; so does any line
///   inside brackets.
/// - Calls, subscripts and trailing closures must start on the line of their
///   callee, as in Swift.
/// - `try`, `try?`, `try!` and `await` are ignored; `-1` (no space) is a
///   negative literal, `- 1` and `-x` are `.prefix(.negate, …)`.
/// - Consecutive declaration statements are grouped in one `.declarations`.
/// - Ranges are UTF-8 offsets into the whole text given to `parse`.
/// - Nesting (brackets, calls, closures, operators, member chains, nested
///   types) is limited to `nestingLimit` levels, so that no input can exhaust
///   the stack; the parser is linear in the size of its input.
public struct Parser {
    public static let nestingLimit = 200

    /// Parses what a user types at the prompt or passes with `--command`.
    public static func parse(_ text: String) -> ParseResult {
        var parser = Parser(text, isSourceFile: false)
        return parser.parseStatements()
    }

    /// Parses a whole Swift file (`--load Models.swift`): returns one
    /// `.declarations` statement with its type declarations (nested types in
    /// their parents), or no statement if there are none. Everything else
    /// (imports, functions, protocols, top-level code…) is skipped without
    /// error; errors are only reported for broken type declarations.
    public static func parseSourceFile(_ text: String) -> ParseResult {
        var parser = Parser(text, isSourceFile: true)
        return parser.parseSourceFileDeclarations()
    }

    private var tokens: [Token]
    private var position = 0
    private var errors: [ArborError] = []
    private let endOffset: Int
    private let isSourceFile: Bool
    /// Current nesting, checked against `nestingLimit`.
    private var depth = 0
    /// Set when the nesting limit is passed: the statement is abandoned
    /// without further errors.
    private var isAborted = false
    /// Only one "expected … at end of input" error: an unclosed bracket would
    /// otherwise produce one per enclosing construct.
    private var reportedEndOfInput = false
    /// Whether lexical errors of tokens skipped during recovery are reported:
    /// yes in statements, no in declaration bodies and source files, which hold
    /// app code that we skip on purpose (`"\(name)"` is fine there).
    private var reportsSkippedTokens: Bool

    private init(_ text: String, isSourceFile: Bool) {
        let tokens = Lexer.tokenize(text, recognizesCommands: !isSourceFile)
        self.tokens = Parser.removingConditionalCompilation(tokens)
        self.endOffset = text.utf8.count
        self.isSourceFile = isSourceFile
        self.reportsSkippedTokens = !isSourceFile
    }

    // MARK: - Statements

    private mutating func parseStatements() -> ParseResult {
        var statements: [Statement] = []
        var previousWasDeclaration = false
        while true {
            while current.isPunctuation(.semicolon) { advance() }
            if current.isEndOfInput { break }
            let start = position
            let errorCount = errors.count
            depth = 0
            isAborted = false
            let statement = parseStatement()
            if errors.count == errorCount, !isAtStatementEnd { failUnexpectedAfterStatement() }
            guard errors.count == errorCount, let statement else {
                if position == start { skipToken() }
                skipToEndOfStatement()
                previousWasDeclaration = false
                continue
            }
            // Declarations pasted together are one batch: they may refer to each other.
            if case .declarations(let new) = statement, previousWasDeclaration,
                case .declarations(let old)? = statements.last
            {
                statements[statements.count - 1] = .declarations(old + new)
            } else {
                statements.append(statement)
            }
            if case .declarations = statement { previousWasDeclaration = true } else { previousWasDeclaration = false }
        }
        return finish(statements)
    }

    private mutating func parseStatement() -> Statement? {
        let token = current
        if case .command(let name, let argument) = token.kind {
            advance()
            return .command(name: name, argument: argument, range: token.range)
        }
        if typeKeyword(at: indexAfterModifiers(from: position)) != nil {
            return parseTypeDeclaration().map { .declarations([$0]) }
        }
        if token.isKeyword("let") || token.isKeyword("var") {
            return parseLetBinding()
        }
        return .expression(parseExpression())
    }

    /// `let name = value`, `let name: Type = value`, `var …`.
    private mutating func parseLetBinding() -> Statement? {
        let keyword = advance()
        guard case .identifier(let name, _) = current.kind else {
            fail("expected a name after `\(keyword.identifierName ?? "let")`", at: current)
            return nil
        }
        let nameToken = advance()
        if current.isPunctuation(.colon) {
            advance()
            skipTypeAnnotation()
        }
        guard current.isOperator(.assign) else {
            fail("expected `=` and a value after `\(keyword.identifierName ?? "let") \(name)`", at: current)
            return nil
        }
        advance()
        let value = parseExpression()
        return .letBinding(
            name: name, nameRange: nameToken.range, value: value, range: keyword.range.union(value.range))
    }

    private var isAtStatementEnd: Bool {
        current.isEndOfInput || current.isPunctuation(.semicolon) || current.precededByNewline
    }

    private mutating func failUnexpectedAfterStatement() {
        let token = current
        if token.isClosingBracket {
            fail("unexpected \(token.quotedDescription) without a matching opening bracket", at: token)
        } else if token.isOperator(.assign) {
            fail("assignment is not supported", at: token, suggestion: "bind a name with `let name = value`")
        } else if startsExpression(token) {
            fail("consecutive statements on a line must be separated by `;`", at: token)
        } else {
            fail("unexpected \(token.quotedDescription)", at: token)
        }
    }

    private func startsExpression(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .anonymousArgument, .integer, .double, .string: true
        case .punctuation(let p): [.leftParen, .leftBracket, .leftBrace, .dot, .backslash].contains(p)
        case .operator(let op): op.prefixOperator != nil
        case .command, .invalid, .endOfInput: false
        }
    }

    private mutating func finish(_ statements: [Statement]) -> ParseResult {
        // An unterminated comment is reported on the end-of-input token.
        reportLexicalErrors(at: tokens.count - 1)
        var sorted = errors.sorted { ($0.range?.lowerBound ?? 0) < ($1.range?.lowerBound ?? 0) }
        // Recovery can meet one problem twice; say it once.
        var index = 1
        while index < sorted.count {
            if sorted[index] == sorted[index - 1] { sorted.remove(at: index) } else { index += 1 }
        }
        return ParseResult(statements: statements, errors: sorted)
    }

    // MARK: - Expressions

    private mutating func parseExpression() -> Expr {
        depth += 1
        defer { depth -= 1 }
        guard checkNesting(at: current) else { return placeholder(at: current) }
        return parseBinary(minimumPrecedence: 0)
    }

    /// Precedence climbing over `BinaryOperator.precedence`.
    private mutating func parseBinary(minimumPrecedence: Int) -> Expr {
        var left = parsePrefix()
        var previousNonAssociative: BinaryOperator?
        let depthOnEntry = depth
        defer { depth = depthOnEntry }
        while !isAborted, let op = currentBinaryOperator(), op.precedence >= minimumPrecedence {
            let opToken = advance()
            // Each operator deepens the tree: `1 + 1 + … + 1` is nesting too.
            depth += 1
            guard checkNesting(at: opToken) else { return placeholder(at: opToken) }
            if let previous = previousNonAssociative, previous.precedence == op.precedence {
                fail(
                    "adjacent operators `\(previous.rawValue)` and `\(op.rawValue)` cannot be chained",
                    at: opToken, suggestion: "add parentheses")
            }
            let right = parseBinary(minimumPrecedence: op.isRightAssociative ? op.precedence : op.precedence + 1)
            left = Expr(.binary(op, left, right), left.range.union(right.range))
            previousNonAssociative = op.isNonAssociative ? op : nil
        }
        return left
    }

    /// The binary operator at the current token, if it continues the expression.
    /// At the start of a line, an operator is binary only when a space and an
    /// operand on the same line follow it, as in Swift: `&& b` continues the
    /// previous line, `-1` starts a statement (and so does a lone `...`).
    private func currentBinaryOperator() -> BinaryOperator? {
        let token = current
        guard case .operator(let op) = token.kind, let binary = op.binaryOperator else { return nil }
        if token.precededByNewline {
            let next = self.token(after: 1)
            guard next.precededBySpace, !next.precededByNewline, !next.isEndOfInput else { return nil }
        }
        return binary
    }

    private mutating func parsePrefix() -> Expr {
        skipEffectMarkers()
        guard case .operator(let op) = current.kind, let prefix = op.prefixOperator else {
            return parsePostfix(parsePrimary())
        }
        let opToken = advance()
        depth += 1
        defer { depth -= 1 }
        guard checkNesting(at: opToken) else { return placeholder(at: opToken) }
        // `-1` is a negative literal, as in Swift (this makes `-9223372036854775808` valid).
        if prefix == .negate, !current.precededBySpace {
            switch current.kind {
            case .integer(let magnitude):
                let literal = advance()
                let value = magnitude > UInt64(Int64.max) ? Int64.min : -Int64(magnitude)
                return parsePostfix(Expr(.integer(value), opToken.range.union(literal.range)))
            case .double(let magnitude):
                let literal = advance()
                return parsePostfix(Expr(.double(-magnitude), opToken.range.union(literal.range)))
            default:
                break
            }
        }
        let operand = parsePrefix()
        return Expr(.prefix(prefix, operand), opToken.range.union(operand.range))
    }

    /// `try`, `try?`, `try!` and `await` change nothing here: pasted Swift has them.
    private mutating func skipEffectMarkers() {
        while current.isKeyword("try") || current.isKeyword("await") {
            let isTry = current.isKeyword("try")
            advance()
            if isTry, !current.precededBySpace, current.isOperator(.question) || current.isOperator(.bang) {
                advance()
            }
        }
    }

    private mutating func parsePostfix(_ base: Expr) -> Expr {
        var expr = base
        let depthOnEntry = depth
        defer { depth = depthOnEntry }
        while !isAborted {
            let token = current
            switch token.kind {
            case .punctuation(.dot):
                // Also at the start of a line: a member chain written over several lines.
                advance()
                guard case .identifier(let name, _) = current.kind else {
                    fail("expected a member name after `.`", at: current)
                    return expr
                }
                let nameToken = advance()
                expr = Expr(.member(expr, name: name, nameRange: nameToken.range), expr.range.union(nameToken.range))
            case .punctuation(.leftParen) where !token.precededByNewline:
                let open = advance()
                var arguments: [Argument] = []
                let end = parseList(open: open, closer: .rightParen, elementName: "an argument") { parser in
                    arguments.append(parser.parseArgument())
                }
                expr = Expr(.call(expr, arguments: arguments), SourceRange(expr.range.lowerBound, end))
            case .punctuation(.leftBracket) where !token.precededByNewline:
                let open = advance()
                var arguments: [Argument] = []
                let end = parseList(open: open, closer: .rightBracket, elementName: "an argument") { parser in
                    arguments.append(parser.parseArgument())
                }
                expr = Expr(.subscripted(expr, arguments: arguments), SourceRange(expr.range.lowerBound, end))
            case .punctuation(.leftBrace) where !token.precededByNewline && acceptsTrailingClosure(expr):
                let closure = parseClosure()
                let argument = Argument(label: nil, labelRange: nil, value: closure, isTrailingClosure: true)
                if case .call(let callee, var arguments) = expr.kind {
                    arguments.append(argument)
                    expr = Expr(.call(callee, arguments: arguments), expr.range.union(closure.range))
                } else {
                    expr = Expr(.call(expr, arguments: [argument]), expr.range.union(closure.range))
                }
            default:
                return expr
            }
            // Each postfix deepens the tree: a chain of 10,000 calls is nesting too.
            depth += 1
            guard checkNesting(at: token) else { return expr }
        }
        return expr
    }

    /// `name { … }`, `a.name { … }`, `.name { … }` and `call(…) { … }` take a
    /// trailing closure; literals, closures and parentheses do not.
    private func acceptsTrailingClosure(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .identifier, .member, .implicitMember: true
        case .call(_, let arguments): !(arguments.last?.isTrailingClosure ?? false)
        default: false
        }
    }

    /// `value` or `label: value`.
    private mutating func parseArgument() -> Argument {
        if case .identifier(let label, _) = current.kind, token(after: 1).isPunctuation(.colon) {
            let labelToken = advance()
            advance()
            return Argument(label: label, labelRange: labelToken.range, value: parseExpression())
        }
        return Argument(label: nil, labelRange: nil, value: parseExpression())
    }

    /// A comma-separated list up to `closer` (the opening bracket is consumed).
    /// After an error in an element, skips to the next `,` or to the closer, so
    /// that the following elements are still checked. Returns the end offset.
    private mutating func parseList(
        open: Token, closer: Token.Punctuation, elementName: String, element: (inout Parser) -> Void
    ) -> Int {
        let opener = open.kind == .punctuation(.leftBracket) ? "[" : open.kind == .punctuation(.leftBrace) ? "{" : "("
        while !isAborted {
            if current.isPunctuation(closer) { return advance().range.upperBound }
            if current.isEndOfInput || current.isClosingBracket {
                fail("expected `\(closer.rawValue)` to close `\(opener)`", at: current)
                return lastConsumedEnd
            }
            let errorCount = errors.count
            element(&self)
            if errors.count > errorCount {
                skipToListBoundary()
            } else if !current.isPunctuation(.comma), !current.isPunctuation(closer), !current.isEndOfInput,
                !current.isClosingBracket
            {
                failExpected("`,` or `\(closer.rawValue)` after \(elementName)", at: current)
                skipToListBoundary()
            }
            if current.isPunctuation(.comma) { advance() }
        }
        return lastConsumedEnd
    }

    private mutating func parsePrimary() -> Expr {
        let token = current
        switch token.kind {
        case .identifier(let name, let isQuoted):
            advance()
            if !isQuoted {
                switch name {
                case "true": return Expr(.bool(true), token.range)
                case "false": return Expr(.bool(false), token.range)
                case "nil": return Expr(.nilLiteral, token.range)
                default: break
                }
            }
            return Expr(.identifier(name), token.range)
        case .anonymousArgument(let index):
            advance()
            return Expr(.anonymousArgument(index), token.range)
        case .integer(let magnitude):
            advance()
            guard magnitude <= UInt64(Int64.max) else {
                fail("integer literal `\(magnitude)` overflows Int64", at: token)
                return placeholder(at: token)
            }
            return Expr(.integer(Int64(magnitude)), token.range)
        case .double(let value):
            advance()
            return Expr(.double(value), token.range)
        case .string(let value):
            advance()
            return Expr(.string(value), token.range)
        case .punctuation(.leftParen):
            return parseParenthesized()
        case .punctuation(.leftBracket):
            return parseCollection()
        case .punctuation(.leftBrace):
            return parseClosure()
        case .punctuation(.backslash):
            return parseKeyPath()
        case .punctuation(.dot):
            // `.nocase`: an implicit member.
            let dot = advance()
            guard case .identifier(let name, _) = current.kind else {
                fail("expected a member name after `.`", at: current)
                return placeholder(at: dot)
            }
            let nameToken = advance()
            return Expr(.implicitMember(name), dot.range.union(nameToken.range))
        default:
            failExpected("an expression", at: token)
            return placeholder(at: token)
        }
    }

    private mutating func parseParenthesized() -> Expr {
        let open = advance()
        if current.isPunctuation(.rightParen) {
            fail("expected an expression between `(` and `)`", at: current)
            return placeholder(at: open)
        }
        let errorCount = errors.count
        let inner = parseExpression()
        if errors.count > errorCount {
            skipToListBoundary()
        } else if current.isPunctuation(.comma) {
            fail("tuples are not supported", at: current)
        }
        if current.isPunctuation(.comma) { skipToClosingBracket() }
        guard current.isPunctuation(.rightParen) else {
            fail("expected `)` to close `(`", at: current)
            return inner
        }
        let close = advance()
        return Expr(.parenthesized(inner), open.range.union(close.range))
    }

    /// `[1, 2]`, `[]`, `["a": 1]`, `[:]`.
    private mutating func parseCollection() -> Expr {
        let open = advance()
        if current.isPunctuation(.colon), token(after: 1).isPunctuation(.rightBracket) {
            advance()
            let close = advance()
            return Expr(.dictionary([]), open.range.union(close.range))
        }
        var elements: [Expr] = []
        var entries: [DictionaryEntry] = []
        var isDictionary: Bool?
        let end = parseList(open: open, closer: .rightBracket, elementName: "an element") { parser in
            let errorCount = parser.errors.count
            let key = parser.parseExpression()
            guard parser.errors.count == errorCount else { return }
            if parser.current.isPunctuation(.colon) {
                guard isDictionary != false else {
                    parser.failExpected("`,` or `]` in an array literal", at: parser.current)
                    return
                }
                isDictionary = true
                parser.advance()
                entries.append(DictionaryEntry(key: key, value: parser.parseExpression()))
            } else {
                guard isDictionary != true else {
                    parser.fail("expected `:` and a value after a dictionary key", at: parser.current)
                    return
                }
                isDictionary = false
                elements.append(key)
            }
        }
        let range = SourceRange(open.range.lowerBound, end)
        return isDictionary == true ? Expr(.dictionary(entries), range) : Expr(.array(elements), range)
    }

    /// `{ $0.name }`, `{ book in book.year > 2000 }`, `{ (a: Book) -> Bool in return … }`.
    private mutating func parseClosure() -> Expr {
        let open = advance()
        let errorCount = errors.count
        let parameters = closureHasSignature() ? parseClosureSignature() : []
        if current.isKeyword("return") { advance() }
        var body = placeholder(at: current)
        if errors.count == errorCount {
            if current.isPunctuation(.rightBrace) {
                fail("expected an expression in the closure", at: current)
            } else {
                body = parseExpression()
            }
        }
        if errors.count == errorCount, !current.isPunctuation(.rightBrace), !current.isEndOfInput,
            !current.isClosingBracket
        {
            fail("a closure must contain a single expression", at: current)
        }
        if !current.isPunctuation(.rightBrace) { skipToClosingBracket() }
        guard current.isPunctuation(.rightBrace) else {
            fail("expected `}` to close `{`", at: current)
            return Expr(.closure(Closure(parameters: parameters, body: body)), open.range.union(body.range))
        }
        let close = advance()
        return Expr(.closure(Closure(parameters: parameters, body: body)), open.range.union(close.range))
    }

    /// Whether the closure starts with parameters (`a in`, `a, b in`, `a -> T in`,
    /// `(a) in`, `(a: T) -> U in`). Looks ahead a bounded number of tokens, which
    /// keeps parsing linear.
    private func closureHasSignature() -> Bool {
        let limit = min(tokens.count - 1, position + 64)
        var index = position
        if tokens[index].isPunctuation(.leftParen) {
            var depth = 0
            while index < limit {
                if tokens[index].isOpeningBracket {
                    depth += 1
                } else if tokens[index].isClosingBracket {
                    depth -= 1
                    if depth == 0 { break }
                }
                index += 1
            }
            guard index < limit, depth == 0 else { return false }
            let next = tokens[index + 1]
            return next.isKeyword("in") || next.isOperator(.arrow)
        }
        while index < limit, case .identifier = tokens[index].kind, !tokens[index].isKeyword("in") {
            let next = tokens[index + 1]
            if next.isKeyword("in") || next.isOperator(.arrow) { return true }
            guard next.isPunctuation(.comma) else { return false }
            index += 2
        }
        return false
    }

    private mutating func parseClosureSignature() -> [String] {
        var names: [String] = []
        if current.isPunctuation(.leftParen) {
            advance()
            while !current.isPunctuation(.rightParen) {
                guard let name = current.identifierName else {
                    failExpected("a parameter name", at: current)
                    return names
                }
                advance()
                names.append(name)
                if current.isPunctuation(.colon) {
                    advance()
                    skipToListBoundary()
                }
                if current.isPunctuation(.comma) {
                    advance()
                } else if !current.isPunctuation(.rightParen) {
                    fail("expected `,` or `)` after a closure parameter", at: current)
                    return names
                }
            }
            advance()
        } else {
            while let name = current.identifierName, !current.isKeyword("in") {
                advance()
                names.append(name)
                guard current.isPunctuation(.comma) else { break }
                advance()
            }
        }
        if current.isOperator(.arrow) {
            // The result type does not matter.
            advance()
            var depth = 0
            while !current.isEndOfInput, !(depth == 0 && current.isKeyword("in")) {
                if depth == 0, current.isPunctuation(.leftBrace) || current.isClosingBracket { break }
                if current.isOpeningBracket { depth += 1 } else if current.isClosingBracket { depth -= 1 }
                skipToken()
            }
        }
        guard current.isKeyword("in") else {
            fail("expected `in` after the closure's parameters", at: current)
            return names
        }
        advance()
        return names
    }

    /// `\.name`, `\.$name`, `\Book.name`, `\Book.author.name`.
    private mutating func parseKeyPath() -> Expr {
        let backslash = advance()
        var range = backslash.range
        var root: String?
        if case .identifier(let name, _) = current.kind, !current.precededBySpace {
            root = name
            range = range.union(advance().range)
        }
        var components: [String] = []
        while current.isPunctuation(.dot), !current.precededBySpace {
            advance()
            guard case .identifier(var name, _) = current.kind, !current.precededBySpace else {
                fail("expected a property name after `.` in the key path", at: current)
                return placeholder(at: backslash)
            }
            if name.hasPrefix("$") { name.removeFirst() }
            components.append(name)
            range = range.union(advance().range)
        }
        guard !components.isEmpty else {
            fail("expected `.` and a property name in the key path", at: current)
            return placeholder(at: backslash)
        }
        return Expr(.keyPath(root: root, components: components), range)
    }

    // MARK: - Declarations

    private static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "final", "indirect", "nonisolated",
        "isolated", "static", "class", "override", "mutating", "nonmutating", "lazy", "weak", "unowned", "dynamic",
        "optional", "required", "convenience", "consuming", "borrowing", "distributed", "prefix", "postfix", "infix",
        "sending", "__consuming",
    ]
    private static let memberKeywords: Set<String> = [
        "var", "let", "func", "subscript", "init", "deinit", "typealias", "associatedtype", "case",
    ]
    private static let typeKeywords: [String: TypeDeclaration.Keyword] = [
        "extension": .extension, "struct": .struct, "class": .class, "enum": .enum, "actor": .actor,
    ]
    /// Words that continue a line of a member (`where` clauses, effects) rather than start one.
    private static let continuationKeywords: Set<String> = [
        "where", "throws", "rethrows", "async", "in", "else", "as", "is", "get", "set",
    ]

    /// The index after the modifiers and attributes that start at `start`
    /// (`public`, `private(set)`, `nonisolated(unsafe)`, `@MainActor`,
    /// `@available(iOS 15, *)`, over several lines if need be).
    private func indexAfterModifiers(from start: Int) -> Int {
        var index = start
        while index < tokens.count - 1 {
            let token = tokens[index]
            if token.isPunctuation(.at) {
                guard case .identifier = tokens[index + 1].kind else { return index }
                index += 2
                while tokens[index].isPunctuation(.dot), case .identifier = tokens[index + 1].kind { index += 2 }
                if tokens[index].isPunctuation(.leftParen), !tokens[index].precededByNewline {
                    guard let after = indexAfterParentheses(from: index) else { return index }
                    index = after
                }
                continue
            }
            guard case .identifier(let name, false) = token.kind, Parser.modifiers.contains(name) else { return index }
            // `class` is a modifier only before another modifier or a member keyword (`class func`).
            if name == "class" {
                guard case .identifier(let next, false) = tokens[index + 1].kind,
                    Parser.modifiers.contains(next) || Parser.memberKeywords.contains(next)
                else { return index }
            }
            index += 1
            if tokens[index].isPunctuation(.leftParen), !tokens[index].precededBySpace {
                guard let after = indexAfterParentheses(from: index) else { return index }
                index = after
            }
        }
        return index
    }

    /// The index after the `)` matching the `(` at `start`, looking a bounded
    /// number of tokens ahead (an attribute's arguments are short).
    private func indexAfterParentheses(from start: Int) -> Int? {
        var depth = 0
        var index = start
        let limit = min(tokens.count - 1, start + 256)
        while index < limit {
            if tokens[index].isOpeningBracket {
                depth += 1
            } else if tokens[index].isClosingBracket {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return nil
    }

    /// The declaration keyword at `index`, when a type name follows it.
    private func typeKeyword(at index: Int) -> TypeDeclaration.Keyword? {
        guard index < tokens.count - 1, case .identifier(let word, false) = tokens[index].kind,
            let keyword = Parser.typeKeywords[word], case .identifier = tokens[index + 1].kind
        else { return nil }
        return keyword
    }

    /// `[modifiers] extension|struct|class|enum|actor Name [header] { members }`,
    /// the current token being its first modifier or its keyword.
    private mutating func parseTypeDeclaration() -> TypeDeclaration? {
        let start = current.range.lowerBound
        let keywordIndex = indexAfterModifiers(from: position)
        while position < keywordIndex { skipToken() }
        guard let keyword = typeKeyword(at: position) else { return nil }
        let keywordToken = advance()
        depth += 1
        defer { depth -= 1 }
        guard checkNesting(at: keywordToken) else { return nil }

        guard case .identifier(var name, _) = current.kind else { return nil }
        var nameRange = advance().range
        // `extension Author.Columns`.
        while current.isPunctuation(.dot), case .identifier(let part, _) = token(after: 1).kind {
            advance()
            name += "." + part
            nameRange = nameRange.union(advance().range)
        }
        // Generic parameters, inheritance and `where` clauses do not matter.
        guard skipDeclarationHeader() else {
            if !isSourceFile { fail("expected `{` after `\(keyword.rawValue) \(name)`", at: current) }
            return nil
        }
        advance()

        let reportedSkippedTokens = reportsSkippedTokens
        reportsSkippedTokens = false
        defer { reportsSkippedTokens = reportedSkippedTokens }
        var members: [TypeDeclaration.Member] = []
        while !isAborted {
            while current.isPunctuation(.semicolon) { skipToken() }
            if current.isPunctuation(.rightBrace) {
                let close = advance()
                return TypeDeclaration(
                    keyword: keyword, name: name, nameRange: nameRange, members: members,
                    range: SourceRange(start, close.range.upperBound))
            }
            if current.isEndOfInput {
                fail("expected `}` to close the body of `\(keyword.rawValue) \(name)`", at: current)
                return nil
            }
            if let member = parseMember() { members.append(member) }
        }
        return nil
    }

    /// Skips the header up to the `{` of the body; false if there is none.
    private mutating func skipDeclarationHeader() -> Bool {
        var depth = 0
        while !current.isEndOfInput {
            let token = current
            if depth == 0 {
                if token.isPunctuation(.leftBrace) { return true }
                if token.isPunctuation(.semicolon) || token.isClosingBracket || token.isOperator(.assign)
                    || startsNewItem
                {
                    return false
                }
            }
            if token.isOpeningBracket { depth += 1 } else if token.isClosingBracket { depth -= 1 }
            skipToken()
        }
        return false
    }

    /// One member of a type body: a `static let`, a nested type, or something skipped.
    private mutating func parseMember() -> TypeDeclaration.Member? {
        let memberStart = position
        let afterModifiers = indexAfterModifiers(from: position)
        if typeKeyword(at: afterModifiers) != nil {
            if let nested = parseTypeDeclaration() { return .nested(nested) }
            if !isAborted {
                if position == memberStart { skipToken() }
                skipRestOfItem()
            }
            return nil
        }
        let isStatic = tokens[memberStart..<afterModifiers].contains { $0.isKeyword("static") || $0.isKeyword("class") }
        while position < afterModifiers { skipToken() }
        if isStatic, current.isKeyword("let") || current.isKeyword("var") {
            return parseStaticLet(start: tokens[memberStart].range.lowerBound)
        }
        // Anything else (properties, methods, initializers, cases…) is app code we do not need.
        if position == memberStart { skipToken() }
        skipRestOfItem()
        return nil
    }

    /// `static let name = value`, `static var name: Type = value`. A value that is
    /// not an expression of our language is ordinary app code: skipped, no error.
    private mutating func parseStaticLet(start: Int) -> TypeDeclaration.Member? {
        let saved = (position: position, errorCount: errors.count, reportedEndOfInput: reportedEndOfInput)
        skipToken()
        guard case .identifier(let name, _) = current.kind else {
            skipRestOfItem()
            return nil
        }
        let nameToken = advance()
        if current.isPunctuation(.colon) {
            advance()
            skipTypeAnnotation()
        }
        guard current.isOperator(.assign) else {
            // `static var x: Int { … }`, `static let x: Int` (a requirement)…
            skipRestOfItem()
            return nil
        }
        advance()
        let value = parseExpression()
        let isAtMemberEnd =
            current.isEndOfInput || current.isPunctuation(.semicolon) || current.isPunctuation(.rightBrace)
            || current.precededByNewline
        if errors.count == saved.errorCount, !isAborted, isAtMemberEnd {
            return .staticLet(
                name: name, nameRange: nameToken.range, value: value, range: SourceRange(start, value.range.upperBound))
        }
        position = saved.position
        errors.removeSubrange(saved.errorCount...)
        reportedEndOfInput = saved.reportedEndOfInput
        isAborted = false
        skipToken()
        skipRestOfItem()
        return nil
    }

    private mutating func parseSourceFileDeclarations() -> ParseResult {
        var declarations: [TypeDeclaration] = []
        while !current.isEndOfInput {
            if current.isPunctuation(.semicolon) || current.isClosingBracket {
                skipToken()
                continue
            }
            depth = 0
            isAborted = false
            let start = position
            let errorCount = errors.count
            if typeKeyword(at: indexAfterModifiers(from: position)) != nil {
                if let declaration = parseTypeDeclaration(), errors.count == errorCount {
                    declarations.append(declaration)
                    continue
                }
            }
            // Imports, functions, protocols, top-level code: not ours.
            if position == start { skipToken() }
            skipRestOfItem()
        }
        return finish(declarations.isEmpty ? [] : [.declarations(declarations)])
    }

    // MARK: - Skipping

    /// Whether the current token begins a new member or top-level item: a line
    /// that starts with a name or an attribute, after a line that is complete
    /// (not ending with an operator, `.`, `,` or `:`).
    private var startsNewItem: Bool {
        let token = current
        guard token.precededByNewline else { return false }
        if position > 0 {
            switch tokens[position - 1].kind {
            case .operator, .punctuation(.dot), .punctuation(.comma), .punctuation(.colon), .punctuation(.at),
                .punctuation(.backslash), .punctuation(.hash):
                return false
            default:
                break
            }
        }
        switch token.kind {
        case .identifier(let name, let isQuoted): return isQuoted || !Parser.continuationKeywords.contains(name)
        case .punctuation(.at), .punctuation(.hash): return true
        default: return false
        }
    }

    /// Skips the rest of a member or top-level item, brackets balanced: up to a
    /// `;` (consumed), a closing bracket of the enclosing body, or a new item.
    private mutating func skipRestOfItem() {
        var depth = 0
        while !current.isEndOfInput {
            if depth == 0 {
                if current.isPunctuation(.semicolon) {
                    skipToken()
                    return
                }
                if current.isClosingBracket || startsNewItem { return }
            }
            if current.isOpeningBracket { depth += 1 } else if current.isClosingBracket { depth -= 1 }
            skipToken()
        }
    }

    /// Skips the type of `let name: Type = …` up to its `=` (or up to where the
    /// member or statement ends, or a `{` that starts a computed property).
    private mutating func skipTypeAnnotation() {
        var depth = 0
        while !current.isEndOfInput {
            if depth == 0 {
                if current.isOperator(.assign) || current.isPunctuation(.leftBrace) || current.isPunctuation(.semicolon)
                    || current.isClosingBracket || current.precededByNewline
                {
                    return
                }
            }
            if current.isOpeningBracket { depth += 1 } else if current.isClosingBracket { depth -= 1 }
            skipToken()
        }
    }

    /// Recovery in a list: skips to the next `,` or closing bracket at this level.
    private mutating func skipToListBoundary() {
        var depth = 0
        while !current.isEndOfInput {
            if depth == 0, current.isPunctuation(.comma) || current.isClosingBracket { return }
            if current.isOpeningBracket { depth += 1 } else if current.isClosingBracket { depth -= 1 }
            skipToken()
        }
    }

    /// Recovery in brackets: skips to the closing bracket at this level.
    private mutating func skipToClosingBracket() {
        var depth = 0
        while !current.isEndOfInput {
            if depth == 0, current.isClosingBracket { return }
            if current.isOpeningBracket { depth += 1 } else if current.isClosingBracket { depth -= 1 }
            skipToken()
        }
    }

    /// Recovery after a statement's error: skips to a `;` or a new line at
    /// bracket depth 0 that does not continue the statement.
    private mutating func skipToEndOfStatement() {
        var depth = 0
        while !current.isEndOfInput {
            if depth == 0 {
                if current.isPunctuation(.semicolon) { return }
                if current.precededByNewline, !current.isPunctuation(.dot), currentBinaryOperator() == nil { return }
            }
            if current.isOpeningBracket {
                depth += 1
            } else if current.isClosingBracket {
                // Unbalanced closers of the broken statement are skipped too.
                depth = max(0, depth - 1)
            }
            skipToken()
        }
    }

    // MARK: - Tokens and errors

    private var current: Token { tokens[position] }

    private func token(after offset: Int) -> Token { tokens[min(position + offset, tokens.count - 1)] }

    /// The end of the last token consumed, for the range of an unterminated construct.
    private var lastConsumedEnd: Int { position > 0 ? tokens[position - 1].range.upperBound : 0 }

    /// Consumes the current token (never the end of input), reporting its lexical errors.
    @discardableResult
    private mutating func advance() -> Token {
        let token = tokens[position]
        guard !token.isEndOfInput else { return token }
        reportLexicalErrors(at: position)
        position += 1
        return token
    }

    /// Consumes the current token while skipping code.
    private mutating func skipToken() {
        guard !current.isEndOfInput else { return }
        if reportsSkippedTokens { reportLexicalErrors(at: position) }
        position += 1
    }

    private mutating func reportLexicalErrors(at index: Int) {
        guard !tokens[index].errors.isEmpty else { return }
        errors.append(contentsOf: tokens[index].errors)
        // Once: recovery may pass over a token again.
        tokens[index].errors = []
    }

    /// Records a syntax error at `token` (the current token, or one just consumed).
    ///
    /// The message is an autoclosure so that building it costs nothing on the
    /// recursive paths until there is an error (this keeps their stack frames small).
    private mutating func fail(_ message: @autoclosure () -> String, at token: Token, suggestion: String? = nil) {
        guard !isAborted else { return }
        switch token.kind {
        case .endOfInput:
            guard !reportedEndOfInput else { return }
            reportedEndOfInput = true
            errors.append(ArborError(message(), at: .at(endOffset), suggestion: suggestion))
        case .invalid where token == current && !current.errors.isEmpty:
            // The lexer's error says what is wrong with this text.
            reportLexicalErrors(at: position)
        default:
            errors.append(ArborError(message(), at: token.range, suggestion: suggestion))
        }
    }

    /// "expected …, found …" (just "expected …" at the end of input).
    private mutating func failExpected(_ expected: @autoclosure () -> String, at token: Token) {
        fail(token.isEndOfInput ? "expected \(expected())" : "expected \(expected()), found \(token.quotedDescription)", at: token)
    }

    private mutating func checkNesting(at token: Token) -> Bool {
        guard !isAborted else { return false }
        guard depth <= Parser.nestingLimit else {
            fail("nesting too deep (limit \(Parser.nestingLimit))", at: token)
            isAborted = true
            return false
        }
        return true
    }

    /// Stands for an expression that failed to parse; the statement holding it
    /// has an error and is not returned.
    private func placeholder(at token: Token) -> Expr { Expr(.nilLiteral, token.range) }

    // MARK: - Conditional compilation

    /// Keeps the first branch of every `#if` and drops the directive lines and
    /// the other branches. Conditions cannot be evaluated here, and the first
    /// branch is the likeliest to be the code written for the app's platform
    /// (`#if canImport(GRDB)` around a whole model file).
    static func removingConditionalCompilation(_ tokens: [Token]) -> [Token] {
        guard tokens.contains(where: { $0.isPunctuation(.hash) }) else { return tokens }
        var result: [Token] = []
        result.reserveCapacity(tokens.count)
        var outerActivity: [Bool] = []
        var isActive = true
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.isPunctuation(.hash), index == 0 || token.precededByNewline, index + 1 < tokens.count,
                case .identifier(let directive, false) = tokens[index + 1].kind, !tokens[index + 1].precededBySpace,
                ["if", "elseif", "else", "endif"].contains(directive)
            {
                switch directive {
                case "if": outerActivity.append(isActive)
                case "endif": isActive = outerActivity.popLast() ?? isActive
                default: if !outerActivity.isEmpty { isActive = false }
                }
                // The directive and its condition fill the line.
                index += 2
                while index < tokens.count - 1, !tokens[index].precededByNewline { index += 1 }
                continue
            }
            if isActive || token.isEndOfInput { result.append(token) }
            index += 1
        }
        return result
    }
}
