import ArborCore

/// Splits text into `Token`s.
///
/// The lexer works on the UTF-8 bytes of the input and only creates strings
/// for the values of identifiers and literals. It never stops at an error: it
/// records it in the token it concerns (or, for an unexpected character, in an
/// `.invalid` token) and goes on, so that the parser can report several errors
/// and ignore those in code it skips.
public struct Lexer {
    /// The input's bytes, or a prefix of them for an interpolation (`\(…)`), whose
    /// tokens keep their offsets in the whole input.
    private let bytes: ArraySlice<UInt8>
    private let recognizesCommands: Bool
    /// How many string interpolations enclose this lexer's text.
    private var interpolationDepth = 0
    static let maximumInterpolationDepth = 8
    private var index = 0
    private var tokens: [Token] = []
    /// Depth of `(`, `[`, `{`: a `:command` line is only recognized outside brackets.
    private var bracketDepth = 0
    private var newlineBefore = false
    private var spaceBefore = true
    /// Errors found outside tokens (an unterminated comment), given to the next token.
    private var pendingErrors: [ArborError] = []

    private init(bytes: ArraySlice<UInt8>, recognizesCommands: Bool) {
        self.bytes = bytes
        self.recognizesCommands = recognizesCommands
    }

    /// The tokens of `text`, always ending with an `.endOfInput` token.
    ///
    /// - Parameter recognizesCommands: whether a line starting with `:` and a
    ///   letter (`:schema book`) is a `.command` token. Swift source files have none.
    public static func tokenize(_ text: String, recognizesCommands: Bool = false) -> [Token] {
        var lexer = Lexer(bytes: Array(text.utf8)[...], recognizesCommands: recognizesCommands)
        lexer.run()
        return lexer.tokens
    }

    /// All lexical errors of `tokens`, in order.
    public static func errors(in tokens: [Token]) -> [ArborError] {
        tokens.flatMap(\.errors)
    }

    // MARK: - Driver

    private mutating func run() {
        if interpolationDepth == 0 { skipByteOrderMarkAndShebang() }
        while true {
            skipTrivia()
            guard index < bytes.count else { break }
            lexToken()
        }
        emit(.endOfInput, from: bytes.count)
    }

    private mutating func emit(_ kind: Token.Kind, from start: Int, to end: Int? = nil, errors: [ArborError] = []) {
        var tokenErrors = errors
        if !pendingErrors.isEmpty {
            tokenErrors = pendingErrors + errors
            pendingErrors = []
        }
        tokens.append(
            Token(
                kind: kind, range: SourceRange(start, end ?? index), precededByNewline: newlineBefore,
                precededBySpace: spaceBefore, errors: tokenErrors))
        newlineBefore = false
        spaceBefore = false
    }

