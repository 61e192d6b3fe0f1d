import Foundation
import GRDB

/// How a database value reads in the tree and table formats and the terminal views.
public enum ValueText {
    /// `"text"` quoted and escaped, numbers as they are, `NULL`, and blobs by size.
    /// A text longer than `maxLength` bytes (or cut when it was read: `fullSize`)
    /// ends with `…` and says how big it is: `"xxxx…" (100 MB)`.
    public static func quoted(_ value: DatabaseValue, maxLength: Int = 200, fullSize: Int? = nil) -> String {
        let parts = quotedParts(value, maxLength: maxLength, fullSize: fullSize)
        return parts.text + parts.note
    }

    /// `quoted` in two parts, so that a view can cut the text and keep the note:
    /// `("\"xxxx…\"", " (100 MB)")`; the note is empty for a value shown whole.
    public static func quotedParts(_ value: DatabaseValue, maxLength: Int = 200, fullSize: Int? = nil)
        -> (text: String, note: String)
    {
        switch value.storage {
        case .null: return ("NULL", "")
        case .int64(let i): return (String(i), "")
        case .double(let d): return (real(d), "")
        case .string(let s):
            let (text, size) = truncated(s, maxLength, fullSize)
            return (SQLValue.swiftQuoted(text), size.map { " (\(byteCount($0)))" } ?? "")
        case .blob(let data): return ("<\(fullSize ?? data.count) bytes>", "")
        }
    }

    /// `quotedParts` as the terminal's tree shows a value beside the table view:
    /// the text between quotes escaped as the table escapes it (`TerminalText`),
    /// backslashes and quotes as they are, so that both show `\u0301` alike.
    public static func shownQuotedParts(_ value: DatabaseValue, maxLength: Int = 200, fullSize: Int? = nil)
        -> (text: String, note: String)
    {
        guard case .string(let s) = value.storage else {
            return quotedParts(value, maxLength: maxLength, fullSize: fullSize)
        }
        let (text, size) = truncated(s, maxLength, fullSize)
        return ("\"" + TerminalText.escaped(text) + "\"", size.map { " (\(byteCount($0)))" } ?? "")
    }

    /// Text unquoted (for aligned tables), control characters escaped; a long text
    /// ends with `… (100 MB)`.
    public static func plain(_ value: DatabaseValue, maxLength: Int = 200, fullSize: Int? = nil) -> String {
        switch value.storage {
        case .null: return "NULL"
        case .int64(let i): return String(i)
        case .double(let d): return real(d)
        case .string(let s):
            let (text, size) = truncated(s, maxLength, fullSize)
            return TerminalText.escaped(text) + (size.map { " (\(byteCount($0)))" } ?? "")
        case .blob(let data): return "<\(fullSize ?? data.count) bytes>"
        }
    }

    static func real(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
        return String(d)
    }

    /// `s` cut to about `maxLength` bytes (whole characters) with `…`, and its full
    /// size when it was cut here or before.
    static func truncated(_ s: String, _ maxLength: Int, _ fullSize: Int?) -> (String, Int?) {
        guard fullSize != nil || s.utf8.count > maxLength else { return (s, nil) }
        var out = ""
        for c in s {
            if out.utf8.count >= maxLength { break }
            out.append(c)
        }
        return (out + "…", fullSize ?? s.utf8.count)
    }

    /// A size for people: `812 bytes`, `1.5 KB`, `100 MB` (powers of 1,000, as
    /// storage is sold; exact below 1 KB).
    public static func byteCount(_ bytes: Int) -> String {
        if bytes < 1_000 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1_000
        var unit = 0
        while value >= 999.5, unit < units.count - 1 {
            value /= 1_000
            unit += 1
        }
        let digits = value < 9.95 ? String(format: "%.1f", value) : String(Int(value.rounded()))
        return "\(digits.hasSuffix(".0") ? String(digits.dropLast(2)) : digits) \(units[unit])"
    }

    /// The value as a Swift literal (`1`, `2.5`, `"x"`), for requests written back
    /// as the app would write them; nil for NULL, blobs and non-finite reals.
    public static func swiftLiteral(_ value: DatabaseValue) -> String? {
        switch value.storage {
        case .int64(let i): String(i)
        case .double(let d) where d.isFinite: "\(d)"
        case .string(let s): SQLValue.swiftQuoted(s)
        default: nil
        }
    }

    /// Whether the value is NULL.
    public static func isNull(_ value: DatabaseValue) -> Bool { value.isNull }

    /// Whether the value is a number (tables align numbers to the right).
    public static func isNumber(_ value: DatabaseValue) -> Bool {
        switch value.storage {
        case .int64, .double: true
        default: false
        }
    }

    /// The size of the value in bytes as stored: a text's or blob's length, else the length of its text.
    public static func storedSize(_ value: DatabaseValue, text: String) -> Int {
        switch value.storage {
        case .string(let s): s.utf8.count
        case .blob(let data): data.count
        default: text.utf8.count
        }
    }
}
