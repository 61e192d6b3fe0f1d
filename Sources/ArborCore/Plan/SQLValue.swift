import Foundation

/// A literal value of the language, as it will be bound to a statement.
public enum SQLValue: Hashable, Sendable, CustomStringConvertible {
    case null
    /// Kept apart from integers because GRDB compiles `== true` differently.
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    public var description: String {
        switch self {
        case .null: "nil"
        case .bool(let b): String(b)
        case .integer(let i): String(i)
        case .real(let d): String(d)
        case .text(let s): Self.swiftQuoted(s)
        case .blob(let d): "Data(\(d.count) bytes)"
        }
    }

    /// A Swift string literal for `s`.
    public static func swiftQuoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            default:
                // Every scalar a terminal would act on (C0, DEL, C1, bidi controls).
                if TerminalText.isControl(scalar) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
