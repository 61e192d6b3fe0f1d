import ArborCore

/// Type declarations as apps write them: `extension`, `struct`, `class`,
/// `enum`, `actor` bodies with their properties, functions, enum cases,
/// type aliases and nested types. What is not GRDB's business (initializers,
/// subscripts, operators…) is skipped.
extension Parser {
    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "final", "indirect", "nonisolated",
        "isolated", "static", "class", "override", "mutating", "nonmutating", "lazy", "weak", "unowned", "dynamic",
        "optional", "required", "convenience", "consuming", "borrowing", "distributed", "prefix", "postfix", "infix",
        "sending", "__consuming",
    ]
    static let memberKeywords: Set<String> = [
        "var", "let", "func", "subscript", "init", "deinit", "typealias", "associatedtype", "case",
    ]
    static let typeKeywords: [String: TypeDeclaration.Keyword] = [
        "extension": .extension, "struct": .struct, "class": .class, "enum": .enum, "actor": .actor,
    ]
    /// Words that continue a line of a member (`where` clauses, effects) rather than start one.
    static let continuationKeywords: Set<String> = [
        "where", "throws", "rethrows", "async", "in", "else", "as", "is", "get", "set",
    ]

    /// The index after the modifiers and attributes that start at `start`
    /// (`public`, `private(set)`, `nonisolated(unsafe)`, `@MainActor`,
    /// `@available(iOS 15, *)`, over several lines if need be). A bounded look
    /// ahead, which keeps parsing linear: past it, there is no declaration here.
    func indexAfterModifiers(from start: Int) -> Int {
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
    func indexAfterParentheses(from start: Int) -> Int? {
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
    func typeKeyword(at index: Int) -> TypeDeclaration.Keyword? {
        guard index < tokens.count - 1, case .identifier(let word, false) = tokens[index].kind,
            let keyword = Parser.typeKeywords[word], case .identifier = tokens[index + 1].kind
        else { return nil }
        return keyword
    }

    /// What precedes the body of a type declaration.
    struct DeclarationHeader {
        var keyword: TypeDeclaration.Keyword
        var name: String
        var nameRange: SourceRange
        var start: Int
        var genericArguments: [String] = []
        var inheritance: [String] = []
        var requirements: [TypeDeclaration.SameTypeRequirement] = []
    }

    /// `[modifiers] extension|struct|class|enum|actor Name [header] { members }`,
    /// the current token being its first modifier or its keyword.
    mutating func parseTypeDeclaration() -> TypeDeclaration? {
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
                var declaration = TypeDeclaration(
                    keyword: header.keyword, name: header.name, nameRange: header.nameRange, members: members,
                    range: SourceRange(header.start, consumeRange().upperBound))
                declaration.genericArguments = header.genericArguments
                declaration.inheritance = header.inheritance
                declaration.sameTypeRequirements = header.requirements
                return declaration
            }
            if atEnd {
                failUnclosedBody(header)
                return nil
            }
            members += parseMember()
        }
        return nil
    }

    /// Up to and including the `{` of the body.
    mutating func parseDeclarationHeader() -> DeclarationHeader? {
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
        var header = DeclarationHeader(keyword: keyword, name: name, nameRange: nameRange, start: start)
        if atOperator(.less), !tokens[position].precededBySpace {
            header.genericArguments = parseGenericArguments()
        }
        if at(.colon) {
            consume()
            while !atEnd {
                let type = parseTypeText()
                if !type.isEmpty { header.inheritance.append(type) }
                guard at(.comma) else { break }
                consume()
            }
        }
        if atKeyword("where") {
            consume()
            header.requirements = parseSameTypeRequirements()
        }
        guard skipDeclarationHeader() else {
            if !isSourceFile { failHere("expected `{` after `\(keyword.rawValue) \(name)`") }
            return nil
        }
        consume()
        return header
    }

    /// `<Book>`, `<A, B>`: the types between the angle brackets.
    private mutating func parseGenericArguments() -> [String] {
        consume()
        var arguments: [String] = []
        var depth = 0
        var start = position
        while !atEnd, !at(.leftBrace) {
            if atOperator(.less) {
                depth += 1
            } else if atOperator(.greater) || atOperator(.shiftRight) {
                let closes = atOperator(.shiftRight) ? 2 : 1
                if depth - closes < 0 {
                    arguments.append(sourceText(from: start, to: position))
                    consume()
                    return arguments
                }
                depth -= closes
            } else if at(.comma), depth == 0 {
                arguments.append(sourceText(from: start, to: position))
                consume()
                start = position
                continue
            }
            skipToken()
        }
        return arguments
    }

    /// `RowDecoder == Book, T: Hashable`: the `==` requirements.
    private mutating func parseSameTypeRequirements() -> [TypeDeclaration.SameTypeRequirement] {
        var requirements: [TypeDeclaration.SameTypeRequirement] = []
        while !atEnd, !at(.leftBrace) {
            let start = position
            while !atEnd, !at(.leftBrace), !at(.comma), !atOperator(.equal), !at(.colon) { skipToken() }
            let left = sourceText(from: start, to: position)
            if atOperator(.equal) {
                consume()
                requirements.append(.init(left: left, right: parseTypeText()))
            } else if at(.colon) {
                consume()
                _ = parseTypeText()
            }
            guard at(.comma) else { break }
            consume()
        }
        return requirements
    }

    mutating func failUnclosedBody(_ header: DeclarationHeader) {
        failHere("expected `}` to close the body of `\(header.keyword.rawValue) \(header.name)`")
    }

    /// Skips the header up to the `{` of the body; false if there is none.
    mutating func skipDeclarationHeader() -> Bool {
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

    /// The members at the current token: one, several (`case a, b`), or none (skipped).
    mutating func parseMember() -> [TypeDeclaration.Member] {
        let memberStart = position
        let start = currentRange.lowerBound
        let afterModifiers = indexAfterModifiers(from: position)
        if typeKeyword(at: afterModifiers) != nil {
            if let nested = parseTypeDeclaration() { return [.nested(nested)] }
            if !isAborted {
                if position == memberStart { skipToken() }
                skipRestOfItem()
            }
            return []
        }
        let isStatic = tokens[position..<afterModifiers].contains { $0.isKeyword("static") || $0.isKeyword("class") }
        while position < afterModifiers { skipToken() }
        let keyword = atKeyword("let") || atKeyword("var") ? "var" : currentName ?? ""
        var members: [TypeDeclaration.Member] = []
        switch keyword {
        case "var": members = parseProperty(isStatic: isStatic, start: start).map { [$0] } ?? []
        case "func": members = parseFunction(isStatic: isStatic, start: start).map { [$0] } ?? []
        // `init(ordering: SortOrder? = .forward) { self.ordering = ordering }`: read as a function named `init`.
        case "init": members = parseFunction(isStatic: isStatic, start: start, isInitializer: true).map { [$0] } ?? []
        case "case": members = parseEnumCases()
        case "typealias": members = parseTypeAlias(start: start).map { [$0] } ?? []
        default: break
        }
        if position == memberStart { skipToken() }
        if members.isEmpty { skipRestOfItem() }
        return members
    }

    /// Runs `parse`; on a syntax error, rewinds, skips the member and returns
    /// an `.unreadable` member with the error when the member names GRDB API.
    private mutating func tentatively(
        name: String, isStatic: Bool, start: Int, _ parse: (inout Parser) -> TypeDeclaration.Member?
    ) -> TypeDeclaration.Member? {
        let savedPosition = position
        let savedErrorCount = errors.count
        let savedReportedEndOfInput = reportedEndOfInput
        if let member = parse(&self), errors.count == savedErrorCount, !isAborted {
            return member
        }
        let message = errors.count > savedErrorCount ? errors[savedErrorCount].message : "not understood"
        // A value cut short by the end of the member (`= 1 + }`) is not Swift: an error, kept.
        // So is code nested deeper than the parser goes.
        var kept = errors[savedErrorCount...].filter {
            definiteErrors.contains($0) || $0.message.hasPrefix("nesting too deep")
        }
        if kept.isEmpty, let first = errors[savedErrorCount...].first, let range = first.range,
            tokens[savedPosition..<min(position + 1, tokens.count)].contains(where: {
                $0.range == range && ($0.isPunctuation(.rightBrace) || $0.isPunctuation(.semicolon))
            }) || range.lowerBound >= endOffset
        {
            kept = [first]
        }
        position = savedPosition
        errors.removeSubrange(savedErrorCount...)
        errors += kept
        reportedEndOfInput = savedReportedEndOfInput
        isAborted = false
        skipToken()
        skipRestOfItem()
        guard kept.isEmpty else { return nil }
        return .unreadable(
            name: name, isStatic: isStatic, mentionsGRDB: mentionsGRDB(from: savedPosition, to: position),
            reason: message, range: SourceRange(start, lastConsumedEnd))
    }

    /// Names that make a member GRDB code worth reporting when arbor cannot read it.
    static let grdbWords: Set<String> = [
        "belongsTo", "hasMany", "hasOne", "ForeignKey", "Column", "databaseTableName", "including", "joining",
        "filter", "order", "annotated", "request", "QueryInterfaceRequest", "DerivableRequest", "select", "having",
        "matching", "association", "CommonTableExpression", "SQL", "ColumnExpression",
    ]

    private func mentionsGRDB(from start: Int, to end: Int) -> Bool {
        tokens[start..<min(end, tokens.count)].contains { token in
            token.identifierName.map(Parser.grdbWords.contains) ?? false
        }
    }

    private var isAtMemberEnd: Bool { atEnd || at(.semicolon) || at(.rightBrace) || atNewLine }

    /// `let name = value`, `var name: Type = value`, `var name: Type { getter }`, `var name: Type`.
    private mutating func parseProperty(isStatic: Bool, start: Int) -> TypeDeclaration.Member? {
        let name = tokens[position + 1].identifierName ?? "?"
        let keyword = (isStatic ? "static " : "") + (currentName ?? "let")
        return tentatively(name: name, isStatic: isStatic, start: start) { parser in
            parser.consume()
            guard parser.currentName != nil else {
                // `static let (a, b) = …` is Swift arbor does not read; `static let = 1` is not Swift.
                if !parser.at(.leftParen) { parser.failDefinitely(expected: "a name after `\(keyword)`") }
                return nil
            }
            let nameRange = parser.consumeRange()
            var type: String?
            if parser.at(.colon) {
                parser.consume()
                type = parser.parseTypeText()
                if type?.isEmpty ?? true {
                    parser.failDefinitely("expected a type after `:` in `\(keyword) \(name)`")
                    return nil
                }
            }
            var value: PropertyDeclaration.PropertyValue?
            if parser.atOperator(.assign) {
                parser.consume()
                if parser.atEnd || parser.at(.rightBrace) || parser.at(.semicolon) {
                    parser.failDefinitely("expected a value after `=` in `\(keyword) \(name)`")
                    return nil
                }
                value = .initializer(parser.parseExpression())
                // Property observers (`{ didSet { … } }`) do not matter.
                if parser.at(.leftBrace), !parser.atNewLine { parser.skipBalanced() }
            } else if parser.at(.leftBrace) {
                guard let body = parser.parseGetter() else { return nil }
                value = .getter(body)
            }
            guard parser.isAtMemberEnd else {
                parser.failUnexpectedAfterStatement()
                return nil
            }
            return .property(
                PropertyDeclaration(
                    isStatic: isStatic, name: name, nameRange: nameRange, type: type, value: value,
                    range: SourceRange(start, parser.lastConsumedEnd)))
        }
    }

    private mutating func failDefinitely(_ message: String) {
        let count = errors.count
        failHere(message)
        definiteErrors += errors[count...]
    }

    private mutating func failDefinitely(expected: String) {
        let found = atEnd ? "" : ", found \(current.quotedDescription)"
        failDefinitely("expected \(expected)\(found)")
    }

    /// `{ statements }` or `{ get { statements } set { … } }`.
    private mutating func parseGetter() -> [BodyStatement]? {
        let next = tokens[position + 1]
        let isAccessorList =
            ["get", "set", "didSet", "willSet", "_read", "_modify"].contains(next.identifierName ?? "")
            && (tokens[position + 2].isPunctuation(.leftBrace) || next.isKeyword("get") || next.isKeyword("set"))
        guard isAccessorList else { return parseBlock() }
        consume()
        var getter: [BodyStatement]?
        while !atEnd, !at(.rightBrace) {
            let isGet = atKeyword("get")
            consume()
            // `get async throws { … }`.
            while atKeyword("async") || atKeyword("throws") { consume() }
            if at(.leftBrace) {
                if isGet {
                    getter = parseBlock()
                    if getter == nil { return nil }
                } else {
                    skipBalanced()
                }
            }
        }
        guard at(.rightBrace) else {
            failUnclosed(.rightBrace)
            return nil
        }
        consume()
        return getter ?? []
    }

    /// Skips a `{ … }`, `( … )` or `[ … ]` group, brackets balanced.
    mutating func skipBalanced() {
        var depth = 0
        repeat {
            if tokens[position].isOpeningBracket { depth += 1 } else if atClosingBracket { depth -= 1 }
            skipToken()
        } while depth > 0 && !atEnd
    }

    /// `func name<T>(label name: Type = default, …) async throws -> Result where … { body }`.
    private mutating func parseFunction(isStatic: Bool, start: Int, isInitializer: Bool = false)
        -> TypeDeclaration.Member?
    {
        guard let name = isInitializer ? "init" : tokens[position + 1].identifierName else { return nil }
        return tentatively(name: name, isStatic: isStatic, start: start) { parser in
            if !isInitializer { parser.consume() }
            let nameRange = parser.consumeRange()
            // `init?(…)`, `init!(…)`: failable initializers.
            if isInitializer, parser.atOperator(.question) || parser.atOperator(.bang) { parser.consume() }
            if parser.atOperator(.less) {
                _ = parser.parseGenericArguments()
            }
            guard parser.at(.leftParen) else {
                parser.failExpectedHere("`(`")
                return nil
            }
            parser.consume()
            var parameters: [FunctionDeclaration.Parameter] = []
            while !parser.at(.rightParen), !parser.atEnd {
                guard let parameter = parser.parseParameter() else { return nil }
                parameters.append(parameter)
                if parser.at(.comma) {
                    parser.consume()
                } else if !parser.at(.rightParen) {
                    parser.failExpectedHere("`,` or `)` after a parameter")
                    return nil
                }
            }
            guard parser.at(.rightParen) else { return nil }
            parser.consume()
            while parser.atKeyword("async") || parser.atKeyword("throws") || parser.atKeyword("rethrows") {
                parser.consume()
            }
            var returnType: String?
            if parser.atOperator(.arrow) {
                parser.consume()
                returnType = parser.parseTypeText()
            }
            if parser.atKeyword("where") {
                parser.consume()
                _ = parser.parseSameTypeRequirements()
            }
            // A requirement without a body (in a protocol) has nothing to run.
            guard parser.at(.leftBrace), let body = parser.parseBlock() else { return nil }
            return .function(
                FunctionDeclaration(
                    isStatic: isStatic, name: name, nameRange: nameRange, parameters: parameters,
                    returnType: returnType, body: body, range: SourceRange(start, parser.lastConsumedEnd)))
        }
    }

    /// `label name: Type = default`, `_ name: Type`, `name: Type`.
    private mutating func parseParameter() -> FunctionDeclaration.Parameter? {
        let startRange = currentRange
        guard let first = currentName else {
            failExpectedHere("a parameter name")
            return nil
        }
        consume()
        var label: String? = first == "_" ? nil : first
        var name = first
        if let second = currentName, !at(.colon) {
            consume()
            name = second
        } else {
            label = first
        }
        guard at(.colon) else {
            failExpectedHere("`:` and a type after the parameter `\(name)`")
            return nil
        }
        consume()
        let type = parseTypeText()
        var defaultValue: Expr?
        if atOperator(.assign) {
            consume()
            defaultValue = parseExpression()
        }
        return .init(
            label: label, name: name, type: type, defaultValue: defaultValue,
            range: startRange.union(SourceRange(startRange.lowerBound, lastConsumedEnd)))
    }

    /// `case a, b = "x"`; `case other(Int)` (with associated values) is skipped.
    private mutating func parseEnumCases() -> [TypeDeclaration.Member] {
        consume()
        var cases: [TypeDeclaration.Member] = []
        while let name = currentName {
            let nameRange = consumeRange()
            if at(.leftParen) {
                skipRestOfItem()
                return cases
            }
            var rawValue: Expr?
            if atOperator(.assign) {
                consume()
                let errorCount = errors.count
                let value = parseExpression()
                guard errors.count == errorCount else { return cases }
                rawValue = value
            }
            cases.append(.enumCase(EnumCase(name: name, nameRange: nameRange, rawValue: rawValue)))
            guard at(.comma) else { break }
            consume()
        }
        return cases
    }

    /// `typealias Name = Target`.
    private mutating func parseTypeAlias(start: Int) -> TypeDeclaration.Member? {
        consume()
        guard let name = currentName else { return nil }
        let nameRange = consumeRange()
        guard atOperator(.assign) else { return nil }
        consume()
        let target = parseTypeText()
        return .typeAlias(name: name, nameRange: nameRange, target: target, range: SourceRange(start, lastConsumedEnd))
    }

    mutating func parseSourceFileDeclarations() -> ParseResult {
        var declarations: [TypeDeclaration] = []
        var skipped = SkippedText()
        while !atEnd {
            if cancellation?.isCancelled == true { break }
            if at(.semicolon) || atClosingBracket {
                skipToken()
                continue
            }
            depth = 0
            isAborted = false
            let start = position
            if typeKeyword(at: indexAfterModifiers(from: position)) != nil {
                // A member that is not Swift is reported; the rest of its type is still read.
                if let declaration = parseTypeDeclaration() {
                    declarations.append(declaration)
                    continue
                }
            }
            // Imports, functions, protocols, top-level code: not ours.
            let keywordIndex = indexAfterModifiers(from: start)
            if position == start { skipToken() }
            skipRestOfItem()
            if !Self.startsSwiftDeclaration(tokens[keywordIndex]) {
                skipped.add(
                    tokens[start].range
                        .lowerBound..<max(
                            tokens[start].range.upperBound, tokens[max(start, position - 1)].range.upperBound))
            }
        }
        var result = finish(declarations.isEmpty ? [] : [.declarations(declarations)])
        if let note = skipped.note { result.notes.append(note) }
        return result
    }

    /// A token that begins a declaration Swift allows at the top of a file, which
    /// arbor skips without a word: it reads types and extensions, not these.
    static func startsSwiftDeclaration(_ token: Token) -> Bool {
        guard case .identifier(let name, false) = token.kind else { return false }
        return topLevelDeclarationKeywords.contains(name)
    }

    static let topLevelDeclarationKeywords: Set<String> = [
        "import", "protocol", "func", "precedencegroup", "operator", "let", "var", "typealias", "actor", "macro",
    ]

    /// Top-level code and text that is not Swift, skipped: said once per file, at
    /// the first place, with how many places in all (a text file named `.swift` is
    /// not loaded in silence).
    struct SkippedText {
        private var first: Range<Int>?
        private var count = 0

        mutating func add(_ range: Range<Int>) {
            if first == nil { first = range }
            count += 1
        }

        var note: ArborError? {
            guard let first else { return nil }
            let more = count > 1 ? " (and \(count - 1) more place\(count > 2 ? "s" : "") in this file)" : ""
            return ArborError(
                "top-level code or text that is not a declaration is skipped\(more)",
                at: SourceRange(first.lowerBound, first.upperBound),
                suggestion: "arbor reads the types and extensions of app code; statements run at the prompt")
        }
    }
}
