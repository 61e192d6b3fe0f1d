/// GRDB writes a name in SQL as `"name"` without doubling the quotes inside it
/// (`String.quotedDatabaseIdentifier`, GRDB 7.10.0 `Utils.swift:13`). A name that
/// holds a `"` therefore makes invalid SQL, or worse, SQL that means something
/// else: a key column named `x" OR 1 OR "y` would turn a join condition into
/// `… = "c"."x" OR 1 OR "y"`, true for every row. Such names are refused before
/// GRDB writes them; `filter(sql:)` and `:sql` still reach them.
public enum GRDBQuoting {
    public static func canQuote(_ name: String) -> Bool { !name.containsByte(0x22) }

    /// The message for a table or column name GRDB can not quote.
    public static func problem(_ kind: String, _ name: String) -> String {
        "GRDB can not write the \(kind) name \(SQLValue.swiftQuoted(name)) in SQL: it does not double the `\"` inside names"
    }

    public static let suggestion =
        "write the SQL yourself, as in `filter(sql: \"\\\"a\\\"\\\"b\\\" = ?\", arguments: […])`"
}
