import ArborCore

/// The tokens of the text before the cursor, with their bracket structure:
/// which opening bracket encloses each token, which opener each closing
/// bracket matches, and where the current statement starts.
struct TokenStructure {
    /// The tokens before the word being completed (no `.endOfInput`).
    let tokens: [Token]
    /// For each index in `0...tokens.count`: the innermost bracket still open
    /// before that position (`enclosing[tokens.count]` is the one at the cursor).
    private(set) var enclosing: [Int?] = []
    /// The opener of each closing bracket that has one.
    private(set) var openerOf: [Int: Int] = [:]
    /// The first token of the statement the cursor is in.
    private(set) var statementStart = 0

    init(tokens: [Token]) {
        self.tokens = tokens
        var stack: [Int] = []
        for (i, token) in tokens.enumerated() {
            if stack.isEmpty, startsStatement(at: i) { statementStart = i }
            enclosing.append(stack.last)
            if token.isOpeningBracket {
                stack.append(i)
            } else if token.isClosingBracket, let opener = stack.popLast() {
                openerOf[i] = opener
            } else if stack.isEmpty, token.isPunctuation(.semicolon) {
                statementStart = i + 1
            }
        }
        enclosing.append(stack.last)
    }

    /// A token on a new line outside brackets starts a statement, unless it
    /// continues the previous line (`.member`, or a binary operator).
    private func startsStatement(at i: Int) -> Bool {
        let token = tokens[i]
        guard i > 0, token.precededByNewline else { return false }
        if token.isPunctuation(.dot) { return false }
        if case .operator(let op) = token.kind, op.binaryOperator != nil { return false }
        return true
    }

    var count: Int { tokens.count }

    subscript(_ i: Int) -> Token { tokens[i] }

    /// Whether the token can end an operand: `Author`, `$0`, `1`, `"x"`, `)`.
    func endsOperand(_ i: Int) -> Bool {
        guard i >= statementStart, i < tokens.count else { return false }
        switch tokens[i].kind {
        case .identifier(let name, let isQuoted):
            return isQuoted || !Self.expressionKeywords.contains(name)
        case .anonymousArgument, .integer, .double, .string:
            return true
        case .punctuation(let p):
            return p == .rightParen || p == .rightBracket || p == .rightBrace
        default:
            return false
        }
    }

    /// Words after which an expression starts.
    static let expressionKeywords: Set<String> = ["in", "return", "try", "await"]

    /// The first token of the postfix expression (`Author.including(all: books).filter { … }`)
    /// that ends at `end`, which must end an operand.
    func postfixStart(endingAt end: Int) -> Int {
        var k = end
        while true {
            let token = tokens[k]
            if token.isClosingBracket {
                guard let opener = openerOf[k], opener >= statementStart else { return k }
                k = opener
                // A call, a subscript or a trailing closure continues the chain; otherwise it is a primary.
                if endsOperand(k - 1), !tokens[k].precededByNewline {
                    k -= 1
                    continue
                }
                // `Table<Book>("book")`: the call of a generic type, from its name.
                if let name = genericTypeName(before: k) {
                    k = name
                    continue
                }
                return k
            }
            // An identifier or a literal: `base.name` continues leftwards.
            if k - 1 >= statementStart, tokens[k - 1].isPunctuation(.dot), endsOperand(k - 2) {
                k -= 2
                continue
            }
            return k
        }
    }