    private mutating func skipByteOrderMarkAndShebang() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        if index + 1 < bytes.count, bytes[index] == Byte.hash, bytes[index + 1] == Byte.bang {
            while index < bytes.count, !Byte.isNewline(bytes[index]) { index += 1 }
        }
    }

    /// Skips whitespace and comments, noting whether they contain a line break.
    private mutating func skipTrivia() {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case Byte.space, Byte.tab, 0x0B, 0x0C:
                index += 1
                spaceBefore = true
            case Byte.newline, Byte.carriageReturn:
                index += 1
                spaceBefore = true
                newlineBefore = true
            case Byte.slash:
                guard index + 1 < bytes.count else { return }
                if bytes[index + 1] == Byte.slash {
                    while index < bytes.count, !Byte.isNewline(bytes[index]) { index += 1 }
                    spaceBefore = true
                } else if bytes[index + 1] == Byte.star {
                    skipBlockComment()
                    spaceBefore = true
                } else {
                    return
                }
            case 0x80...:
                // Pasted code often carries non-breaking spaces: treat Unicode whitespace as space.
                let (scalar, length) = decodeScalar(at: index)
                guard scalar.properties.isWhitespace else { return }
                if scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0x85 { newlineBefore = true }
                index += length
                spaceBefore = true
            default:
                return
            }
        }
    }

    /// `/* … */`, nested as in Swift.
    private mutating func skipBlockComment() {
        let start = index
        index += 2
        var depth = 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.slash, index + 1 < bytes.count, bytes[index + 1] == Byte.star {
                depth += 1
                index += 2
            } else if byte == Byte.star, index + 1 < bytes.count, bytes[index + 1] == Byte.slash {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                if Byte.isNewline(byte) { newlineBefore = true }
                index += 1
            }
        }
        pendingErrors.append(
            ArborError("unterminated comment: `/*` without a matching `*/`", at: SourceRange(start, start + 2)))
    }

    private mutating func lexToken() {
        let start = index
        let byte = bytes[index]
        switch byte {
        case _ where Byte.isASCIILetter(byte) || byte == Byte.underscore:
            lexIdentifier(from: start)
        case Byte.zero...Byte.nine:
            lexNumber(from: start)
        case Byte.quote:
            lexString(from: start, hashCount: 0)
        case Byte.hash:
            var count = 0
            while index + count < bytes.count, bytes[index + count] == Byte.hash { count += 1 }
            if index + count < bytes.count, bytes[index + count] == Byte.quote {
                index += count
                lexString(from: start, hashCount: count)
            } else {
                punctuation(.hash, from: start)
            }
        case Byte.backtick:
            lexQuotedIdentifier(from: start)
        case Byte.dollar:
            lexDollar(from: start)
        case Byte.apostrophe:
            lexSingleQuotedString(from: start)
        case Byte.colon:
            if startsCommand() {
                lexCommand(from: start)
            } else {
                punctuation(.colon, from: start)
            }
        case Byte.leftParen: punctuation(.leftParen, from: start)
        case Byte.rightParen: punctuation(.rightParen, from: start)
        case Byte.leftBracket: punctuation(.leftBracket, from: start)
        case Byte.rightBracket: punctuation(.rightBracket, from: start)
        case Byte.leftBrace: punctuation(.leftBrace, from: start)
        case Byte.rightBrace: punctuation(.rightBrace, from: start)
        case Byte.comma: punctuation(.comma, from: start)
        case Byte.semicolon: punctuation(.semicolon, from: start)
        case Byte.backslash: punctuation(.backslash, from: start)
        case Byte.at: punctuation(.at, from: start)
        case Byte.dot:
            if followedBy(Byte.dot, Byte.dot) {
                op(.closedRange, length: 3, from: start)
            } else if followedBy(Byte.dot, Byte.less) {
                op(.halfOpenRange, length: 3, from: start)
            } else {
                punctuation(.dot, from: start)
            }
        case Byte.equal:
            if followedBy(Byte.equal, Byte.equal) {
                op(.identical, length: 3, from: start)
            } else if followedBy(Byte.equal) {
                op(.equal, length: 2, from: start)
            } else {
                op(.assign, length: 1, from: start)
            }
        case Byte.bang:
            if followedBy(Byte.equal, Byte.equal) {
                op(.notIdentical, length: 3, from: start)
            } else if followedBy(Byte.equal) {
                op(.notEqual, length: 2, from: start)
            } else {
                op(.bang, length: 1, from: start)
            }
        case Byte.less:
            if followedBy(Byte.less) {
                op(.shiftLeft, length: 2, from: start)
            } else if followedBy(Byte.equal) {
                op(.lessOrEqual, length: 2, from: start)
            } else {
                op(.less, length: 1, from: start)
            }
        case Byte.greater:
            if followedBy(Byte.greater) {
                op(.shiftRight, length: 2, from: start)
            } else if followedBy(Byte.equal) {
                op(.greaterOrEqual, length: 2, from: start)
            } else {
                op(.greater, length: 1, from: start)
            }
        case Byte.ampersand:
            followedBy(Byte.ampersand) ? op(.and, length: 2, from: start) : op(.ampersand, length: 1, from: start)
        case Byte.pipe:
            followedBy(Byte.pipe) ? op(.or, length: 2, from: start) : op(.pipe, length: 1, from: start)
        case Byte.question:
            followedBy(Byte.question)
                ? op(.nilCoalescing, length: 2, from: start) : op(.question, length: 1, from: start)
        case Byte.minus:
            followedBy(Byte.greater) ? op(.arrow, length: 2, from: start) : op(.minus, length: 1, from: start)
        case Byte.plus: op(.plus, length: 1, from: start)
        case Byte.star: op(.star, length: 1, from: start)
        case Byte.slash: op(.slash, length: 1, from: start)
        case Byte.percent: op(.percent, length: 1, from: start)
        case Byte.caret: op(.caret, length: 1, from: start)
        case Byte.tilde: op(.tilde, length: 1, from: start)
        default:
            if byte >= 0x80, identifierCharacterLength(at: index, isHead: true) > 0 {
                lexIdentifier(from: start)
            } else {
                lexInvalidCharacter(from: start)
            }
        }
    }

    /// Whether the bytes after the current one are `first` (and `second`).
    private func followedBy(_ first: UInt8, _ second: UInt8? = nil) -> Bool {
        guard index + 1 < bytes.count, bytes[index + 1] == first else { return false }
        guard let second else { return true }
        return index + 2 < bytes.count && bytes[index + 2] == second
    }

    private mutating func punctuation(_ punctuation: Token.Punctuation, from start: Int) {
        index += 1
        switch punctuation {
        case .leftParen, .leftBracket, .leftBrace: bracketDepth += 1
        case .rightParen, .rightBracket, .rightBrace: bracketDepth = max(0, bracketDepth - 1)
        default: break
        }
        emit(.punctuation(punctuation), from: start)
    }

    private mutating func op(_ op: Token.Operator, length: Int, from start: Int) {
        index += length
        emit(.operator(op), from: start)
    }

    private mutating func lexInvalidCharacter(from start: Int) {
        let (scalar, length) = decodeScalar(at: index)
        index += length
        let shown =
            scalar.properties.generalCategory == .control || scalar.value == 0xFFFD
            ? "U+\(String(scalar.value, radix: 16, uppercase: true))" : "`\(Character(scalar))`"
        emit(
            .invalid, from: start, errors: [ArborError("unexpected character \(shown)", at: SourceRange(start, index))])
    }

    // MARK: - Names

    private mutating func lexIdentifier(from start: Int) {
        index += identifierCharacterLength(at: index, isHead: true)
        skipIdentifierCharacters()
        emit(.identifier(text(start, index), isQuoted: false), from: start)
    }

    private mutating func skipIdentifierCharacters() {
        while index < bytes.count {
            let length = identifierCharacterLength(at: index, isHead: false)
            guard length > 0 else { return }
            index += length
        }
    }

    /// The length of the identifier character at `position`, or 0 if there is none.
    private func identifierCharacterLength(at position: Int, isHead: Bool) -> Int {
        let byte = bytes[position]
        if byte < 0x80 {
            let isIdentifierByte =
                Byte.isASCIILetter(byte) || byte == Byte.underscore || (!isHead && Byte.isDigit(byte))
            return isIdentifierByte ? 1 : 0
        }
        let (scalar, length) = decodeScalar(at: position)
        let properties = scalar.properties
        if isHead ? properties.isXIDStart : properties.isXIDContinue { return length }
        // Swift also accepts emoji in names, with their joiners and modifiers.
        if properties.isEmoji || scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value)
            || scalar.value == 0x20E3
        {
            return isHead && !properties.isEmoji ? 0 : length
        }
        return 0
    }

    /// `` `order` ``: a name that may be a keyword.
    private mutating func lexQuotedIdentifier(from start: Int) {
        index += 1
        let nameStart = index
        while index < bytes.count, bytes[index] != Byte.backtick, !Byte.isNewline(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == Byte.backtick else {
            emit(
                .invalid, from: start,
                errors: [
                    ArborError("unterminated name: `` ` `` without a closing `` ` ``", at: SourceRange(start, index))
                ])
            return
        }
        let nameEnd = index
        index += 1
        guard nameEnd > nameStart else {
            emit(
                .invalid, from: start,
                errors: [ArborError("empty name between backticks", at: SourceRange(start, index))])
            return
        }
        emit(.identifier(text(nameStart, nameEnd), isQuoted: true), from: start)
    }

    /// `$0` (an anonymous closure argument) or `$name` (a projected value, as in `\.$name`).
    private mutating func lexDollar(from start: Int) {
        index += 1
        if index < bytes.count, Byte.isDigit(bytes[index]) {
            var value = 0
            var overflow = false
            while index < bytes.count, Byte.isDigit(bytes[index]) {
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(Int(bytes[index] - Byte.zero))
                overflow = overflow || o1 || o2
                value = sum
                index += 1
            }
            if overflow {
                emit(
                    .invalid, from: start,
                    errors: [
                        ArborError(
                            "closure argument `\(text(start, index))` is too large", at: SourceRange(start, index))
                    ])
            } else {
                emit(.anonymousArgument(value), from: start)
            }
        } else if index < bytes.count, identifierCharacterLength(at: index, isHead: true) > 0 {
            index += identifierCharacterLength(at: index, isHead: true)
            skipIdentifierCharacters()
            emit(.identifier(text(start, index), isQuoted: false), from: start)
        } else {
            emit(
                .invalid, from: start,
                errors: [ArborError("expected a number or a name after `$`", at: SourceRange(start, index))])
        }
    }

    // MARK: - Commands

    /// A command is a line whose first character is `:` followed by a letter,
    /// outside any brackets: `: TableRecord` continuing a declaration is not one.
    private func startsCommand() -> Bool {
        recognizesCommands && bracketDepth == 0 && (tokens.isEmpty || newlineBefore)
            && index + 1 < bytes.count && Byte.isASCIILetter(bytes[index + 1])
    }

    /// `:name argument`: the argument is the raw rest of the line, trimmed,
    /// because it is a file name or free text rather than tokens.
    private mutating func lexCommand(from start: Int) {
        index += 1
        let nameStart = index
        while index < bytes.count,
            Byte.isASCIILetter(bytes[index]) || Byte.isDigit(bytes[index]) || bytes[index] == Byte.minus
                || bytes[index] == Byte.underscore
        {
            index += 1
        }
        let nameEnd = index
        var argumentStart = index
        while index < bytes.count, !Byte.isNewline(bytes[index]) { index += 1 }
        var argumentEnd = index
        while argumentStart < argumentEnd, Byte.isSpace(bytes[argumentStart]) { argumentStart += 1 }
        while argumentEnd > argumentStart, Byte.isSpace(bytes[argumentEnd - 1]) { argumentEnd -= 1 }
        emit(
            .command(name: text(nameStart, nameEnd), argument: text(argumentStart, argumentEnd)), from: start,
            to: max(nameEnd, argumentEnd))
    }

    // MARK: - Numbers

    private mutating func lexNumber(from start: Int) {
        var radix: UInt64 = 10
        var radixName = "decimal"
        if bytes[index] == Byte.zero, index + 1 < bytes.count {
            switch bytes[index + 1] {
            case UInt8(ascii: "x"): (radix, radixName) = (16, "hexadecimal")
            case UInt8(ascii: "b"): (radix, radixName) = (2, "binary")
            case UInt8(ascii: "o"): (radix, radixName) = (8, "octal")
            default: break
            }
        }
        if radix != 10 {
            index += 2
            let digitsStart = index
            skipIdentifierCharacters()
            let literal = text(start, index)
            let range = SourceRange(start, index)
            var digits: [UInt8] = []
            for position in digitsStart..<index where bytes[position] != Byte.underscore {
                guard let digit = Byte.digitValue(bytes[position]), digit < radix else {
                    let (scalar, _) = decodeScalar(at: position)
                    emit(
                        .invalid, from: start,
                        errors: [
                            ArborError(
                                "invalid digit `\(Character(scalar))` in \(radixName) literal `\(literal)`", at: range)
                        ])
                    return
                }
                digits.append(bytes[position])
            }
            guard !digits.isEmpty else {
                emit(
                    .invalid, from: start,
                    errors: [ArborError("expected \(radixName) digits after `\(literal)`", at: range)])
                return
            }
            emitInteger(digits: digits, radix: radix, from: start)
            return
        }

        skipDigits()
        var isFloatingPoint = false
        if index + 1 < bytes.count, bytes[index] == Byte.dot, Byte.isDigit(bytes[index + 1]) {
            // `1.5`, but not `1...5` nor `1.description`.
            isFloatingPoint = true
            index += 1
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var exponent = index + 1
            if exponent < bytes.count, bytes[exponent] == Byte.plus || bytes[exponent] == Byte.minus { exponent += 1 }
            if exponent < bytes.count, Byte.isDigit(bytes[exponent]) {
                isFloatingPoint = true
                index = exponent
                skipDigits()
            }
        }
        if index < bytes.count, identifierCharacterLength(at: index, isHead: false) > 0 {
            // `12abc`, `1e`, `1.5f`: one invalid literal rather than a number and a name.
            skipIdentifierCharacters()
            emit(
                .invalid, from: start,
                errors: [ArborError("`\(text(start, index))` is not a valid number", at: SourceRange(start, index))])
            return
        }
        let digits = bytes[start..<index].filter { $0 != Byte.underscore }
        if isFloatingPoint {
            let literal = String(decoding: digits, as: UTF8.self)
            if let value = Double(literal), value.isFinite {
                emit(.double(value), from: start)
            } else {
                emit(
                    .invalid, from: start,
                    errors: [
                        ArborError("floating-point literal `\(literal)` is out of range", at: SourceRange(start, index))
                    ])
            }
        } else {
            emitInteger(digits: digits, radix: 10, from: start)
        }
    }

    private mutating func skipDigits() {
        while index < bytes.count, Byte.isDigit(bytes[index]) || bytes[index] == Byte.underscore { index += 1 }
    }

    private mutating func emitInteger(digits: [UInt8], radix: UInt64, from start: Int) {
        var value: UInt64 = 0
        var overflow = false
        for byte in digits {
            let (times, o1) = value.multipliedReportingOverflow(by: radix)
            let (sum, o2) = times.addingReportingOverflow(UInt64(Byte.digitValue(byte) ?? 0))
            overflow = overflow || o1 || o2
            value = sum
        }
        // Int64.max + 1 is kept: `-9223372036854775808` is valid, and the parser checks the sign.
        if overflow || value > UInt64(Int64.max) + 1 {
            emit(
                .integer(0), from: start,
                errors: [
                    ArborError("integer literal `\(text(start, index))` overflows Int64", at: SourceRange(start, index))
                ])
        } else {
            emit(.integer(value), from: start)
        }
    }

    // MARK: - Strings

    /// `"…"`, `"""…"""`, and their raw forms `#"…"#` (`index` is at the first `"`).
    private mutating func lexString(from start: Int, hashCount: Int) {
        if followedBy(Byte.quote, Byte.quote) {
            lexMultiLineString(from: start, hashCount: hashCount)
            return
        }
        index += 1
        var buffer: [UInt8] = []
        var segments: [Token.StringSegment] = []
        var errors: [ArborError] = []
        while true {
            guard index < bytes.count, !Byte.isNewline(bytes[index]) else {
                errors.append(ArborError("unterminated string literal", at: SourceRange(start, index)))
                break
            }
            let byte = bytes[index]
            if byte == Byte.quote, hashesFollow(at: index + 1, count: hashCount) {
                index += 1 + hashCount
                break
            }
            if byte == Byte.backslash, hashesFollow(at: index + 1, count: hashCount) {
                let escapeStart = index
                index = decodeEscape(
                    backslashAt: escapeStart, from: index + 1 + hashCount, end: bytes.count, into: &buffer,
                    segments: &segments, errors: &errors)
                continue
            }
            buffer.append(byte)
            index += 1
        }
        emitString(buffer, segments: segments, from: start, errors: errors)
    }

    private mutating func lexMultiLineString(from start: Int, hashCount: Int) {
        index += 3
        var errors: [ArborError] = []
        var contentStart = index
        var position = index
        while position < bytes.count, Byte.isSpace(bytes[position]) { position += 1 }
        if position < bytes.count, !Byte.isNewline(bytes[position]) {
            errors.append(
                ArborError("multi-line string content must start on a new line", at: SourceRange(start, index)))
        } else {
            contentStart = skipLineBreak(at: position)
        }

        // The closing `"""` (with as many `#`s as the opening).
        position = contentStart
        var closingStart: Int?
        while position < bytes.count {
            let byte = bytes[position]
            if byte == Byte.backslash, hashesFollow(at: position + 1, count: hashCount) {
                position += 1 + hashCount
                if position < bytes.count, bytes[position] == Byte.leftParen {
                    position = skipInterpolation(from: position, end: bytes.count)
                } else {
                    position += 1
                }
                continue
            }
            if byte == Byte.quote, position + 2 < bytes.count, bytes[position + 1] == Byte.quote,
                bytes[position + 2] == Byte.quote, hashesFollow(at: position + 3, count: hashCount)
            {
                closingStart = position
                break
            }
            position += 1
        }

        var indentation: ArraySlice<UInt8> = []
        let contentEnd: Int
        if let closingStart {
            index = closingStart + 3 + hashCount
            // The closing delimiter's indentation is removed from every line.
            var lineStart = closingStart
            while lineStart > contentStart, !Byte.isNewline(bytes[lineStart - 1]) { lineStart -= 1 }
            let closingIndentation = bytes[lineStart..<closingStart]
            if closingIndentation.allSatisfy(Byte.isSpace) {
                indentation = closingIndentation
                // The line break before the closing line is not part of the value.
                var end = lineStart
                if end > contentStart {
                    end -= 1
                    if end > contentStart, bytes[end] == Byte.newline, bytes[end - 1] == Byte.carriageReturn {
                        end -= 1
                    }
                }
                contentEnd = end
            } else {
                errors.append(
                    ArborError(
                        "the closing `\"\"\"` of a multi-line string must be on a line of its own",
                        at: SourceRange(closingStart, closingStart + 3)))
                contentEnd = closingStart
            }
        } else {
            index = bytes.count
            contentEnd = bytes.count
            errors.append(
                ArborError(
                    "unterminated multi-line string literal", at: SourceRange(start, start + 3 + hashCount)))
        }

        var buffer: [UInt8] = []
        var segments: [Token.StringSegment] = []
        var lineStart = contentStart
        var isFirstLine = true
        var joinsNextLine = false
        while true {
            var lineEnd = lineStart
            while lineEnd < contentEnd, !Byte.isNewline(bytes[lineEnd]) { lineEnd += 1 }
            if !isFirstLine && !joinsNextLine { buffer.append(Byte.newline) }
            isFirstLine = false
            var textStart = lineStart
            let line = bytes[lineStart..<lineEnd]
            if line.starts(with: indentation) {
                textStart += indentation.count
            } else if line.allSatisfy(Byte.isSpace) {
                textStart = lineEnd
            } else {
                errors.append(
                    ArborError(
                        "insufficient indentation of line in multi-line string literal",
                        at: SourceRange(lineStart, lineEnd)))
            }
            joinsNextLine = decodeLine(
                from: textStart, to: lineEnd, hashCount: hashCount, into: &buffer, segments: &segments,
                errors: &errors)
            guard lineEnd < contentEnd else { break }
            lineStart = skipLineBreak(at: lineEnd)
        }
        emitString(buffer, segments: segments, from: start, errors: errors)
    }

    /// A `.string`, or an `.interpolatedString` when the literal has `\(…)`.
    private mutating func emitString(
        _ buffer: [UInt8], segments: [Token.StringSegment], from start: Int, errors: [ArborError]
    ) {
        let tail = String(decoding: buffer, as: UTF8.self)
        guard !segments.isEmpty else {
            emit(.string(tail), from: start, errors: errors)
            return
        }
        emit(.interpolatedString(tail.isEmpty ? segments : segments + [.text(tail)]), from: start, errors: errors)
    }

    /// Decodes one line of a multi-line string; returns whether it ends with
    /// a backslash, which joins it to the next line.
    private func decodeLine(
        from start: Int, to end: Int, hashCount: Int, into buffer: inout [UInt8],
        segments: inout [Token.StringSegment], errors: inout [ArborError]
    ) -> Bool {
        var position = start
        while position < end {
            let byte = bytes[position]
            guard byte == Byte.backslash, hashesFollow(at: position + 1, count: hashCount) else {
                buffer.append(byte)
                position += 1
                continue
            }
            let escapeStart = position
            position += 1 + hashCount
            var rest = position
            while rest < end, Byte.isSpace(bytes[rest]) { rest += 1 }
            if rest == end { return true }
            position = decodeEscape(
                backslashAt: escapeStart, from: position, end: end, into: &buffer, segments: &segments, errors: &errors)
        }
        return false
    }

    /// Decodes the escape whose character is at `position` (after `\` and any `#`s);
    /// returns the index after it.
    private func decodeEscape(
        backslashAt escapeStart: Int, from position: Int, end: Int, into buffer: inout [UInt8],
        segments: inout [Token.StringSegment], errors: inout [ArborError]
    ) -> Int {
        guard position < end, !Byte.isNewline(bytes[position]) else {
            errors.append(ArborError("expected an escape sequence after `\\`", at: SourceRange(escapeStart, position)))
            return position
        }
        let simple: UInt8? =
            switch bytes[position] {
            case UInt8(ascii: "n"): Byte.newline
            case UInt8(ascii: "t"): Byte.tab
            case UInt8(ascii: "r"): Byte.carriageReturn
            case Byte.zero: 0
            case Byte.quote: Byte.quote
            case Byte.apostrophe: Byte.apostrophe
            case Byte.backslash: Byte.backslash
            default: nil
            }
        if let simple {
            buffer.append(simple)
            return position + 1
        }
        switch bytes[position] {
        case UInt8(ascii: "u"):
            return decodeUnicodeEscape(
                backslashAt: escapeStart, from: position + 1, end: end, into: &buffer, errors: &errors)
        case Byte.leftParen:
            let after = skipInterpolation(from: position, end: end)
            guard after > position + 1, bytes[after - 1] == Byte.rightParen else {
                errors.append(
                    ArborError("unterminated string interpolation", at: SourceRange(escapeStart, after)))
                return after
            }
            guard interpolationDepth < Self.maximumInterpolationDepth else {
                errors.append(
                    ArborError(
                        "string interpolations nested more than \(Self.maximumInterpolationDepth) levels deep",
                        at: SourceRange(escapeStart, after)))
                return after
            }
            // The tokens of `(…)`, lexed on their own, with their offsets in the input.
            var inner = Lexer(bytes: bytes[..<after], recognizesCommands: false)
            inner.interpolationDepth = interpolationDepth + 1
            inner.index = position
            inner.run()
            if !buffer.isEmpty { segments.append(.text(String(decoding: buffer, as: UTF8.self))) }
            buffer = []
            segments.append(.interpolation(inner.tokens, range: SourceRange(escapeStart, after)))
            return after
        default:
            let (_, length) = decodeScalar(at: position)
            let after = min(position + length, end)
            errors.append(
                ArborError(
                    "invalid escape sequence `\(text(escapeStart, after))` in string literal",
                    at: SourceRange(escapeStart, after),
                    suggestion: "valid escapes are \\n \\t \\r \\0 \\\" \\' \\\\ and \\u{…}"))
            return after
        }
    }

    /// `\u{1F600}` (`position` is after the `u`).
    private func decodeUnicodeEscape(
        backslashAt escapeStart: Int, from position: Int, end: Int, into buffer: inout [UInt8],
        errors: inout [ArborError]
    ) -> Int {
        var cursor = position
        var value: UInt32 = 0
        var digitCount = 0
        var isWellFormed = false
        if cursor < end, bytes[cursor] == Byte.leftBrace {
            cursor += 1
            while cursor < end, let digit = Byte.digitValue(bytes[cursor]), digit < 16 {
                if digitCount < 8 { value = value &* 16 &+ UInt32(digit) }
                digitCount += 1
                cursor += 1
            }
            if cursor < end, bytes[cursor] == Byte.rightBrace {
                cursor += 1
                isWellFormed = (1...8).contains(digitCount)
            }
        }
        let range = SourceRange(escapeStart, cursor)
        guard isWellFormed else {
            errors.append(
                ArborError(
                    "invalid Unicode escape `\(text(escapeStart, cursor))`: "
                        + "expected 1 to 8 hexadecimal digits in `\\u{…}`",
                    at: range))
            return cursor
        }
        guard let scalar = Unicode.Scalar(value) else {
            errors.append(ArborError("`\(text(escapeStart, cursor))` is not a valid Unicode scalar", at: range))
            return cursor
        }
        UTF8.encode(scalar) { buffer.append($0) }
        return cursor
    }

    /// The index after the `)` matching the `(` at `position`, staying on one line.
    private func skipInterpolation(from position: Int, end: Int) -> Int {
        var cursor = position
        var depth = 0
        while cursor < end, !Byte.isNewline(bytes[cursor]) {
            switch bytes[cursor] {
            case Byte.leftParen:
                depth += 1
            case Byte.rightParen:
                depth -= 1
                if depth == 0 { return cursor + 1 }
            case Byte.quote:
                // A string inside the interpolation: `"\(a ? "x" : "y")"`.
                cursor += 1
                while cursor < end, bytes[cursor] != Byte.quote, !Byte.isNewline(bytes[cursor]) {
                    cursor += bytes[cursor] == Byte.backslash ? 2 : 1
                }
                if cursor >= end || Byte.isNewline(bytes[min(cursor, end - 1)]) { return min(cursor, end) }
            default:
                break
            }
            cursor += 1
        }
        return min(cursor, end)
    }

    /// `'book'`: SQL habit. Lexed as a string so that parsing goes on, with an error.
    private mutating func lexSingleQuotedString(from start: Int) {
        var end = index + 1
        while end < bytes.count, bytes[end] != Byte.apostrophe, !Byte.isNewline(bytes[end]) { end += 1 }
        guard end < bytes.count, bytes[end] == Byte.apostrophe else {
            lexInvalidCharacter(from: start)
            return
        }
        let value = text(index + 1, end)
        index = end + 1
        emit(
            .string(value), from: start,
            errors: [
                ArborError(
                    "strings are written with double quotes", at: SourceRange(start, index),
                    suggestion: "write \"\(value)\"")
            ])
    }

    private func hashesFollow(at position: Int, count: Int) -> Bool {
        guard count > 0 else { return true }
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != Byte.hash { return false }
        return true
    }

    private func skipLineBreak(at position: Int) -> Int {
        guard position < bytes.count else { return position }
        if bytes[position] == Byte.carriageReturn, position + 1 < bytes.count, bytes[position + 1] == Byte.newline {
            return position + 2
        }
        return Byte.isNewline(bytes[position]) ? position + 1 : position
    }

    // MARK: - Bytes

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// The scalar at `position` and its length in bytes; U+FFFD and 1 for malformed UTF-8.
    private func decodeScalar(at position: Int) -> (Unicode.Scalar, Int) {
        let first = bytes[position]
        if first < 0x80 { return (Unicode.Scalar(first), 1) }
        let replacement: (Unicode.Scalar, Int) = ("\u{FFFD}", 1)
        let length: Int
        var value: UInt32
        switch first {
        case 0xC0...0xDF: (length, value) = (2, UInt32(first & 0x1F))
        case 0xE0...0xEF: (length, value) = (3, UInt32(first & 0x0F))
        case 0xF0...0xF7: (length, value) = (4, UInt32(first & 0x07))
        default: return replacement
        }
        guard position + length <= bytes.count else { return replacement }
        for offset in 1..<length {
            let byte = bytes[position + offset]
            guard byte & 0xC0 == 0x80 else { return replacement }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return replacement }
        return (scalar, length)
    }
}

