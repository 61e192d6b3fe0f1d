import ArborCore
import ArborSession
import GRDB

/// `--format json` of what is not a request's rows (docs/LANGUAGE.md §4.2), so that
/// standard output stays one JSON document per statement: a value fetch
/// (`String.fetchAll(db, …)`) is an array of values, `fetchOne` a single value or
/// `null`; a description or a command's text is a JSON string.
enum ValueFetchJSON {
    static func print(_ result: RequestResult) {
        var writer = JSONWriter()
        if result.isSingleRow {
            writer.write(result.rows.first?.values.first ?? .null)
        } else if result.rows.isEmpty {
            writer.append("[]")
        } else {
            writer.append("[\n")
            for (i, row) in result.rows.enumerated() {
                if i > 0 { writer.append(",\n") }
                writer.write(row.values.first ?? .null)
            }
            writer.append("\n]")
        }
        writer.append("\n")
        writer.bytes.withUnsafeBytes(Output.writeBytes)
    }

    /// A value fetch's array written as its values come, flushed every 64 KiB: the
    /// same bytes as `print`.
    struct Stream {
        private var writer = JSONWriter()
        private var count = 0

        mutating func write(_ value: DatabaseValue) {
            writer.append(count == 0 ? "[\n" : ",\n")
            writer.write(value)
            count += 1
            if writer.bytes.count >= 1 << 16 { flush() }
        }

        mutating func finish() {
            writer.append(count == 0 ? "[]\n" : "\n]\n")
            flush()
        }

        private mutating func flush() {
            writer.bytes.withUnsafeBytes(Output.writeBytes)
            writer.reset()
        }
    }

    /// Text as one JSON string on its line.
    static func printText(_ text: String) {
        var writer = JSONWriter()
        writer.write(string: text)
        writer.append("\n")
        writer.bytes.withUnsafeBytes(Output.writeBytes)
    }
}
