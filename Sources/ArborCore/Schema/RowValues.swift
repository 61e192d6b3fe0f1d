import GRDB

/// Reads values without GRDB's typed subscripts, which stop the process when a
/// value does not convert (docs/ARCHITECTURE.md §5): database content is untrusted.
extension Row {
    func text(_ column: String) -> String? {
        switch (self[column] as DatabaseValue).storage {
        case .string(let s): s
        case .int64(let i): String(i)
        case .double(let d): String(d)
        case .blob(let data): String(decoding: data, as: UTF8.self)
        case .null: nil
        }
    }

    func integer(_ column: String) -> Int? {
        switch (self[column] as DatabaseValue).storage {
        case .int64(let i): Int(exactly: i)
        case .double(let d): Int(exactly: d.rounded(.towardZero))
        case .string(let s): Int(s)
        default: nil
        }
    }
}
