import ArborCore

/// The statements of function bodies, getters and closures: `let`, `var`,
/// assignment, `return`, `guard`, `if` and `switch` around expressions.
extension Parser {
    /// Statements up to the `}` that closes the current block (not consumed).
    mutating func parseStatementsOfBlock() -> [BodyStatement] {
        var statements: [BodyStatement] = []
        while !isAborted {
            while at(.semicolon) { consume() }
            if at(.rightBrace) || atEnd { break }
            let start = position
            let errorCount = errors.count
            let statement = parseBodyStatement()
            if errors.count == errorCount, !(atEnd || at(.semicolon) || at(.rightBrace) || atNewLine) {
                failUnexpectedAfterStatement()
            }
            if errors.count == errorCount, let statement {
                statements.append(statement)
            } else {
                if position == start { skipToken() }
                skipRestOfItem()
            }
        }
        return statements
    }

    /// `{ statements }`, the current token being the `{`; nil (with an error) when it is not closed.
    mutating func parseBlock() -> [BodyStatement]? {
        guard at(.leftBrace) else {
            failExpectedHere("`{`")
            return nil
        }
        consume()
        depth += 1
        defer { depth -= 1 }
        guard checkNesting(at: currentRange) else { return nil }
        let statements = parseStatementsOfBlock()
        guard at(.rightBrace) else {
            failUnclosed(.rightBrace)
            return nil
        }
        consume()
        return statements
    }

    private static let unsupportedStatements: Set<String> = [
        "for", "while", "repeat", "do", "throw", "defer", "break", "continue", "fallthrough", "func", "struct",
        "class", "enum", "actor", "extension", "import",
    ]

    mutating func parseBodyStatement() -> BodyStatement? {
        let startRange = currentRange
        if let word = currentName, case .identifier(_, false) = current.kind {
            switch word {
            case "let", "var":
                return parseBinding(isVariable: word == "var")
            case "return":
                consume()
                if atEnd || at(.semicolon) || at(.rightBrace) || atNewLine {
                    return .returnValue(nil, range: startRange)
                }
                let value = parseExpression()
                return .returnValue(value, range: startRange.union(value.range))
            case "guard":
                consume()
                let conditions = parseConditions()
                guard atKeyword("else") else {
                    failExpectedHere("`else` after the conditions of `guard`")
                    return nil
                }
                consume()
                guard let body = parseBlock() else { return nil }
                return .guardElse(conditions: conditions, elseBody: body, range: startRange.union(lastConsumedRange))
            case "if":
                return parseIf()
            case "switch":
                return parseSwitch()
            default:
                if Self.unsupportedStatements.contains(word) {
                    consume()
                    skipRestOfItem()
                    return .unsupported(what: "`\(word)`", range: startRange.union(lastConsumedRange))
                }
            }
            // `name = value`.
            if tokens[position + 1].isOperator(.assign) {
                let nameRange = consumeRange()
                consume()
                let value = parseExpression()
                return .assignment(name: word, nameRange: nameRange, value: value, range: nameRange.union(value.range))
            }
        }
        let expr = parseExpression()
        // `self.ordering = ordering`, as an initializer writes it.
        if case .member(let base, let name, let nameRange) = expr.kind, base.kind == .identifier("self"),
            atOperator(.assign)
        {
            consume()
            let value = parseExpression()
            return .assignment(name: name, nameRange: nameRange, value: value, range: expr.range.union(value.range))
        }
        // `container["x"] = value`.
        if case .subscripted = expr.kind, atOperator(.assign) {
            consume()
            let value = parseExpression()
            return .subscriptAssignment(target: expr, value: value, range: expr.range.union(value.range))
        }
        return .expression(expr)
    }

    var lastConsumedRange: SourceRange { position > 0 ? tokens[position - 1].range : currentRange }

    /// `let name = value`, `var name: Type = value`, `var name: Type`.
    private mutating func parseBinding(isVariable: Bool) -> BodyStatement? {
        let keywordRange = consumeRange()
        guard let name = currentName else {
            failExpectedHere("a name")
            return nil
        }
        let nameRange = consumeRange()
        var type: String?
        if at(.colon) {
            consume()
            type = parseTypeText()
        }
        guard atOperator(.assign) else {
            return .binding(
                name: name, nameRange: nameRange, type: type, value: nil, isVariable: isVariable,
                range: keywordRange.union(nameRange))
        }
        consume()
        // `let condition: SQL = "\($0.score) >= \(minScore)"`: GRDB's SQL literal, as at top level.
        let value = Self.literal(parseExpression(), as: type)
        return .binding(
            name: name, nameRange: nameRange, type: type, value: value, isVariable: isVariable,
            range: keywordRange.union(value.range))
    }

