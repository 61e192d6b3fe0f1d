import ArborCore

/// One of GRDB's operators on SQL expressions (`SQLOperators.swift`, `SQLFunctions.swift`),
/// association aggregates (`AssociationAggregate.swift`) and SQL literals (`SQL.swift`):
/// its Swift spelling, the GRDB declarations it serves, and what it builds.
struct GRDBOperator: Sendable {
    enum Fixity: Sendable {
        /// `a == b`
        case infix
        /// `!a`, `-a`
        case prefix
    }

    enum Builds: Hashable, Sendable {
        /// A binary SQL operator: `a = b`, `a + b`.
        case binary(SQLBinaryOperator)
        /// `NOT a`
        case not
        /// `-a`
        case negation
        /// Two SQL literals joined (`SQL.+`).
        case literalConcatenation
        /// `~a`
        case bitwiseNot
    }

    var spelling: String
    var fixity: Fixity
    /// GRDB's declarations it serves, as the symbol graph names them: `SQLSpecificExpressible.==(_:_:)`.
    var symbols: [String]
    var builds: Builds
}

extension GRDBAPI {
    /// GRDB's operators arbor runs. Swift's own operators (`...`, `..<`, and those on
    /// values known now) are Swift's, not GRDB's, and are not here.
    static let operators: [GRDBOperator] =
        [
            SQLBinaryOperator.equal, .notEqual, .identical, .notIdentical, .less, .lessOrEqual, .greater,
            .greaterOrEqual, .and, .or, .add, .subtract, .multiply, .divide, .nilCoalescing,
        ].map { sql in
            GRDBOperator(
                spelling: sql.rawValue, fixity: .infix,
                symbols: operatorSymbols(sql.rawValue, arity: "(_:_:)"), builds: .binary(sql))
        }
        + [
            GRDBOperator(spelling: "!", fixity: .prefix, symbols: operatorSymbols("!", arity: "(_:)"), builds: .not),
            GRDBOperator(
                spelling: "-", fixity: .prefix, symbols: operatorSymbols("-", arity: "(_:)"), builds: .negation),
            GRDBOperator(
                spelling: "+", fixity: .infix, symbols: ["SQL.+(_:_:)"], builds: .literalConcatenation),
            // `query += "GROUP BY …"` on a `var`: the parser reads it as `query = query + …`.
            GRDBOperator(
                spelling: "+=", fixity: .infix, symbols: ["SQL.+=(_:_:)"], builds: .literalConcatenation),
        ]
        + bitwiseOperators

    /// The declarations of one operator: on expressions and on association aggregates alike.
    static func operatorSymbols(_ spelling: String, arity: String) -> [String] {
        ["SQLSpecificExpressible", "AssociationAggregate"].map { "\($0).\(spelling)\(arity)" }
    }

    /// The entry building `spelling` between two SQL expressions, if GRDB has one.
    static func infixOperator(_ spelling: String) -> GRDBOperator? {
        operatorsBySpelling[spelling]?.first { op in
            if op.fixity == .infix, case .binary = op.builds { true } else { false }
        }
    }

    /// The entry building `spelling` before one SQL expression, if GRDB has one.
    static func prefixOperator(_ spelling: String) -> GRDBOperator? {
        operatorsBySpelling[spelling]?.first { $0.fixity == .prefix }
    }

    /// Whether `spelling` joins two SQL literals (`SQL.+`).
    static func joinsLiterals(_ spelling: String) -> Bool {
        operatorsBySpelling[spelling]?.contains { $0.builds == .literalConcatenation } ?? false
    }

    static let operatorsBySpelling: [String: [GRDBOperator]] = Dictionary(grouping: operators, by: \.spelling)
}
