import Foundation
import GRDB

/// How a database value reads in the tree and table formats.
public enum ValueText {
    /// `"text"` quoted and escaped, numbers as they are, `NULL`, and blobs by size.
    public static func quoted(_ value: DatabaseValue, maxLength: Int = 200) -> String {
        switch value.storage {
        case .null: return "NULL"
        case .int64(let i): return String(i)
        case .double(let d): return real(d)
        case .string(let s): return SQLValue.swiftQuoted(truncated(s, maxLength))
        case .blob(let data): return "<\(data.count) bytes>"
        }
    }

    /// Text unquoted (for aligned tables), control characters escaped.
    public static func plain(_ value: DatabaseValue, maxLength: Int = 200) -> String {
        switch value.storage {
        case .null: return "NULL"
        case .int64(let i): return String(i)
        case .double(let d): return real(d)
        case .string(let s): return TerminalText.escaped(truncated(s, maxLength))
        case .blob(let data): return "<\(data.count) bytes>"
        }
    }

    static func real(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
        return String(d)
    }

    static func truncated(_ s: String, _ maxLength: Int) -> String {
        guard s.utf8.count > maxLength else { return s }
        var out = ""
        for c in s {
            if out.utf8.count >= maxLength { break }
            out.append(c)
        }
        return out + "…"
    }
}
