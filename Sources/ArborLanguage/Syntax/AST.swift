import ArborCore

/// An expression of the request language, with the range of text it was parsed from.
public struct Expr: Hashable, Sendable {
    public var kind: Kind
    public var range: SourceRange

    public init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    public indirect enum Kind: Hashable, Sendable {
        /// `Author`, `books`, `year`, `Column`, `Table`, `db`.
        case identifier(String)
        case integer(Int64)
        case double(Double)
        case string(String)
        /// `"name = \(name)"`: text and interpolations, as GRDB's `SQL` literals take them.
        case interpolatedString([InterpolationSegment])
        case bool(Bool)
        case nilLiteral
        /// `[1, 2]`, `[]`.
        case array([Expr])
        /// `["id": 1]`, `[:]`.
        case dictionary([DictionaryEntry])
        /// `base.name`, such as `Author.books` or `Author.self`.
        case member(Expr, name: String, nameRange: SourceRange)
        /// `.nocase`, `.integer`.
        case implicitMember(String)
        /// `callee(arguments)`; a trailing closure is the last argument, with `isTrailingClosure`.
        case call(Expr, arguments: [Argument])
        /// `alias[Column("x")]`.
        case subscripted(Expr, arguments: [Argument])
        case binary(BinaryOperator, Expr, Expr)
        case prefix(PrefixOperator, Expr)
        /// `{ $0.name == "x" }` or `{ book in book.year > 2000 }`.
        case closure(Closure)
        /// `\.name`, `\.$name`, `\Book.name`: the names after the root, `$` removed.
        case keyPath(root: String?, components: [String])
        /// `$0`, `$1`.
        case anonymousArgument(Int)
        /// `(expr)`: kept so that ranges and descriptions stay faithful.
        case parenthesized(Expr)
        /// `value!`: Swift's force unwrap (an optional `FTS5Pattern` becomes one).
        case forceUnwrapped(Expr)
        /// `condition ? a : b`, decided with Swift's rules on values known now.
        case conditional(Expr, then: Expr, else: Expr)
        /// Swift that app code may hold and arbor does not interpret (`if` expressions,
        /// tuples, `is` tests…): read without complaint, an error only when evaluated.
        case unsupported(String)
    }
}

/// A piece of an interpolated string: text, or the arguments of `\(…)`
/// (`\(name)`, `\(sql: "…", arguments: […])`).
public enum InterpolationSegment: Hashable, Sendable {
    case text(String)
    case interpolation([Argument], range: SourceRange)
}

public struct DictionaryEntry: Hashable, Sendable {
    public var key: Expr
    public var value: Expr
    public init(key: Expr, value: Expr) {
        self.key = key
        self.value = value
    }
}

public struct Argument: Hashable, Sendable {
    /// `nil` for an unlabelled argument.
    public var label: String?
    public var labelRange: SourceRange?
    public var value: Expr
    public var isTrailingClosure: Bool

    public init(label: String?, labelRange: SourceRange?, value: Expr, isTrailingClosure: Bool = false) {
        self.label = label
        self.labelRange = labelRange
        self.value = value
        self.isTrailingClosure = isTrailingClosure
    }

    /// From the label (or the value) to the end of the value.
    public var range: SourceRange { labelRange.map { $0.union(value.range) } ?? value.range }
}

public struct Closure: Hashable, Sendable {
    /// Named parameters (`book in …`); empty when the body uses `$0`.
    public var parameters: [String]
    /// The single expression of the body (`return` removed); for a body of
    /// several statements, its range only (the statements are in `statements`).
    public var body: Expr
    /// A body of several statements (`dbQueue.read { db in let a = …; return … }`); nil for one expression.
    public var statements: [BodyStatement]?
    public init(parameters: [String], body: Expr, statements: [BodyStatement]? = nil) {
        self.parameters = parameters
        self.body = body
        self.statements = statements
    }
}

/// Binary operators, with Swift's precedence and associativity.
public enum BinaryOperator: String, Hashable, Sendable, CaseIterable {
    case shiftLeft = "<<"
    case shiftRight = ">>"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
    case bitwiseAnd = "&"
    case add = "+"
    case subtract = "-"
    case bitwiseOr = "|"
    case bitwiseXor = "^"
    case closedRange = "..."
    case halfOpenRange = "..<"
    case nilCoalescing = "??"
    case equal = "=="
    case notEqual = "!="
    case identical = "==="
    case notIdentical = "!=="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case and = "&&"
    case or = "||"

    /// Higher binds tighter (Swift's standard precedence groups).
    public var precedence: Int {
        switch self {
        case .shiftLeft, .shiftRight: 9
        case .multiply, .divide, .remainder, .bitwiseAnd: 8
        case .add, .subtract, .bitwiseOr, .bitwiseXor: 7
        case .closedRange, .halfOpenRange: 6
        case .nilCoalescing: 5
        case .equal, .notEqual, .identical, .notIdentical, .less, .lessOrEqual, .greater, .greaterOrEqual: 4
        case .and: 3
        case .or: 2
        }
    }

    public var isRightAssociative: Bool { self == .nilCoalescing }
    /// Comparisons and ranges do not chain: `a < b < c` is a syntax error, as in Swift.
    public var isNonAssociative: Bool { precedence == 4 || precedence == 6 }
}

public enum PrefixOperator: String, Hashable, Sendable {
    case not = "!"
    case negate = "-"
    case plus = "+"
    case bitwiseNot = "~"
}

/// One statement of a session: what a user types at the prompt or passes with `-c`.
public enum Statement: Hashable, Sendable {
    case expression(Expr)
    /// `let name = value` (a type annotation, if any, is skipped).
    case letBinding(name: String, nameRange: SourceRange, value: Expr, range: SourceRange)
    /// `var name = value`: a binding that `name = value` may change.
    case varBinding(name: String, nameRange: SourceRange, value: Expr, range: SourceRange)
    /// `name = value`, to a `var`.
    case assignment(name: String, nameRange: SourceRange, value: Expr, range: SourceRange)
    /// `extension`/`struct`/`class`/`enum` blocks, as pasted from an app.
    case declarations([TypeDeclaration])
    /// `:name rest of line`, such as `:schema book` or `:load Models.swift`.
    case command(name: String, argument: String, range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .expression(let expr): expr.range
        case .letBinding(_, _, _, let range), .varBinding(_, _, _, let range), .assignment(_, _, _, let range): range
        case .declarations(let decls):
            decls.dropFirst().reduce(decls.first?.range ?? .at(0)) { $0.union($1.range) }
        case .command(_, _, let range): range
        }
    }
}
