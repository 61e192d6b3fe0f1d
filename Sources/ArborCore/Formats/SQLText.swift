/// SQL as the `sql` format prints it: pasteable into `sqlite3`, and safe on a
/// terminal. Newline and tab are kept as they are: valid SQL, harmless on a
/// terminal, and the SQL GRDB runs. SQLite string literals have no escapes, so
/// another control character in one is spelled with `char()` (`'a'||char(27)||'b'`,
/// the same value); anywhere else (a name from a hostile schema) it is shown
/// escaped, and the SQL is no longer exact.
public enum SQLText {
    public static func terminalSafe(_ sql: String) -> (text: String, isExact: Bool) {
        guard sql.unicodeScalars.contains(where: needsSpelling) else { return (sql, true) }
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
            guard needsSpelling(scalar) else {
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

    private static func needsSpelling(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && TerminalText.isControl(scalar)
    }
}

extension SQLText {
    /// Text for the inside of a `/* … */` comment on one line: it can end neither
    /// the comment nor the line (`*/` spaced out, control characters and line
    /// separators escaped).
    public static func commentSafe(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if TerminalText.isControl(scalar) {
                out.append(contentsOf: TerminalText.escaped(String(scalar)).unicodeScalars)
            } else if scalar == "/", out.last == "*" {
                // `*/` would end the comment: a space keeps the text readable and the comment open.
                out.append(" ")
                out.append(scalar)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
