import ArborCore

/// The statements of an input and the errors found in it.
public struct ParseResult: Hashable, Sendable {
    /// The statements that parsed without error, in order. A statement with an
    /// error is left out (its errors are in `errors`).
    public var statements: [Statement]
    /// Lexical and syntax errors, ordered by position.
    public var errors: [ArborError]
    /// What the input's `#if` groups took (see `ConditionalCompilation`),
    /// ordered by position. Notes are not errors: no statement fails for them.
    public var notes: [ArborError]

    public init(statements: [Statement] = [], errors: [ArborError] = [], notes: [ArborError] = []) {
        self.statements = statements
        self.errors = errors
        self.notes = notes
    }
}

/// A recursive descent parser for Arbor's statements (docs/LANGUAGE.md §2 and §3) and
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
    /// `flags` are the compilation conditions that are defined, for `#if`.
    public static func parse(_ text: String, flags: Set<String> = ConditionalCompilation.defaultFlags) -> ParseResult {
        var parser = Parser(text, isSourceFile: false, flags: flags)
        var result = parser.parseStatements()
        // `#if` inside a pasted declaration was already decided on the prompt's tokens.
        result.notes = (parser.notes + parser.pastedNotes.filter { !$0.message.hasPrefix("#if") }).sorted {
            ($0.range?.lowerBound ?? 0) < ($1.range?.lowerBound ?? 0)
        }
        return result
    }

    /// Parses a whole Swift file (`--load Models.swift`): returns one
    /// `.declarations` statement with its type declarations (nested types in
    /// their parents), or no statement if there are none. Everything else
    /// (imports, functions, protocols, top-level code…) is skipped without
    /// error; errors are only reported for broken type declarations.
    public static func parseSourceFile(
        _ text: String, flags: Set<String> = ConditionalCompilation.defaultFlags, cancellation: Cancellation? = nil
    ) -> ParseResult {
        let result = SwiftSourceReader.read(text, flags: flags, cancellation: cancellation)
        return ParseResult(
            statements: result.declarations.isEmpty ? [] : [.declarations(result.declarations)], errors: result.errors,
            notes: result.notes)
    }

    var tokens: [Token]
    /// The compilation conditions defined, for declarations pasted at the prompt.
    let flags: Set<String>
    /// What reading pasted declarations noted.
    var pastedNotes: [ArborError] = []
    /// Ctrl-C: a source file's parse stops at the next top-level declaration.
    var cancellation: Cancellation?
    /// What conditional compilation decided, reported with the result.
    let notes: [ArborError]
    var position = 0
    var errors: [ArborError] = []
    let endOffset: Int
    let isSourceFile: Bool
    /// Current nesting, checked against `nestingLimit`.
    var depth = 0
    /// Set when the nesting limit is passed: the statement is abandoned
    /// without further errors.
    var isAborted = false
    /// Only one "expected … at end of input" error: an unclosed bracket would
    /// otherwise produce one per enclosing construct.
    var reportedEndOfInput = false
    /// Whether lexical errors of tokens skipped during recovery are reported:
    /// yes in statements, no in declaration bodies and source files, which hold
    /// app code that we skip on purpose (`"\(name)"` is fine there).
    var reportsSkippedTokens: Bool
    /// The text's bytes, for type annotations kept as written.
    let source: [UInt8]
    /// Errors of declarations that are not Swift at all (`static let x = }`): reported even
    /// where a member arbor cannot read is otherwise skipped.
    var definiteErrors: [ArborError] = []
    /// In `if`/`guard`/`switch` conditions a `{` opens the body, not a trailing closure (as in Swift).
    var forbidsTrailingClosures = false

    /// `TableAlias<Author>()`: the type argument changes no SQL, so it is read and left out
    /// (those that decide GRDB's members, `CommonTableExpression<Player>`, are kept by the caller). Only right after
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

    /// `Book`, `Book.Draft`, `String?`: a type argument written as tokens; nil for anything else.
    private func typeText(_ tokens: ArraySlice<Token>) -> String? {
        var text = ""
        for token in tokens {
            switch token.kind {
            case .identifier(let name, _): text += name
            case .punctuation(.dot): text += "."
            case .operator(.question): text += "?"
            default: return nil
            }
        }
        return text.isEmpty ? nil : text
    }

    /// A parser of the tokens of one string interpolation, `(…)`.
    private init(interpolationTokens tokens: [Token], endOffset: Int, source: [UInt8]) {
        self.tokens = tokens
        self.notes = []
        self.flags = []
        self.source = source
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
                var inner = Parser(interpolationTokens: tokens, endOffset: range.upperBound, source: source)
                inner.consume()
                let arguments = inner.parseArguments(closer: .rightParen)
                if !inner.atEnd { inner.failHere("expected `)` to end the interpolation") }
                errors += inner.errors
                if inner.isAborted { isAborted = true }
                return .interpolation(arguments, range: range)
            }
        }
    }

    private init(_ text: String, isSourceFile: Bool, flags: Set<String>) {
        let tokens = Lexer.tokenize(text, recognizesCommands: !isSourceFile)
        self.source = Array(text.utf8)
        let resolved = ConditionalCompilation.resolve(tokens, source: text, flags: flags)
        self.tokens = resolved.tokens
        self.flags = flags
        self.notes = resolved.notes.map { ArborError($0.message, at: $0.range) }
        self.endOffset = text.utf8.count
        self.isSourceFile = isSourceFile
        self.reportsSkippedTokens = !isSourceFile
    }

    // MARK: - Statements

    mutating func parseStatements() -> ParseResult {
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

    mutating func parseStatement() -> Statement? {
        if case .command(let name, let argument) = current.kind {
            return .command(name: name, argument: argument, range: consumeRange())
        }
        if typeKeyword(at: indexAfterModifiers(from: position)) != nil {
            return parsePastedDeclaration().map { .declarations($0) }
        }
        // A file pasted whole: `import GRDB`, protocols and free functions hold nothing
        // arbor reads, and are skipped as they are when the file is loaded.
        let keywordIndex = indexAfterModifiers(from: position)
        if case .identifier(let keyword, false) = tokens[keywordIndex].kind,
            Self.skippedTopLevelKeywords.contains(keyword), keywordIndex + 1 < tokens.count,
            case .identifier = tokens[keywordIndex + 1].kind
        {
            position = keywordIndex
            let start = consumeRange()
            // A bracket left open is an error, not the rest of the input swallowed.
            if !skipRestOfItem(keepingSemicolon: true) {
                errors.append(ArborError("this declaration is not closed: a bracket is left open", at: start))
            }
            return .declarations([])
        }
        if atKeyword("let") || atKeyword("var") {
            return parseLetBinding()
        }
        if case .identifier(_, false) = current.kind, position + 1 < tokens.count,
            tokens[position + 1].isOperator(.assign)
        {
            return parseAssignment()
        }
        if case .identifier(_, false) = current.kind, position + 2 < tokens.count,
            tokens[position + 1].isOperator(.plus), tokens[position + 2].isOperator(.assign),
            tokens[position + 1].range.upperBound == tokens[position + 2].range.lowerBound
        {
            return parseAddingAssignment()
        }
        return .expression(parseExpression())
    }

    /// `query += "GROUP BY team.id"`: Swift's `+=`, the `var` given `query + value`
    /// (GRDB's `SQL` joins its text with `+`).
    mutating func parseAddingAssignment() -> Statement? {
        guard let name = currentName else { return nil }
        let nameRange = consumeRange()
        let operatorRange = consumeRange().union(consumeRange())
        let value = parseExpression()
        let sum = Expr(.binary(.add, Expr(.identifier(name), nameRange), value), operatorRange.union(value.range))
        return .assignment(name: name, nameRange: nameRange, value: sum, range: nameRange.union(value.range))
    }

    /// `name = value`: a `var` given a new value.
    mutating func parseAssignment() -> Statement? {
        guard let name = currentName else { return nil }
        let nameRange = consumeRange()
        consume()
        let value = parseExpression()
        return .assignment(name: name, nameRange: nameRange, value: value, range: nameRange.union(value.range))
    }

    /// `let name = value`, `let name: Type = value`, `var …`.
    mutating func parseLetBinding() -> Statement? {
        let keyword = currentName ?? "let"
        let keywordRange = consumeRange()
        guard let name = currentName else {
            failExpectedHere("a name after `\(keyword)`")
            return nil
        }
        let nameRange = consumeRange()
        var annotation: String?
        if at(.colon) {
            consume()
            let start = position
            skipTypeAnnotation()
            if position > start, position <= tokens.count {
                let lower = tokens[start].range.lowerBound
                let upper = tokens[position - 1].range.upperBound
                if lower >= 0, upper <= source.count, lower < upper {
                    annotation = String(decoding: source[lower..<upper], as: UTF8.self).filter { !$0.isWhitespace }
                }
            }
        }
        guard atOperator(.assign) else {
            failExpectedHere("`=` and a value after `\(keyword) \(name)`")
            return nil
        }
        consume()
        let value = Self.literal(parseExpression(), as: annotation)
        let range = keywordRange.union(value.range)
        if keyword == "var" { return .varBinding(name: name, nameRange: nameRange, value: value, range: range) }
        return .letBinding(name: name, nameRange: nameRange, value: value, range: range)
    }

    /// `let literal: SQL = "name = \(name)"`: a string literal where GRDB's `SQL` or
    /// `SQLRequest<T>` is declared is that type's literal (its interpolations are SQL
    /// arguments), as Swift reads it: the call `SQL("…")`.
    static func literal(_ value: Expr, as annotation: String?) -> Expr {
        guard let annotation, annotation == "SQL" || annotation.hasPrefix("SQLRequest<") else { return value }
        switch value.kind {
        case .string, .interpolatedString:
            let callee = Expr(.identifier(annotation), value.range)
            return Expr(.call(callee, arguments: [Argument(label: nil, labelRange: nil, value: value)]), value.range)
        default:
            return value
        }
    }

    /// Top-level Swift that a pasted file holds and arbor does not run.
    static let skippedTopLevelKeywords: Set<String> = ["import", "protocol", "func", "precedencegroup", "operator"]

    var isAtStatementEnd: Bool { atEnd || at(.semicolon) || atNewLine }

    mutating func failUnexpectedAfterStatement() {
        let token = current
        if token.isClosingBracket {
            failHere("unexpected \(token.quotedDescription) without a matching opening bracket")
        } else if token.isOperator(.assign) {
            failHere(
                "only a name can be assigned at the prompt", suggestion: "declare it with `var name = value` first")
        } else if startsExpression(token) {
            failHere("consecutive statements on a line must be separated by `;`")
        } else {
            failHere("unexpected \(token.quotedDescription)")
        }
    }

    func startsExpression(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .anonymousArgument, .integer, .double, .string, .interpolatedString: true
        case .punctuation(let p): [.leftParen, .leftBracket, .leftBrace, .dot, .backslash].contains(p)
        case .operator(let op): op.prefixOperator != nil
        case .command, .invalid, .endOfInput: false
        }
    }

    mutating func finish(_ statements: [Statement]) -> ParseResult {
        // An unterminated comment is reported on the end-of-input token.
        reportLexicalErrors(at: tokens.count - 1)
        let sorted = errors.sorted { ($0.range?.lowerBound ?? 0) < ($1.range?.lowerBound ?? 0) }
        // Recovery can meet one problem twice; say it once.
        var unique: [ArborError] = []
        for error in sorted where error != unique.last { unique.append(error) }
        return ParseResult(statements: statements, errors: unique)
    }

    // MARK: - Expressions

    mutating func parseExpression() -> Expr {
        depth += 1
        defer { depth -= 1 }
        guard checkNesting(at: currentRange) else { return Expr(.nilLiteral, currentRange) }
        let condition = parseBinary(minimumPrecedence: 0)
        // `direction == .ascending ? column.asc : column.desc`: the ternary operator, below every other.
        guard atOperator(.question), tokens[position].precededBySpace else { return condition }
        consume()
        let then = parseExpression()
        guard at(.colon) else {
            failExpectedHere("`:` of the ternary operator")
            return condition
        }
        consume()
        let otherwise = parseExpression()
        return Expr(.conditional(condition, then: then, else: otherwise), condition.range.union(otherwise.range))
    }

    /// Precedence climbing over `BinaryOperator.precedence`.
    mutating func parseBinary(minimumPrecedence: Int) -> Expr {
        var left = skipCasts(after: parsePrefix())
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

    /// `id.first as? Int64`, `value as! String`, `x as Double`: arbor's values have no
    /// static type to convert, so a cast is its operand (what it fails on, SQL says).
    mutating func skipCasts(after operand: Expr) -> Expr {
        var expr = operand
        while !isAborted, atKeyword("as"), !tokens[position].precededByNewline, position + 1 < tokens.count,
            !tokens[position + 1].isPunctuation(.colon)
        {
            consume()
            if atOperator(.question) || atOperator(.bang), !tokens[position].precededBySpace { consume() }
            let typeStart = position
            skipCastType()
            guard position > typeStart else {
                failExpectedHere("a type after `as`")
                return expr
            }
            expr = Expr(expr.kind, expr.range.union(lastConsumedRange))
        }
        return expr
    }

    /// A type after `as`: `Int64`, `Book.Kind`, `[String]`, `Set<Int>`, `String?`, on one line.
    mutating func skipCastType() {
        if at(.leftBracket) {
            let start = currentRange
            var depth = 0
            repeat {
                if tokens[position].isOpeningBracket { depth += 1 } else if atClosingBracket { depth -= 1 }
                skipToken()
            } while depth > 0 && !atEnd && !atNewLine
            if depth > 0 { errors.append(ArborError("the type after `as` is not closed", at: start)) }
        } else {
            guard case .identifier = tokens[position].kind else { return }
            skipToken()
            while at(.dot), !tokens[position].precededBySpace, position + 1 < tokens.count,
                case .identifier = tokens[position + 1].kind
            {
                skipToken()
                skipToken()
            }
            if atOperator(.less), !tokens[position].precededBySpace {
                let start = currentRange
                var depth = 0
                repeat {
                    if atOperator(.less) { depth += 1 } else if atOperator(.greater) { depth -= 1 }
                    skipToken()
                } while depth > 0 && !atEnd && !atNewLine
                if depth > 0 { errors.append(ArborError("the type after `as` is not closed", at: start)) }
            }
        }
        while atOperator(.question) || atOperator(.bang), !tokens[position].precededBySpace { skipToken() }
    }

    mutating func failChained(_ previous: BinaryOperator, _ op: BinaryOperator) {
        failHere(
            "adjacent operators `\(previous.rawValue)` and `\(op.rawValue)` cannot be chained",
            suggestion: "add parentheses")
    }

    /// The binary operator at the current token, if it continues the expression.
    /// At the start of a line, an operator is binary only when a space and an
    /// operand on the same line follow it, as in Swift: `&& b` continues the
    /// previous line, `-1` starts a statement (and so does a lone `...`).
    func currentBinaryOperator() -> BinaryOperator? {
        guard case .operator(let op) = tokens[position].kind, let binary = op.binaryOperator else { return nil }
        if tokens[position].precededByNewline {
            let next = tokens[min(position + 1, tokens.count - 1)]
            guard next.precededBySpace, !next.precededByNewline, !next.isEndOfInput else { return nil }
        }
        return binary
    }

    func currentPrefixOperator() -> PrefixOperator? {
        guard case .operator(let op) = tokens[position].kind else { return nil }
        return op.prefixOperator
    }

    mutating func parsePrefix() -> Expr {
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
    mutating func parseNegativeLiteral(minusRange: SourceRange) -> Expr? {
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
    mutating func skipEffectMarkers() {
        while atKeyword("try") || atKeyword("await") {
            let isTry = atKeyword("try")
            consume()
            if isTry, !tokens[position].precededBySpace, atOperator(.question) || atOperator(.bang) { consume() }
        }
    }

    enum Suffix { case member, call, subscripting, trailingClosure, unwrap, none }

    /// `author!.request(…)`, `author?.request(…)`: a `!` or `?` written against
    /// the value and a following `.`. Values of the language are never optional
    /// (a `let` bound to nil fails where it is used, with a message), so both
    /// read as the member access alone.
    private var isUnwrapBeforeMember: Bool {
        guard atOperator(.bang) || atOperator(.question), !tokens[position].precededBySpace,
            position + 1 < tokens.count
        else { return false }
        // `date(…)!)`: a force unwrap touching its operand, before what ends the expression.
        if atOperator(.bang),
            [.rightParen, .comma, .rightBracket].contains(where: { tokens[position + 1].isPunctuation($0) })
                || tokens[position + 1].isEndOfInput || tokens[position + 1].precededByNewline
        {
            return true
        }
        let next = tokens[position + 1]
        return next.isPunctuation(.dot) && !next.precededBySpace
    }

    func currentSuffix(after expr: Expr) -> Suffix {
        let token = tokens[position]
        if isUnwrapBeforeMember { return .unwrap }
        switch token.kind {
        case .punctuation(.dot): return .member
        // A `(`, `[` or `{` on a new line starts a new statement, as in Swift.
        case .punctuation(.leftParen) where !token.precededByNewline: return .call
        case .punctuation(.leftBracket) where !token.precededByNewline: return .subscripting
        case .punctuation(.leftBrace)
        where !token.precededByNewline && !forbidsTrailingClosures && acceptsTrailingClosure(expr):
            return .trailingClosure
        default: return .none
        }
    }

    mutating func parsePostfix(_ base: Expr) -> Expr {
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
            case .unwrap:
                // `String?.fetchAll(db, …)`: the optional type, whose fetches keep NULL.
                if case .identifier(let name) = expr.kind, name.first?.isUppercase == true, atOperator(.question) {
                    expr = Expr(.identifier(name + "?"), expr.range.union(consumeRange()))
                } else if atOperator(.bang) {
                    expr = Expr(.forceUnwrapped(expr), expr.range.union(consumeRange()))
                } else {
                    consume()
                }
            case .none:
                return expr
            }
            // Each suffix deepens the tree: a chain of 10,000 calls is nesting too.
            depth += 1
            guard checkNesting(at: suffixRange) else { return expr }
        }
        return expr
    }

    mutating func parseMemberSuffix(of base: Expr) -> Expr? {
        consume()
        guard let name = currentName else {
            failHere("expected a member name after `.`")
            return nil
        }
        let nameRange = consumeRange()
        return Expr(.member(base, name: name, nameRange: nameRange), base.range.union(nameRange))
    }

    /// `callee(arguments)` or `base[arguments]`.
    mutating func parseCallSuffix(of base: Expr, closer: Token.Punctuation) -> Expr {
        consume()
        let forbade = forbidsTrailingClosures
        forbidsTrailingClosures = false
        let arguments = parseArguments(closer: closer)
        forbidsTrailingClosures = forbade
        let range = SourceRange(base.range.lowerBound, lastConsumedEnd)
        if closer == .rightParen { return Expr(.call(base, arguments: arguments), range) }
        return Expr(.subscripted(base, arguments: arguments), range)
    }

    mutating func parseTrailingClosure(of base: Expr) -> Expr {
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
    func acceptsTrailingClosure(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .identifier, .member, .implicitMember: true
        case .call(_, let arguments): !(arguments.last?.isTrailingClosure ?? false)
        default: false
        }
    }

    /// Arguments up to `closer` (the opening bracket is consumed).
    mutating func parseArguments(closer: Token.Punctuation) -> [Argument] {
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
    mutating func parseArgument() -> Argument {
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
    mutating func finishListElement(closer: Token.Punctuation, errorCount: Int, elementName: String) {
        if errors.count > errorCount {
            skipToListBoundary()
        } else if !at(.comma), !at(closer), !atEnd, !atClosingBracket {
            if atOperator(.assign) {
                // `filter(Column("name") = "x")`: a comparison written as an assignment.
                failHere(
                    "expected `,` or `\(closer.rawValue)` after \(elementName), found `=`",
                    suggestion: "to compare, write `==`")
            } else {
                failExpectedHere("`,` or `\(closer.rawValue)` after \(elementName)")
            }
            skipToListBoundary()
        }
        if at(.comma) { consume() }
    }

    mutating func failUnclosed(_ closer: Token.Punctuation) {
        let opener =
            switch closer {
            case .rightBracket: "["
            case .rightBrace: "{"
            default: "("
            }
        failHere("expected `\(closer.rawValue)` to close `\(opener)`")
    }

    enum PrimaryKind { case parenthesized, collection, closure, other }

    func currentPrimaryKind() -> PrimaryKind {
        switch tokens[position].kind {
        case .punctuation(.leftParen): .parenthesized
        case .punctuation(.leftBracket): .collection
        case .punctuation(.leftBrace): .closure
        default: .other
        }
    }

    mutating func parsePrimary() -> Expr {
        switch currentPrimaryKind() {
        case .parenthesized: parseParenthesized()
        case .collection: parseCollection()
        case .closure: parseClosure()
        case .other: parseSimplePrimary()
        }
    }

    static let genericTypeNames: Set<String> = ["TableAlias", "Table"]

    /// After `<Type>` or `<Outer.Type>` that a `(` follows, the index of that `(`.
    func endOfGenericArgument() -> Int? {
        var i = position
        guard tokens[i].isOperator(.less) else { return nil }
        i += 1
        while true {
            guard i < tokens.count, case .identifier = tokens[i].kind else { return nil }
            i += 1
            guard i < tokens.count, tokens[i].isPunctuation(.dot) else { break }
            i += 1
        }
        guard i + 1 < tokens.count, tokens[i].isOperator(.greater), tokens[i + 1].isPunctuation(.leftParen) else {
            return nil
        }
        return i + 1
    }

    /// Names, literals, key paths and implicit members: the primaries without sub-expressions.
    mutating func parseSimplePrimary() -> Expr {
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
                // `TableAlias<Book>()`: the record type changes no SQL. `Table<Book>("book")` keeps
                // the type its rows decode as, which decides GRDB's members (`filter(id:)`).
                if Self.genericTypeNames.contains(name), let end = endOfGenericArgument() {
                    let argument = typeText(tokens[(position + 1)..<(end - 1)])
                    let range = token.range.union(tokens[end - 1].range)
                    position = end
                    if name == "Table", let argument { return Expr(.identifier("Table<\(argument)>"), range) }
                }
            }
            let start = position
            skipExplicitGenericArguments(after: name)
            // `Optional<String>` is `String?`; `SQLRequest<Book>` and `CommonTableExpression<Book>`
            // keep the type their rows decode as.
            if !isQuoted, position > start, ["Optional", "SQLRequest", "CommonTableExpression"].contains(name),
                let argument = typeText(tokens[(start + 1)..<(position - 1)])
            {
                let range = token.range.union(tokens[position - 1].range)
                return Expr(.identifier(name == "Optional" ? argument + "?" : "\(name)<\(argument)>"), range)
            }
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

    mutating func parseParenthesized() -> Expr {
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
    mutating func parseCollection() -> Expr {
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

    /// `{ $0.name }`, `{ book in book.year > 2000 }`, `{ (a: Book) -> Bool in return … }`,
    /// `{ db in let a = …; return … }`.
    mutating func parseClosure() -> Expr {
        let openRange = consumeRange()
        let errorCount = errors.count
        let hasSignature = closureHasSignature()
        let parameters = hasSignature ? parseClosureSignature() : []
        // `{ _ in }` is Swift's closure returning `()`; a bare `{ }` at the prompt says nothing.
        if errors.count == errorCount, at(.rightBrace), !hasSignature {
            failHere("expected an expression in the closure")
        }
        var statements: [BodyStatement] = []
        if errors.count == errorCount {
            let forbade = forbidsTrailingClosures
            forbidsTrailingClosures = false
            statements = parseStatementsOfBlock()
            forbidsTrailingClosures = forbade
        }
        if !at(.rightBrace) { skipToClosingBracket() }
        let closure: Closure
        switch statements.first {
        case .expression(let e) where statements.count == 1, .returnValue(let e?, _) where statements.count == 1:
            closure = Closure(parameters: parameters, body: e)
        default:
            let range = statements.first.map { $0.range.union(statements[statements.count - 1].range) } ?? openRange
            closure = Closure(parameters: parameters, body: Expr(.nilLiteral, range), statements: statements)
        }
        guard at(.rightBrace) else {
            failUnclosed(.rightBrace)
            return Expr(.closure(closure), openRange.union(closure.body.range))
        }
        return Expr(.closure(closure), openRange.union(consumeRange()))
    }

    /// Whether the closure starts with parameters (`a in`, `a, b in`, `a -> T in`,
    /// `(a) in`, `(a: T) -> U in`). Looks ahead a bounded number of tokens, which
    /// keeps parsing linear.
    func closureHasSignature() -> Bool {
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

    mutating func parseClosureSignature() -> [String] {
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
    mutating func parseKeyPath() -> Expr {
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

    // MARK: - Skipping

    /// Whether the current token begins a new member or top-level item: a line
    /// that starts with a name or an attribute, after a line that is complete
    /// (not ending with a binary operator, `=`, `.`, `,` or `:`). An operator
    /// that touches what precedes it is postfix (`String?`, `Array<Int>`) and
    /// completes its line.
    var startsNewItem: Bool {
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
    /// `;` (consumed, unless `keepingSemicolon` leaves it for the statement loop), a
    /// closing bracket of the enclosing body, or a new item. False when the input
    /// ends inside a bracket the item opened.
    @discardableResult
    mutating func skipRestOfItem(keepingSemicolon: Bool = false) -> Bool {
        var depth = 0
        while !atEnd {
            if depth == 0 {
                if at(.semicolon) {
                    if !keepingSemicolon { skipToken() }
                    return true
                }
                if atClosingBracket || startsNewItem { return true }
            }
            if tokens[position].isOpeningBracket { depth += 1 } else if atClosingBracket { depth -= 1 }
            skipToken()
        }
        return depth <= 0
    }

    /// Skips the type of `let name: Type = …` up to its `=` (or up to where the
    /// member or statement ends, or a `{` that starts a computed property).
    mutating func skipTypeAnnotation() {
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
    mutating func skipToListBoundary() {
        var depth = 0
        while !atEnd {
            if depth == 0, at(.comma) || atClosingBracket { return }
            if tokens[position].isOpeningBracket { depth += 1 } else if atClosingBracket { depth -= 1 }
            skipToken()
        }
    }

    /// Recovery in brackets: skips to the closing bracket at this level.
    mutating func skipToClosingBracket() {
        var depth = 0
        while !atEnd {
            if depth == 0, atClosingBracket { return }
            if tokens[position].isOpeningBracket { depth += 1 } else if atClosingBracket { depth -= 1 }
            skipToken()
        }
    }

    /// Recovery after a statement's error: skips to a `;` or a new line at
    /// bracket depth 0 that does not continue the statement.
    mutating func skipToEndOfStatement() {
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

    var current: Token { tokens[position] }
    var currentRange: SourceRange { tokens[position].range }
    var atEnd: Bool { tokens[position].isEndOfInput }
    var atNewLine: Bool { tokens[position].precededByNewline }
    var atClosingBracket: Bool { tokens[position].isClosingBracket }
    var currentName: String? { tokens[position].identifierName }
    func at(_ punctuation: Token.Punctuation) -> Bool { tokens[position].isPunctuation(punctuation) }
    func atOperator(_ op: Token.Operator) -> Bool { tokens[position].isOperator(op) }
    func atKeyword(_ keyword: String) -> Bool { tokens[position].isKeyword(keyword) }

    /// The end of the last token consumed, for the range of an unterminated construct.
    var lastConsumedEnd: Int { position > 0 ? tokens[position - 1].range.upperBound : 0 }

    /// Consumes the current token (never the end of input), reporting its lexical errors.
    mutating func consume() {
        guard !atEnd else { return }
        reportLexicalErrors(at: position)
        position += 1
    }

    mutating func consumeRange() -> SourceRange {
        let range = currentRange
        consume()
        return range
    }

    /// Consumes the current token while skipping code.
    mutating func skipToken() {
        guard !atEnd else { return }
        if reportsSkippedTokens { reportLexicalErrors(at: position) }
        position += 1
    }

    mutating func reportLexicalErrors(at index: Int) {
        guard !tokens[index].errors.isEmpty else { return }
        errors.append(contentsOf: tokens[index].errors)
        // Once: recovery may pass over a token again.
        tokens[index].errors = []
    }

    // MARK: - Errors

    /// Records a syntax error at the current token. The message is an
    /// autoclosure so that the recursive functions that may fail do not pay
    /// for building it (string interpolation enlarges their stack frames).
    mutating func failHere(_ message: @autoclosure () -> String, suggestion: String? = nil) {
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
    mutating func failExpectedHere(_ expected: @autoclosure () -> String) {
        let found = atEnd ? "" : ", found \(current.quotedDescription)"
        failHere("expected \(expected())\(found)")
    }

    mutating func checkNesting(at range: SourceRange) -> Bool {
        guard !isAborted else { return false }
        guard depth <= Parser.nestingLimit else {
            errors.append(ArborError("nesting too deep (limit \(Parser.nestingLimit))", at: range))
            isAborted = true
            return false
        }
        return true
    }
}