    /// `if conditions { … } else if … { … } else { … }`.
    private mutating func parseIf() -> BodyStatement? {
        let startRange = consumeRange()
        var branches: [BodyStatement.ConditionalBranch] = []
        var elseBody: [BodyStatement]?
        while true {
            let conditions = parseConditions()
            guard let body = parseBlock() else { return nil }
            branches.append(.init(conditions: conditions, body: body))
            guard atKeyword("else") else { break }
            consume()
            if atKeyword("if") {
                consume()
                continue
            }
            guard let body = parseBlock() else { return nil }
            elseBody = body
            break
        }
        return .ifElse(branches: branches, elseBody: elseBody, range: startRange.union(lastConsumedRange))
    }

    /// `a, let b = c, let d`: up to the `{` of the body.
    private mutating func parseConditions() -> [BodyStatement.Condition] {
        let forbade = forbidsTrailingClosures
        forbidsTrailingClosures = true
        defer { forbidsTrailingClosures = forbade }
        var conditions: [BodyStatement.Condition] = []
        while !isAborted {
            if atKeyword("let") || atKeyword("var") {
                consume()
                guard let name = currentName else {
                    failExpectedHere("a name")
                    return conditions
                }
                let nameRange = consumeRange()
                if at(.colon) {
                    consume()
                    _ = parseTypeText()
                }
                var value: Expr?
                if atOperator(.assign) {
                    consume()
                    value = parseExpression()
                }
                conditions.append(.optionalBinding(name: name, nameRange: nameRange, value: value))
            } else {
                conditions.append(.boolean(parseExpression()))
            }
            guard at(.comma) else { break }
            consume()
        }
        return conditions
    }

    /// `switch subject { case .a, .b: … default: … }`.
    private mutating func parseSwitch() -> BodyStatement? {
        let startRange = consumeRange()
        let forbade = forbidsTrailingClosures
        forbidsTrailingClosures = true
        let subject = parseExpression()
        forbidsTrailingClosures = forbade
        guard at(.leftBrace) else {
            failExpectedHere("`{` after the subject of `switch`")
            return nil
        }
        consume()
        var cases: [BodyStatement.SwitchCase] = []
        while !isAborted, !at(.rightBrace), !atEnd {
            var patterns: [Expr] = []
            if atKeyword("default") {
                consume()
            } else if atKeyword("case") {
                consume()
                while !isAborted {
                    patterns.append(parseExpression())
                    guard at(.comma) else { break }
                    consume()
                }
            } else {
                failExpectedHere("`case` or `default`")
                return nil
            }
            guard at(.colon) else {
                failExpectedHere("`:` after the case")
                return nil
            }
            consume()
            var body: [BodyStatement] = []
            while !isAborted {
                while at(.semicolon) { consume() }
                if at(.rightBrace) || atEnd || atKeyword("case") || atKeyword("default") { break }
                let errorCount = errors.count
                let statement = parseBodyStatement()
                guard errors.count == errorCount, let statement else { return nil }
                body.append(statement)
            }
            cases.append(.init(patterns: patterns, body: body))
        }
        guard at(.rightBrace) else {
            failUnclosed(.rightBrace)
            return nil
        }
        consume()
        return .switchValue(subject: subject, cases: cases, range: startRange.union(lastConsumedRange))
    }

    /// A type as written (`String?`, `[Book.Kind]`, `QueryInterfaceRequest<Book>`), spaces removed,
    /// up to `=`, `{`, `,`, `)` or the end of the line at bracket depth 0.
    mutating func parseTypeText() -> String {
        var depth = 0
        let start = position
        while !atEnd {
            if depth == 0 {
                if atOperator(.assign) || at(.leftBrace) || at(.semicolon) || at(.comma) || atClosingBracket
                    || (atNewLine && position > start) || atKeyword("where")
                {
                    break
                }
            }
            if tokens[position].isOpeningBracket {
                depth += 1
            } else if atClosingBracket {
                depth -= 1
            } else if atOperator(.less) {
                depth += 1
            } else if atOperator(.greater) {
                depth -= 1
            } else if atOperator(.shiftRight) {
                depth -= 2
            }
            skipToken()
        }
        return sourceText(from: start, to: position)
    }

    /// The source text of tokens `start..<end`, spaces and newlines removed (but kept between words).
    func sourceText(from start: Int, to end: Int) -> String {
        guard start < end else { return "" }
        var text = ""
        for index in start..<end {
            let token = tokens[index]
            let bytes = source[token.range.lowerBound..<min(token.range.upperBound, source.count)]
            let word = String(decoding: bytes, as: UTF8.self)
            if index > start, token.precededBySpace || token.precededByNewline,
                let last = text.last, last.isLetter || last.isNumber || last == "_",
                let first = word.first, first.isLetter || first.isNumber || first == "_" || first == "@"
            {
                text += " "
            }
            text += word
        }
        return text
    }
}
