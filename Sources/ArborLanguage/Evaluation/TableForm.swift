/// How a table is written, which decides the part of GRDB's API it has: a record type's
/// statics (`TableRecord`, `FetchableRecord`), or the methods of GRDB's `Table<RowDecoder>`.
public enum TableForm: Hashable, Sendable {
    /// `Book`: a record type, whose rows decode as itself.
    case recordType
    /// `Table("book")` (GRDB's `Table<Row>`) or `Table<Book>("book")`: a `Table` value,
    /// its rows decoded as `rowDecoder` ("Row", "Book").
    case tableValue(rowDecoder: String)

    /// `Table("book")`: GRDB's `Table<Row>`.
    public static let tableOfRows = TableForm.tableValue(rowDecoder: "Row")

    /// How Swift names the receiver's type in a message: `Table<Row>`, or nil for a record type.
    public var swiftTypeName: String? {
        guard case .tableValue(let rowDecoder) = self else { return nil }
        return "Table<\(rowDecoder)>"
    }
}
