import Foundation

/// SQL as the `sql` format prints it: pasteable into `sqlite3`, and safe on a
/// terminal. SQLite string literals have no escapes, so a control character in
/// one is spelled with `char()` (`'a'||char(27)||'b'`, the same value); anywhere
/// else (a name from a hostile schema) it is shown escaped, and the SQL is no
/// longer exact.
public enum SQLText {
    public static func terminalSafe(_ sql: String) -> (text: String, isExact: Bool) {
        guard sql.unicodeScalars.contains(where: TerminalText.isControl) else { return (sql, true) }
        var out = String.UnicodeScalarView()
        var isExact = true
        var quote: Unicode.Scalar?
        for scalar in sql.unicodeScalars {
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "'" || scalar == "\"" || scalar == "`" {
                quote = scalar
            } else if scalar == "[" {
                quote = "]"
            }
            guard TerminalText.isControl(scalar) else {
                out.append(scalar)
                continue
            }
            if quote == "'" {
                out.append(contentsOf: "'||char(\(scalar.value))||'".unicodeScalars)
            } else {
                out.append(contentsOf: TerminalText.escaped(String(scalar)).unicodeScalars)
                isExact = false
            }
        }
        return (String(out), isExact)
    }

    /// Text for the inside of a `/* … */` comment on one line: it can neither end
    /// the comment nor the line (`*/`, control characters and line breaks escaped).
    public static func commentSafe(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if TerminalText.isControl(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}" {
                out += TerminalText.escaped(String(scalar))
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        while out.contains("*/") { out = out.replacingOccurrences(of: "*/", with: "* /") }
        return out
    }
}