    /// The name of the generic type whose argument clause (`<Book>`, `<Outer.Kind>`) ends right
    /// before the `(` at `opener`: `Table` in `Table<Book>(`, `CommonTableExpression` in
    /// `CommonTableExpression<Book>(`. As Swift reads it, the clause follows the name with no
    /// space and the `(` follows it with none, so `a > (b)` and `x < y > (z)` are no such call.
    func genericTypeName(before opener: Int) -> Int? {
        var k = opener - 1
        guard k > statementStart, !tokens[opener].precededBySpace,
            tokens[k].isOperator(.greater) || tokens[k].isOperator(.shiftRight)
        else { return nil }
        var depth = 0
        while k > statementStart {
            switch tokens[k].kind {
            case .operator(.greater): depth += 1
            case .operator(.shiftRight): depth += 2
            case .operator(.less): depth -= 1
            case .operator(.question), .identifier, .punctuation(.dot), .punctuation(.comma): break
            default: return nil
            }
            if depth == 0 { break }
            k -= 1
        }
        guard depth == 0, tokens[k].isOperator(.less), !tokens[k].precededBySpace,
            case .identifier(let name, _) = tokens[k - 1].kind, name.first?.isUppercase == true
        else { return nil }
        return k - 1
    }

    /// The source text of the tokens `range`, from `text`.
    func source(_ range: Range<Int>, in bytes: [UInt8]) -> String {
        guard let first = range.first, let last = range.last else { return "" }
        let lower = Swift.min(tokens[first].range.lowerBound, bytes.count)
        let upper = Swift.min(Swift.max(lower, tokens[last].range.upperBound), bytes.count)
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    /// The call whose arguments (or trailing closure) the bracket at `opener` opens.
    func call(openedAt opener: Int) -> Call? {
        var nameIndex = opener - 1
        // `filter(…) { … }`: the closure belongs to the call before it.
        if tokens[opener].isPunctuation(.leftBrace), nameIndex >= statementStart,
            tokens[nameIndex].isPunctuation(.rightParen),
            let callOpener = openerOf[nameIndex]
        {
            nameIndex = callOpener - 1
        }
        // `Table<Book>(`: the call of the generic type.
        if nameIndex == opener - 1, let typeName = genericTypeName(before: opener) { nameIndex = typeName }
        guard nameIndex >= statementStart, case .identifier(let name, _) = tokens[nameIndex].kind else { return nil }
        if nameIndex - 1 >= statementStart, tokens[nameIndex - 1].isPunctuation(.dot) {
            guard endsOperand(nameIndex - 2) else {
                return Call(name: name, nameIndex: nameIndex, receiver: nil, isMember: true)
            }
            let start = postfixStart(endingAt: nameIndex - 2)
            return Call(name: name, nameIndex: nameIndex, receiver: start..<(nameIndex - 1), isMember: true)
        }
        return Call(name: name, nameIndex: nameIndex, receiver: nil, isMember: false)
    }

    struct Call {
        var name: String
        var nameIndex: Int
        /// The tokens of the receiver of a method (`Author.books` in `Author.books.filter(`).
        var receiver: Range<Int>?
        /// `x.name(`, or `.name(` with no receiver, rather than a global `name(`.
        var isMember: Bool
    }

    /// The label of the argument that the tokens `start..<end` begin (`all` in `all: books`).
    func label(ofArgumentAt start: Int, end: Int) -> String? {
        guard start + 1 < end, tokens[start + 1].isPunctuation(.colon),
            case .identifier(let name, _) = tokens[start].kind
        else { return nil }
        return name
    }

    /// Where the argument containing the cursor starts inside the bracket at `opener`, and its index.
    func currentArgument(inside opener: Int) -> (start: Int, index: Int) {
        var start = opener + 1
        var index = 0
        for i in (opener + 1)..<Swift.max(opener + 1, tokens.count)
        where enclosing[i] == opener && tokens[i].isPunctuation(.comma) {
            start = i + 1
            index += 1
        }
        return (start, index)
    }

    /// The parameter names of a closure (`book in`, `(a, b) in`), if it declares any.
    func closureParameters(openedAt opener: Int) -> [String] {
        var names: [String] = []
        var i = opener + 1
        while i < tokens.count {
            let token = tokens[i]
            if token.isKeyword("in") { return names }
            if case .identifier(let name, _) = token.kind {
                names.append(name)
            } else if !(token.isPunctuation(.comma) || token.isPunctuation(.leftParen)
                || token.isPunctuation(.rightParen))
            {
                return []
            }
            i += 1
        }
        return []
    }
}
