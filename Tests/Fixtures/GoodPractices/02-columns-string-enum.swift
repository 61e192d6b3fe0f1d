// For a non-codable record
extension Author {
    // Define database columns as an enum
    enum Columns: String, ColumnExpression {
        case id, name, country
    }
}