/// ASCII bytes by name.
enum Byte {
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let bang = UInt8(ascii: "!")
    static let quote = UInt8(ascii: "\"")
    static let hash = UInt8(ascii: "#")
    static let dollar = UInt8(ascii: "$")
    static let percent = UInt8(ascii: "%")
    static let ampersand = UInt8(ascii: "&")
    static let apostrophe = UInt8(ascii: "'")
    static let leftParen = UInt8(ascii: "(")
    static let rightParen = UInt8(ascii: ")")
    static let star = UInt8(ascii: "*")
    static let plus = UInt8(ascii: "+")
    static let comma = UInt8(ascii: ",")
    static let minus = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")
    static let slash = UInt8(ascii: "/")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let colon = UInt8(ascii: ":")
    static let semicolon = UInt8(ascii: ";")
    static let less = UInt8(ascii: "<")
    static let equal = UInt8(ascii: "=")
    static let greater = UInt8(ascii: ">")
    static let question = UInt8(ascii: "?")
    static let at = UInt8(ascii: "@")
    static let leftBracket = UInt8(ascii: "[")
    static let backslash = UInt8(ascii: "\\")
    static let rightBracket = UInt8(ascii: "]")
    static let caret = UInt8(ascii: "^")
    static let underscore = UInt8(ascii: "_")
    static let backtick = UInt8(ascii: "`")
    static let leftBrace = UInt8(ascii: "{")
    static let pipe = UInt8(ascii: "|")
    static let rightBrace = UInt8(ascii: "}")
    static let tilde = UInt8(ascii: "~")

    static func isNewline(_ byte: UInt8) -> Bool { byte == newline || byte == carriageReturn }
    static func isSpace(_ byte: UInt8) -> Bool { byte == space || byte == tab }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    /// The value of a digit in any radix up to 36, or nil.
    static func digitValue(_ byte: UInt8) -> UInt64? {
        switch byte {
        case zero...nine: UInt64(byte - zero)
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt64(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt64(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
