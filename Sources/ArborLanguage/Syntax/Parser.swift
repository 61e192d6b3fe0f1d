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
///   `.member`, or with a binary operator followed by a space and an operand
///   (`&& x`, not `-x`), continues the expression of the previous line; so
///   does any line inside brackets.
/// - Calls, subscripts and trailing closures must start on the line of their
///   callee, as in Swift.
/// - `try`, `try?`, `try!` and `await` are ignored; `-1` (no space) is a
///   negative literal, `- 1` and `-x` are `.prefix(.negate, …)`.
/// - Consecutive declaration statements are grouped in one `.declarations`.
/// - Ranges are UTF-8 offsets into the whole text given to `parse`.
/// - Nesting (brackets, calls, closures, operators, member chains, nested
///   types) is limited to `nestingLimit` levels, so that no input can exhaust
///   the stack, and the parser is linear in the size of its input.
///
/// Stack use: the recursive functions are kept lean (token tests and error
/// messages live in small helpers) because each level of nesting costs a few
/// frames. At the limit, parsing needs about 0.4 MB of stack in release builds
/// and 1 MB in debug builds.
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

    /// `CommonTableExpression<Player>(…)`, `TableAlias<Author>()`: the type argument
    /// only says how GRDB decodes rows, so it is read and left out. Only right after
    /// a type name, with no space, and before `(` or `.`, so `a < b` stays a comparison.
    private mutating func skipExplicitGenericArguments(after name: String) {
        guard name.first?.isUppercase == true, atOperator(.less), !tokens[position].precededBySpace else { return }
        var index = position + 1
        var depth = 1
        while index < tokens.count, depth > 0 {
            switch tokens[index].kind {
            case .identifier: break
            case .punctuation(.dot), .punctuation(.comma): break
            case .operator(.less): depth += 1
            case .operator(.greater): depth -= 1
            case .operator(.shiftRight): depth -= 2
            case .operator(.question): break
            default: return
            }
            index += 1
        }
        guard depth == 0, index < tokens.count, !tokens[index].precededBySpace,
            tokens[index].isPunctuation(.leftParen) || tokens[index].isPunctuation(.dot)
        else { return }
        while position < index { consume() }
    }

    /// A parser of the tokens of one string interpolation, `(…)`.
    private init(interpolationTokens tokens: [Token], endOffset: Int) {
        self.tokens = tokens
        self.endOffset = endOffset
        self.isSourceFile = false
        self.reportsSkippedTokens = true
    }

    /// The segments of an interpolated string, each `\(…)` parsed as call arguments.
    private mutating func parseInterpolations(_ segments: [Token.StringSegment]) -> [InterpolationSegment] {
        segments.map { segment in
            switch segment {
            case .text(let text):
                return .text(text)
            case .interpolation(let tokens, let range):
                var inner = Parser(interpolationTokens: tokens, endOffset: range.upperBound)
                inner.consume()
                let arguments = inner.parseArguments(closer: .rightParen)
                if !inner.atEnd { inner.failHere("expected `)` to end the interpolation") }
                errors += inner.errors
                if inner.isAborted { isAborted = true }
                return .interpolation(arguments, range: range)
            }
        }
    }

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
        // Declarations pasted together are one batch: they may refer to each other.
        var pendingDeclarations: [TypeDeclaration] = []
        func flushDeclarations() {
            guard !pendingDeclarations.isEmpty else { return }
            statements.append(.declarations(pendingDeclarations))
            pendingDeclarations = []
        }
        while true {
            while at(.semicolon) { consume() }
            if atEnd { break }
            let start = position
            let errorCount = errors.count
            depth = 0
            isAborted = false
            let statement = parseStatement()
            if errors.count == errorCount, !isAtStatementEnd { failUnexpectedAfterStatement() }
            guard errors.count == errorCount, let statement else {
                flushDeclarations()
                if position == start { skipToken() }
                skipToEndOfStatement()
                continue
            }
            if case .declarations(let declarations) = statement {
                pendingDeclarations += declarations
            } else {
                flushDeclarations()
                statements.append(statement)
            }
        }
        flushDeclarations()
        return finish(statements)
    }

    private mutating func parseStatement() -> Statement? {
        if case .command(let name, let argument) = current.kind {
            return .command(name: name, argument: argument, range: consumeRange())
        }
        if typeKeyword(at: indexAfterModifiers(from: position)) != nil {
            return parseTypeDeclaration().map { .declarations([$0]) }
        }
        if atKeyword("let") || atKeyword("var") {
            return parseLetBinding()
        }
        return .expression(parseExpression())
    }

    /// `let name = value`, `let name: Type = value`, `var …`.
    private mutating func parseLetBinding() -> Statement? {
        let keyword = currentName ?? "let"
        let keywordRange = consumeRange()
        guard let name = currentName else {
            failExpectedHere("a name after `\(keyword)`")
            return nil
        }
        let nameRange = consumeRange()
        if at(.colon) {
            consume()
            skipTypeAnnotation()
        }
        guard atOperator(.assign) else {
            failExpectedHere("`=` and a value after `\(keyword) \(name)`")
            return nil
        }
        consume()
        let value = parseExpression()
        return .letBinding(name: name, nameRange: nameRange, value: value, range: keywordRange.union(value.range))
    }

    private var isAtStatementEnd: Bool { atEnd || at(.semicolon) || atNewLine }

    private mutating func failUnexpectedAfterStatement() {
        let token = current
        if token.isClosingBracket {
            failHere("unexpected \(token.quotedDescription) without a matching opening bracket")
        } else if token.isOperator(.assign) {
            failHere("assignment is not supported", suggestion: "bind a name with `let name = value`")
        } else if startsExpression(token) {
            failHere("consecutive statements on a line must be separated by `;`")
        } else {
            failHere("unexpected \(token.quotedDescription)")
        }
    }

    private func startsExpression(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .anonymousArgument, .integer, .double, .string, .interpolatedString: true
        case .punctuation(let p): [.leftParen, .leftBracket, .leftBrace, .dot, .backslash].contains(p)
        case .operator(let op): op.prefixOperator != nil
        case .command, .invalid, .endOfInput: false
        }
    }

    private mutating func finish(_ statements: [Statement]) -> ParseResult {
        // An unterminated comment is reported on the end-of-input token.
        reportLexicalErrors(at: tokens.count - 1)
        let sorted = errors.sorted { ($0.range?.lowerBound ?? 0) < ($1.range?.lowerBound ?? 0) }
        // Recovery can meet one problem twice; say it once.
        var unique: [ArborError] = []
        for error in sorted where error != unique.last { unique.append(error) }
        return ParseResult(statements: statements, errors: unique)
    }

    // MARK: - Expressions

    private mutating func parseExpression() -> Expr {
        depth += 1
        defer { depth -= 1 }
        guard checkNesting(at: currentRange) else { return Expr(.nilLiteral, currentRange) }
        return parseBinary(minimumPrecedence: 0)
    }

    /// Precedence climbing over `BinaryOperator.precedence`.
    private mutating func parseBinary(minimumPrecedence: Int) -> Expr {
        var left = parsePrefix()
        var previousNonAssociative: BinaryOperator?
        let depthOnEntry = depth
        defer { depth = depthOnEntry }
        while !isAborted, let op = currentBinaryOperator(), op.precedence >= minimumPrecedence {
            if let previous = previousNonAssociative, previous.precedence == op.precedence {
                failChained(previous, op)
            }
            let opRange = consumeRange()
            // Each operator deepens the tree: `1 + 1 + … + 1` is nesting too.
            depth += 1
            guard checkNesting(at: opRange) else { return left }
            let right = parseBinary(minimumPrecedence: op.isRightAssociative ? op.precedence : op.precedence + 1)
            left = Expr(.binary(op, left, right), left.range.union(right.range))
            previousNonAssociative = op.isNonAssociative ? op : nil
        }
        return left
    }

    private mutating func failChained(_ previous: BinaryOperator, _ op: BinaryOperator) {
        failHere(
            "adjacent operators `\(previous.rawValue)` and `\(op.rawValue)` cannot be chained",
            suggestion: "add parentheses")
    }

    /// The binary operator at the current token, if it continues the expression.
    /// At the start of a line, an operator is binary only when a space and an
    /// operand on the same line follow it, as in Swift: `&& b` continues the
    /// previous line, `-1` starts a statement (and so does a lone `...`).
    private func currentBinaryOperator() -> BinaryOperator? {
        guard case .operator(let op) = tokens[position].kind, let binary = op.binaryOperator else { return nil }
        if tokens[position].precededByNewline {
            let next = tokens[min(position + 1, tokens.count - 1)]
            guard next.precededBySpace, !next.precededByNewline, !next.isEndOfInput else { return nil }
        }
        return binary
    }

    private func currentPrefixOperator() -> PrefixOperator? {
        guard case .operator(let op) = tokens[position].kind else { return nil }
        return op.prefixOperator
    }

    private mutating func parsePrefix() -> Expr {
        skipEffectMarkers()
        guard let prefix = currentPrefixOperator() else { return parsePostfix(parsePrimary()) }
        let opRange = consumeRange()
        depth += 1
        defer { depth -= 1 }
        guard checkNesting(at: opRange) else { return Expr(.nilLiteral, opRange) }
        if prefix == .negate, let literal = parseNegativeLiteral(minusRange: opRange) {
            return parsePostfix(literal)
        }
        let operand = parsePrefix()
        return Expr(.prefix(prefix, operand), opRange.union(operand.range))
    }

    /// `-1`, `-1.5`: a negative literal, as in Swift, when no space follows the
    /// `-` (this makes `-9223372036854775808` valid).
    private mutating func parseNegativeLiteral(minusRange: SourceRange) -> Expr? {
        guard !tokens[position].precededBySpace else { return nil }
        switch tokens[position].kind {
        case .integer(let magnitude):
            let value = magnitude > UInt64(Int64.max) ? Int64.min : -Int64(magnitude)
            return Expr(.integer(value), minusRange.union(consumeRange()))
        case .double(let magnitude):
            return Expr(.double(-magnitude), minusRange.union(consumeRange()))
        default:
            return nil
        }
    }

    /// `try`, `try?`, `try!` and `await` change nothing here: pasted Swift has them.
    private mutating func skipEffectMarkers() {
        while atKeyword("try") || atKeyword("await") {
            let isTry = atKeyword("try")
            consume()
            if isTry, !tokens[position].precededBySpace, atOperator(.question) || atOperator(.bang) { consume() }
        }
    }

    private enum Suffix { case member, call, subscripting, trailingClosure, none }

    private func currentSuffix(after expr: Expr) -> Suffix {
        let token = tokens[position]
        switch token.kind {
        case .punctuation(.dot): return .member
        // A `(`, `[` or `{` on a new line starts a new statement, as in Swift.
        case .punctuation(.leftParen) where !token.precededByNewline: return .call
        case .punctuation(.leftBracket) where !token.precededByNewline: return .subscripting
        case .punctuation(.leftBrace) where !token.precededByNewline && acceptsTrailingClosure(expr):
            return .trailingClosure
        default: return .none
        }
    }

    private mutating func parsePostfix(_ base: Expr) -> Expr {
        var expr = base
        let depthOnEntry = depth
        defer { depth = depthOnEntry }
        while !isAborted {
            let suffixRange = currentRange
            switch currentSuffix(after: expr) {
            case .member:
                // Also at the start of a line: a member chain written over several lines.
                guard let member = parseMemberSuffix(of: expr) else { return expr }
                expr = member
            case .call:
                expr = parseCallSuffix(of: expr, closer: .rightParen)
            case .subscripting:
                expr = parseCallSuffix(of: expr, closer: .rightBracket)
            case .trailingClosure:
                expr = parseTrailingClosure(of: expr)
            case .none:
                return expr
            }
            // Each suffix deepens the tree: a chain of 10,000 calls is nesting too.
            depth += 1
            guard checkNesting(at: suffixRange) else { return expr }
        }
        return expr
    }

    private mutating func parseMemberSuffix(of base: Expr) -> Expr? {
        consume()
        guard let name = currentName else {
            failHere("expected a member name after `.`")
            return nil
        }
        let nameRange = consumeRange()
        return Expr(.member(base, name: name, nameRange: nameRange), base.range.union(nameRange))
    }

    /// `callee(arguments)` or `base[arguments]`.
    private mutating func parseCallSuffix(of base: Expr, closer: Token.Punctuation) -> Expr {
        consume()
        let arguments = parseArguments(closer: closer)
        let range = SourceRange(base.range.lowerBound, lastConsumedEnd)
        if closer == .rightParen { return Expr(.call(base, arguments: arguments), range) }
        return Expr(.subscripted(base, arguments: arguments), range)
    }

    private mutating func parseTrailingClosure(of base: Expr) -> Expr {
        let closure = parseClosure()
        let argument = Argument(label: nil, labelRange: nil, value: closure, isTrailingClosure: true)
        if case .call(let callee, var arguments) = base.kind {
            arguments.append(argument)
            return Expr(.call(callee, arguments: arguments), base.range.union(closure.range))
        }
        return Expr(.call(base, arguments: [argument]), base.range.union(closure.range))
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

    /// Arguments up to `closer` (the opening bracket is consumed).
    private mutating func parseArguments(closer: Token.Punctuation) -> [Argument] {
        var arguments: [Argument] = []
        while !isAborted {
            if at(closer) {
                consume()
                break
            }
            if atEnd || atClosingBracket {
                failUnclosed(closer)
                break
            }
            let errorCount = errors.count
            arguments.append(parseArgument())
            finishListElement(closer: closer, errorCount: errorCount, elementName: "an argument")
        }
        return arguments
    }

    /// `value` or `label: value`.
    private mutating func parseArgument() -> Argument {
        if let label = currentName, tokens[min(position + 1, tokens.count - 1)].isPunctuation(.colon) {
            let labelRange = consumeRange()
            consume()
            return Argument(label: label, labelRange: labelRange, value: parseExpression())
        }
        return Argument(label: nil, labelRange: nil, value: parseExpression())
    }

    /// After an element of a comma-separated list: on an error, skips to the
    /// next `,` or to the closer, so that the following elements are still
    /// checked; then consumes the `,`.
    private mutating func finishListElement(closer: Token.Punctuation, errorCount: Int, elementName: String) {
        if errors.count > errorCount {
            skipToListBoundary()
        } else if !at(.comma), !at(closer), !atEnd, !atClosingBracket {
            failExpectedHere("`,` or `\(closer.rawValue)` after \(elementName)")
            skipToListBoundary()
        }
        if at(.comma) { consume() }
    }

    private mutating func failUnclosed(_ closer: Token.Punctuation) {
        let opener =
            switch closer {
            case .rightBracket: "["
            case .rightBrace: "{"
            default: "("
            }
        failHere("expected `\(closer.rawValue)` to close `\(opener)`")
    }

    private enum PrimaryKind { case parenthesized, collection, closure, other }

    private func currentPrimaryKind() -> PrimaryKind {
        switch tokens[position].kind {
        case .punctuation(.leftParen): .parenthesized
        case .punctuation(.leftBracket): .collection
        case .punctuation(.leftBrace): .closure
        default: .other
        }
    }

    private mutating func parsePrimary() -> Expr {
        switch currentPrimaryKind() {
        case .parenthesized: parseParenthesized()
        case .collection: parseCollection()
        case .closure: parseClosure()
        case .other: parseSimplePrimary()
        }
    }

    /// Names, literals, key paths and implicit members: the primaries without sub-expressions.
    private mutating func parseSimplePrimary() -> Expr {
        let token = current
        switch token.kind {
        case .identifier(let name, let isQuoted):
            consume()
            if !isQuoted {
                switch name {
                case "true": return Expr(.bool(true), token.range)
                case "false": return Expr(.bool(false), token.range)
                case "nil": return Expr(.nilLiteral, token.range)
                default: break
                }
            }
            skipExplicitGenericArguments(after: name)
            return Expr(.identifier(name), token.range)
        case .anonymousArgument(let index):
            consume()
            return Expr(.anonymousArgument(index), token.range)
        case .integer(let magnitude):
            guard magnitude <= UInt64(Int64.max) else {
                failHere("integer literal `\(magnitude)` overflows Int64")
                consume()
                return Expr(.nilLiteral, token.range)
            }
            consume()
            return Expr(.integer(Int64(magnitude)), token.range)
        case .double(let value):
            consume()
            return Expr(.double(value), token.range)
        case .string(let value):
            consume()
            return Expr(.string(value), token.range)
        case .interpolatedString(let segments):
            consume()
            return Expr(.interpolatedString(parseInterpolations(segments)), token.range)
        case .punctuation(.backslash):
            return parseKeyPath()
        case .punctuation(.dot):
            // `.nocase`: an implicit member.
            consume()
            guard let name = currentName else {
                failHere("expected a member name after `.`")
                return Expr(.nilLiteral, token.range)
            }
            return Expr(.implicitMember(name), token.range.union(consumeRange()))
        default:
            failExpectedHere("an expression")
            return Expr(.nilLiteral, token.range)
        }
    }

    private mutating func parseParenthesized() -> Expr {
        let openRange = consumeRange()
        if at(.rightParen) {
            failHere("expected an expression between `(` and `)`")
            return Expr(.nilLiteral, openRange)
        }
        let errorCount = errors.count
        let inner = parseExpression()
        if errors.count > errorCount {
            skipToListBoundary()
        } else if at(.comma) {
            failHere("tuples are not supported")
        }
        if at(.comma) { skipToClosingBracket() }
        guard at(.rightParen) else {
            failUnclosed(.rightParen)
            return inner
        }
        return Expr(.parenthesized(inner), openRange.union(consumeRange()))
    }

    /// `[1, 2]`, `[]`, `["a": 1]`, `[:]`.
    private mutating func parseCollection() -> Expr {
        let start = consumeRange().lowerBound
        if at(.colon), tokens[min(position + 1, tokens.count - 1)].isPunctuation(.rightBracket) {
            consume()
            consume()
            return Expr(.dictionary([]), SourceRange(start, lastConsumedEnd))
        }
        var elements: [Expr] = []
        var entries: [DictionaryEntry] = []
        var isDictionary: Bool?
        while !isAborted {
            if at(.rightBracket) {
                consume()
                break
            }
            if atEnd || atClosingBracket {
                failUnclosed(.rightBracket)
                break
            }
            let errorCount = errors.count
            let key = parseExpression()
            if errors.count == errorCount {
                if at(.colon) {
                    if isDictionary == false {
                        failExpectedHere("`,` or `]` in an array literal")
                    } else {
                        isDictionary = true
                        consume()
                        entries.append(DictionaryEntry(key: key, value: parseExpression()))
                    }
                } else if isDictionary == true {
                    failExpectedHere("`:` and a value after a dictionary key")
                } else {
                    isDictionary = false
                    elements.append(key)
                }
            }
            finishListElement(closer: .rightBracket, errorCount: errorCount, elementName: "an element")
        }
        let range = SourceRange(start, lastConsumedEnd)
        return isDictionary == true ? Expr(.dictionary(entries), range) : Expr(.array(elements), range)
    }

    /// `{ $0.name }`, `{ book in book.year > 2000 }`, `{ (a: Book) -> Bool in return … }`.
    private mutating func parseClosure() -> Expr {
        let openRange = consumeRange()
        let errorCount = errors.count
        let parameters = closureHasSignature() ? parseClosureSignature() : []
        if atKeyword("return") { consume() }
        var body = Expr(.nilLiteral, currentRange)
        if errors.count == errorCount {
            if at(.rightBrace) {
                failHere("expected an expression in the closure")
            } else {
                body = parseExpression()
            }
        }
        if errors.count == errorCount, !at(.rightBrace), !atEnd, !atClosingBracket {
            failHere("a closure must contain a single expression")
        }
        if !at(.rightBrace) { skipToClosingBracket() }
        let closure = Closure(parameters: parameters, body: body)
        guard at(.rightBrace) else {
            failUnclosed(.rightBrace)
            return Expr(.closure(closure), openRange.union(body.range))
        }
        return Expr(.closure(closure), openRange.union(consumeRange()))
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
        if at(.leftParen) {
            consume()
            while !at(.rightParen) {
                guard let name = currentName else {
                    failExpectedHere("a parameter name")
                    return names
                }
                consume()
                names.append(name)
                if at(.colon) {
                    consume()
                    skipToListBoundary()
                }
                if at(.comma) {
                    consume()
                } else if !at(.rightParen) {
                    failExpectedHere("`,` or `)` after a closure parameter")
                    return names
                }
            }
            consume()
        } else {
            while let name = currentName, !atKeyword("in") {
                consume()
                names.append(name)
                guard at(.comma) else { break }
                consume()
            }
        }
        if atOperator(.arrow) {
            // The result type does not matter.
            consume()
            var depth = 0
            while !atEnd, !(depth == 0 && atKeyword("in")) {
                if depth == 0, at(.leftBrace) || atClosingBracket { break }
                if tokens[position].isOpeningBracket { depth += 1 } else if atClosingBracket { depth -= 1 }
                skipToken()
            }
        }
        guard atKeyword("in") else {
            failExpectedHere("`in` after the closure's parameters")
            return names
        }
        consume()
        return names
    }

    /// `\.name`, `\.$name`, `\Book.name`, `\Book.author.name`.
    private mutating func parseKeyPath() -> Expr {
        let backslashRange = consumeRange()
        var range = backslashRange
        var root: String?
        if let name = currentName, !tokens[position].precededBySpace {
            root = name
            range = range.union(consumeRange())
        }
        var components: [String] = []
        while at(.dot), !tokens[position].precededBySpace {
            consume()
            guard var name = currentName, !tokens[position].precededBySpace else {
                failHere("expected a property name after `.` in the key path")
                return Expr(.nilLiteral, backslashRange)
            }
            if name.hasPrefix("$") { name.removeFirst() }
            components.append(name)
            range = range.union(consumeRange())
        }
        guard !components.isEmpty else {
            failHere("expected `.` and a property name in the key path")
            return Expr(.nilLiteral, backslashRange)
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
    /// `@available(iOS 15, *)`, over several lines if need be). A bounded look
    /// ahead, which keeps parsing linear: past it, there is no declaration here.
    private func indexAfterModifiers(from start: Int) -> Int {
        var index = start
        while index < tokens.count - 1 {
            guard index - start < 128 else { return start }
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

    /// What precedes the body of a type declaration.
    private struct DeclarationHeader {
        var keyword: TypeDeclaration.Keyword
        var name: String
        var nameRange: SourceRange
        var start: Int
    }

    /// `[modifiers] extension|struct|class|enum|actor Name [header] { members }`,
    /// the current token being its first modifier or its keyword.
    private mutating func parseTypeDeclaration() -> TypeDeclaration? {
        guard let header = parseDeclarationHeader() else { return nil }
        depth += 1
        defer { depth -= 1 }
        guard checkNesting(at: header.nameRange) else { return nil }
        let reportedSkippedTokens = reportsSkippedTokens
        reportsSkippedTokens = false
        defer { reportsSkippedTokens = reportedSkippedTokens }
        var members: [TypeDeclaration.Member] = []
        while !isAborted {
            while at(.semicolon) { skipToken() }
            if at(.rightBrace) {
                return TypeDeclaration(
                    keyword: header.keyword, name: header.name, nameRange: header.nameRange, members: members,
                    range: SourceRange(header.start, consumeRange().upperBound))
            }
            if atEnd {
                failUnclosedBody(header)
                return nil
            }
            if let member = parseMember() { members.append(member) }
        }
        return nil
    }

    /// Up to and including the `{` of the body.
    private mutating func parseDeclarationHeader() -> DeclarationHeader? {
        let start = currentRange.lowerBound
        let keywordIndex = indexAfterModifiers(from: position)
        while position < keywordIndex { skipToken() }
        guard let keyword = typeKeyword(at: position) else { return nil }
        consume()
        guard var name = currentName else { return nil }
        var nameRange = consumeRange()
        // `extension Author.Columns`.
        while at(.dot), let part = tokens[min(position + 1, tokens.count - 1)].identifierName {
            consume()
            name += "." + part
            nameRange = nameRange.union(consumeRange())
        }
        // Generic parameters, inheritance and `where` clauses do not matter.
        guard skipDeclarationHeader() else {
            if !isSourceFile { failHere("expected `{` after `\(keyword.rawValue) \(name)`") }
            return nil
        }
        consume()
        return DeclarationHeader(keyword: keyword, name: name, nameRange: nameRange, start: start)
    }

    private mutating func failUnclosedBody(_ header: DeclarationHeader) {
        failHere("expected `}` to close the body of `\(header.keyword.rawValue) \(header.name)`")
    }

    /// Skips the header up to the `{` of the body; false if there is none.
    private mutating func skipDeclarationHeader() -> Bool {
        var depth = 0
        while !atEnd {
            if depth == 0 {
                if at(.leftBrace) { return true }
                if at(.semicolon) || atClosingBracket || atOperator(.assign) || startsNewItem { return false }
            }
            if tokens[position].isOpeningBracket { depth += 1 } else if atClosingBracket { depth -= 1 }
            skipToken()
        }
        return false
    }

    private enum MemberKind { case typeDeclaration, staticProperty, other }

    /// What the member at the current token is, its modifiers skipped for a
    /// static property or another member.
    private mutating func startMember() -> MemberKind {
        let afterModifiers = indexAfterModifiers(from: position)
        if typeKeyword(at: afterModifiers) != nil { return .typeDeclaration }
        let isStatic = tokens[position..<afterModifiers].contains { $0.isKeyword("static") || $0.isKeyword("class") }
        while position < afterModifiers { skipToken() }
        return isStatic && (atKeyword("let") || atKeyword("var")) ? .staticProperty : .other
    }

    /// One member of a type body: a `static let`, a nested type, or something skipped.
    private mutating func parseMember() -> TypeDeclaration.Member? {
        let memberStart = position
        let start = currentRange.lowerBound
        switch startMember() {
        case .typeDeclaration:
            if let nested = parseTypeDeclaration() { return .nested(nested) }
            if !isAborted {
                if position == memberStart { skipToken() }
                skipRestOfItem()
            }
            return nil
        case .staticProperty:
            return parseStaticLet(start: start)
        case .other:
            // Properties, methods, initializers, cases…: app code we do not need.
            if position == memberStart { skipToken() }
            skipRestOfItem()
            return nil
        }
    }

    /// `static let name = value`, `static var name: Type = value`. A value that is
    /// not an expression of our language is ordinary app code: skipped, no error.
    private mutating func parseStaticLet(start: Int) -> TypeDeclaration.Member? {
        let savedPosition = position
        let savedErrorCount = errors.count
        let savedReportedEndOfInput = reportedEndOfInput
        skipToken()
        guard let name = currentName else {
            skipRestOfItem()
            return nil
        }
        let nameRange = consumeRange()
        if at(.colon) {
            consume()
            skipTypeAnnotation()
        }
        guard atOperator(.assign) else {
            // `static var x: Int { … }`, `static let x: Int` (a requirement)…
            skipRestOfItem()
            return nil
        }
        consume()
        let value = parseExpression()
        let isAtMemberEnd = atEnd || at(.semicolon) || at(.rightBrace) || atNewLine
        if errors.count == savedErrorCount, !isAborted, isAtMemberEnd {
            return .staticLet(
                name: name, nameRange: nameRange, value: value, range: SourceRange(start, value.range.upperBound))
        }
        position = savedPosition
        errors.removeSubrange(savedErrorCount...)
        reportedEndOfInput = savedReportedEndOfInput
        isAborted = false
        skipToken()
        skipRestOfItem()
        return nil
    }

    private mutating func parseSourceFileDeclarations() -> ParseResult {
        var declarations: [TypeDeclaration] = []
        while !atEnd {
            if at(.semicolon) || atClosingBracket {
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
    /// (not ending with a binary operator, `=`, `.`, `,` or `:`). An operator
    /// that touches what precedes it is postfix (`String?`, `Array<Int>`) and
    /// completes its line.
    private var startsNewItem: Bool {
        let token = tokens[position]
        guard token.precededByNewline else { return false }
        if position > 0 {
            let previous = tokens[position - 1]
            switch previous.kind {
            case .operator:
                if previous.precededBySpace { return false }
            case .punctuation(.dot), .punctuation(.comma), .punctuation(.colon), .punctuation(.at),
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
        while !atEnd {
            if depth == 0 {
                if at(.semicolon) {
                    skipToken()
                    return
                }
                if atClosingBracket || startsNewItem { return }
            }
            if tokens[position].isOpeningBracket { depth += 1 } else if atClosingBracket { depth -= 1 }
            skipToken()
        }
    }

    /// Skips the type of `let name: Type = …` up to its `=` (or up to where the
    /// member or statement ends, or a `{` that starts a computed property).
    private mutating func skipTypeAnnotation() {
        var depth = 0
        while !atEnd {
            if depth == 0,
                atOperator(.assign) || at(.leftBrace) || at(.semicolon) || atClosingBracket || atNewLine
            {
                return
            }
            if tokens[position].isOpeningBracket { depth += 1 } else if atClosingBracket { depth -= 1 }
            skipToken()
        }
    }

    /// Recovery in a list: skips to the next `,` or closing bracket at this level.
    private mutating func skipToListBoundary() {
        var depth = 0
        while !atEnd {
            if depth == 0, at(.comma) || atClosingBracket { return }
            if tokens[position].isOpeningBracket { depth += 1 } else if atClosingBracket { depth -= 1 }
            skipToken()
        }
    }

    /// Recovery in brackets: skips to the closing bracket at this level.
    private mutating func skipToClosingBracket() {
        var depth = 0
        while !atEnd {
            if depth == 0, atClosingBracket { return }
            if tokens[position].isOpeningBracket { depth += 1 } else if atClosingBracket { depth -= 1 }
            skipToken()
        }
    }

    /// Recovery after a statement's error: skips to a `;` or a new line at
    /// bracket depth 0 that does not continue the statement.
    private mutating func skipToEndOfStatement() {
        var depth = 0
        while !atEnd {
            if depth == 0 {
                if at(.semicolon) { return }
                if atNewLine, !at(.dot), currentBinaryOperator() == nil { return }
            }
            if tokens[position].isOpeningBracket {
                depth += 1
            } else if atClosingBracket {
                // Unbalanced closers of the broken statement are skipped too.
                depth = max(0, depth - 1)
            }
            skipToken()
        }
    }

    // MARK: - Tokens

    // Small accessors, so that the recursive functions do not copy tokens.

    private var current: Token { tokens[position] }
    private var currentRange: SourceRange { tokens[position].range }
    private var atEnd: Bool { tokens[position].isEndOfInput }
    private var atNewLine: Bool { tokens[position].precededByNewline }
    private var atClosingBracket: Bool { tokens[position].isClosingBracket }
    private var currentName: String? { tokens[position].identifierName }
    private func at(_ punctuation: Token.Punctuation) -> Bool { tokens[position].isPunctuation(punctuation) }
    private func atOperator(_ op: Token.Operator) -> Bool { tokens[position].isOperator(op) }
    private func atKeyword(_ keyword: String) -> Bool { tokens[position].isKeyword(keyword) }

    /// The end of the last token consumed, for the range of an unterminated construct.
    private var lastConsumedEnd: Int { position > 0 ? tokens[position - 1].range.upperBound : 0 }

    /// Consumes the current token (never the end of input), reporting its lexical errors.
    private mutating func consume() {
        guard !atEnd else { return }
        reportLexicalErrors(at: position)
        position += 1
    }

    private mutating func consumeRange() -> SourceRange {
        let range = currentRange
        consume()
        return range
    }

    /// Consumes the current token while skipping code.
    private mutating func skipToken() {
        guard !atEnd else { return }
        if reportsSkippedTokens { reportLexicalErrors(at: position) }
        position += 1
    }

    private mutating func reportLexicalErrors(at index: Int) {
        guard !tokens[index].errors.isEmpty else { return }
        errors.append(contentsOf: tokens[index].errors)
        // Once: recovery may pass over a token again.
        tokens[index].errors = []
    }

    // MARK: - Errors

    /// Records a syntax error at the current token. The message is an
    /// autoclosure so that the recursive functions that may fail do not pay
    /// for building it (string interpolation enlarges their stack frames).
    private mutating func failHere(_ message: @autoclosure () -> String, suggestion: String? = nil) {
        guard !isAborted else { return }
        switch tokens[position].kind {
        case .endOfInput:
            guard !reportedEndOfInput else { return }
            reportedEndOfInput = true
            errors.append(ArborError(message(), at: .at(endOffset), suggestion: suggestion))
        case .invalid where !tokens[position].errors.isEmpty:
            // The lexer's error says what is wrong with this text.
            reportLexicalErrors(at: position)
        default:
            errors.append(ArborError(message(), at: currentRange, suggestion: suggestion))
        }
    }

    /// "expected …, found …" (just "expected …" at the end of input).
    private mutating func failExpectedHere(_ expected: @autoclosure () -> String) {
        let found = atEnd ? "" : ", found \(current.quotedDescription)"
        failHere("expected \(expected())\(found)")
    }

    private mutating func checkNesting(at range: SourceRange) -> Bool {
        guard !isAborted else { return false }
        guard depth <= Parser.nestingLimit else {
            errors.append(ArborError("nesting too deep (limit \(Parser.nestingLimit))", at: range))
            isAborted = true
            return false
        }
        return true
    }

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
