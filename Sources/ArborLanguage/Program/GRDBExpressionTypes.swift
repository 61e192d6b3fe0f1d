import Foundation

/// GRDB's expression types, as app code writes them in a signature: a static helper that
/// returns one (`static func byAuthor(_ id: Int64) -> SQLSpecificExpressible { … }`) is used
/// wherever GRDB takes an expression, and a parameter of one takes a column.
enum GRDBExpressionTypes {
    static let names: Set<String> = [
        "SQLSpecificExpressible", "SQLExpressible", "SQLExpression", "SQLOrderingTerm", "SQLOrdering",
        "SQLSelectable", "SQLSelection", "Column", "ColumnExpression", "SQL",
    ]

    /// `any SQLSpecificExpressible`, `some SQLExpressible`, `Column`…
    static func contains(_ type: String) -> Bool {
        names.contains(type.replacingOccurrences(of: "any ", with: "").replacingOccurrences(of: "some ", with: ""))
    }
}
