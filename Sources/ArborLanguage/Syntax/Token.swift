import ArborCore

/// One lexical token of the input, with the layout around it that the parser
/// needs: statements end at newlines, and Swift decides whether an operator at
/// the start of a line continues the previous line by the spaces around it.
public struct Token: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A name. Keywords (`let`, `true`, `in`, …) are identifiers too: the
        /// parser gives them meaning where it expects them. `isQuoted` for a
        /// backtick-quoted name such as `` `order` ``, which is never a keyword.
        /// `$name` (a projected value, as in `\.$name`) keeps its `$`.
        case identifier(String, isQuoted: Bool)
        /// `$0`, `$1`.
        case anonymousArgument(Int)
        /// The magnitude of an integer literal. It may be `Int64.max + 1`,
        /// which is only valid after a `-` (`-9223372036854775808`): the parser
        /// checks that. Larger literals are lexical errors.
        case integer(UInt64)
        case double(Double)
        /// The value of a string literal, escapes resolved.
        case string(String)
        /// A string literal with `\(…)`: its text and interpolations in order.
        case interpolatedString([StringSegment])
        case `operator`(Operator)
        case punctuation(Punctuation)
        /// `:name argument` on a line of its own (only when commands are recognized).
        case command(name: String, argument: String)
        /// Text that could not be lexed; `errors` says why.
        case invalid
        case endOfInput
    }

    /// A piece of an interpolated string literal.
    public enum StringSegment: Hashable, Sendable {
        case text(String)
        /// The tokens of `(…)` after the backslash, parentheses included, ending with
        /// `.endOfInput`; `range` covers `\(…)`.
        case interpolation([Token], range: SourceRange)
    }

    /// Operators, matched longest first (`!==` before `!=` before `!`).
    public enum Operator: String, Hashable, Sendable, CaseIterable {
        case closedRange = "..."
        case halfOpenRange = "..<"
        case nilCoalescing = "??"
        case or = "||"
        case and = "&&"
        case equal = "=="
        case notEqual = "!="
        case identical = "==="
        case notIdentical = "!=="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case plus = "+"
        case minus = "-"
        case star = "*"
        case slash = "/"
        case percent = "%"
        case ampersand = "&"
        case pipe = "|"
        case caret = "^"
        case tilde = "~"
        case bang = "!"
        case shiftLeft = "<<"
        case shiftRight = ">>"
        case assign = "="
        case arrow = "->"
        case question = "?"

        /// The binary operator this token spells, if any (`=`, `->`, `?`, `!`, `~` are not).
        public var binaryOperator: BinaryOperator? { BinaryOperator(rawValue: rawValue) }
        /// The prefix operator this token spells, if any.
        public var prefixOperator: PrefixOperator? { PrefixOperator(rawValue: rawValue) }
    }

    public enum Punctuation: String, Hashable, Sendable, CaseIterable {
        case leftParen = "("
        case rightParen = ")"
        case leftBracket = "["
        case rightBracket = "]"
        case leftBrace = "{"
        case rightBrace = "}"
        case comma = ","
        case colon = ":"
        case dot = "."
        case semicolon = ";"
        case backslash = "\\"
        case at = "@"
        case hash = "#"
    }

    public var kind: Kind
    /// UTF-8 offsets of the token's text (quotes, backticks and `#`s included).
    public var range: SourceRange
    /// A line break (in whitespace or in a comment) separates this token from the previous one.
    public var precededByNewline: Bool
    /// Whitespace or a comment (or the start of input) precedes this token.
    /// Swift reads `a -b` and `a - b` differently, and so does `try?` vs `try ?`.
    public var precededBySpace: Bool
    /// Lexical errors found in this token (an invalid escape, an overflowing literal…).
    /// The parser reports them only for tokens it actually uses, so that code it
    /// skips (a method body in a pasted model file) cannot produce errors.
    public var errors: [ArborError]

    public init(
        kind: Kind, range: SourceRange, precededByNewline: Bool, precededBySpace: Bool, errors: [ArborError] = []
    ) {
        self.kind = kind
        self.range = range
        self.precededByNewline = precededByNewline
        self.precededBySpace = precededBySpace
        self.errors = errors
    }
}

extension Token {
    var isEndOfInput: Bool { kind == .endOfInput }

    func isPunctuation(_ punctuation: Punctuation) -> Bool { kind == .punctuation(punctuation) }

    func isOperator(_ op: Operator) -> Bool { kind == .operator(op) }

    /// An unquoted identifier spelled `keyword`.
    func isKeyword(_ keyword: String) -> Bool {
        if case .identifier(let name, false) = kind { return name == keyword }
        return false
    }

    /// The name of an identifier, quoted or not.
    var identifierName: String? {
        if case .identifier(let name, _) = kind { return name }
        return nil
    }

    var isOpeningBracket: Bool {
        if case .punctuation(let p) = kind { return p == .leftParen || p == .leftBracket || p == .leftBrace }
        return false
    }

    var isClosingBracket: Bool {
        if case .punctuation(let p) = kind { return p == .rightParen || p == .rightBracket || p == .rightBrace }
        return false
    }

    /// How the token reads in an error message: "`)`", "`books`", "end of input".
    var quotedDescription: String {
        switch kind {
        case .identifier(let name, let isQuoted): isQuoted ? "`` `\(name)` ``" : "`\(name)`"
        case .anonymousArgument(let n): "`$\(n)`"
        case .integer(let value): "`\(value)`"
        case .double(let value): "`\(value)`"
        case .string, .interpolatedString: "a string"
        case .operator(let op): "`\(op.rawValue)`"
        case .punctuation(let p): "`\(p.rawValue)`"
        case .command(let name, _): "`:\(name)`"
        case .invalid: "an invalid character"
        case .endOfInput: "end of input"
        }
    }
}
