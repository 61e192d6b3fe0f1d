import Foundation

/// Table and column names as `:tables`, `:schema`, `:associations` and the schema pane show them:
/// as they are when they read as one word, else double-quoted as SQL writes them,
/// so that `"my table id"`, `"order "` or `""` can not be misread. Always escaped
/// for the terminal.
public enum SchemaText {
    public static func name(_ s: String) -> String {
        if Naming.isIdentifier(s) { return TerminalText.escaped(s) }
        return TerminalText.escaped("\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
    }

    public static func names(_ list: [String]) -> String { list.map(name).joined(separator: ", ") }

    /// The table a `:schema`/`:associations` argument names: a record type, a table
    /// name as typed, or a double-quoted SQL name (`"my table"`, `""`, `" x "`).
    public static func unquoted(_ argument: String) -> String {
        guard argument.count >= 2, argument.first == "\"", argument.last == "\"" else { return argument }
        return String(argument.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
    }
}
