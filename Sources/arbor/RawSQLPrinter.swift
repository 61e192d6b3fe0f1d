import ArborCore
import ArborSession
import Foundation

/// `:sql` in the formats made for programs (docs/LANGUAGE.md §4.2), as a request's
/// rows print: `json` one array per statement that returns rows, `jsonl` one
/// object a line, `csv` and `tsv` a header and the rows, every row and every value
/// whole. `sql` prints the SQL as given and runs nothing. What a statement did
/// besides rows (`3 rows changed`, `schema changed`) goes to standard error:
/// standard output carries data only. `tree` and `table` (and `swift`) print the
/// text `:sql` always prints.
enum RawSQLPrinter {
    /// The SQL and the command's range when `text` is one `:sql` command on one line.
    static func command(in text: String) -> (sql: String, range: SourceRange)? {
        guard !text.contains("\n") else { return nil }
        let leading = text.prefix { $0 == " " || $0 == "\t" }
        let rest = text.dropFirst(leading.count)
        guard rest.hasPrefix(":sql") else { return nil }
        let afterName = rest.dropFirst(4)
        guard afterName.isEmpty || afterName.first == " " || afterName.first == "\t" else { return nil }
        var trimmedEnd = text.utf8.count
        let bytes = Array(text.utf8)
        while trimmedEnd > 0, bytes[trimmedEnd - 1] == 0x20 || bytes[trimmedEnd - 1] == 0x09 { trimmedEnd -= 1 }
        let start = leading.utf8.count
        let sql = String(decoding: bytes[(start + 4)..<max(start + 4, trimmedEnd)], as: UTF8.self)
            .trimmingCharacters(in: .whitespaces)
        return (sql, SourceRange(start, trimmedEnd))
    }

    static func prints(_ format: OutputFormat) -> Bool { format.isData || format == .sql }

    /// Runs the command and prints its results; false when it failed.
    static func run(_ text: String, sql: String, range: SourceRange, format: OutputFormat, in session: Session) -> Bool
    {
        if format == .sql {
            guard !sql.isEmpty else {
                Output.errors([ArborError("write a statement after `:sql`", at: range)], in: text)
                return false
            }
            Output.line(sql.hasSuffix(";") ? sql : sql + ";")
            return true
        }
        let effects: [RawSQLEffect]
        let notes: [String]
        do {
            // The rows print as they come; what else a statement did follows on standard error.
            (effects, notes) = try session.rawSQLEffects(sql, range: range, rows: RawSQLRowPrinter(format: format))
        } catch let error as ArborError {
            Output.errors([error], in: text)
            return false
        } catch {
            Output.error("error: \(error)")
            return false
        }
        for effect in effects {
            guard case .rows(_, _, _, let changes) = effect else {
                Output.error("arbor: " + effect.text)
                continue
            }
            if let changes { Output.error("arbor: \(changes == 1 ? "1 row" : "\(changes) rows") changed") }
        }
        for note in notes { Output.error("arbor: " + note) }
        return true
    }
}
