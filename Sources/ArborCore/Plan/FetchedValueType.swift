/// `String.fetchAll(db, request)`, `Int?.fetchOne(db, sql: …)`: a Swift type the
/// rows are fetched as, one value a row read from the first column, converted by
/// GRDB itself (so a NULL in a non-optional fetch fails as it does in the app).
public struct FetchedValueType: Hashable, Sendable {
    /// `String`, `Int64`, `Date`, …: one of `names`.
    public var name: String
    /// `String?`, `Optional<String>`: NULL is a value, not an error.
    public var isOptional: Bool

    public init(name: String, isOptional: Bool) {
        self.name = name
        self.isOptional = isOptional
    }

    /// As Swift writes it: `String`, `String?`.
    public var swiftName: String { isOptional ? name + "?" : name }

    /// The types GRDB fetches as values (`DatabaseValueConvertible`) that arbor runs.
    public static let names: Set<String> = SwiftIntegerType.names.union([
        "String", "Double", "Float", "Bool", "Data", "Date", "UUID", "Decimal", "DatabaseValue",
    ])
}
