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
        // By prefixes, not Foundation's `replacingOccurrences`: asked for every declaration loaded.
        var rest = Substring(type)
        while true {
            if rest.hasPrefix("any ") {
                rest = rest.dropFirst(4)
            } else if rest.hasPrefix("some ") {
                rest = rest.dropFirst(5)
            } else {
                break
            }
        }
        // Each name starts so: most types written (`Int64`, `String`) are told apart here.
        guard rest.hasPrefix("SQL") || rest.hasPrefix("Column") else { return false }
        return names.contains(String(rest))
    }
}
