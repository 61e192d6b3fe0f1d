import Foundation
import GRDB

/// The `csv` and `tsv` formats' fields (LANGUAGE.md §4.2): text as is, integers in
/// decimal, reals in the shortest form that reads back as the same double, NULL
/// as an empty field, blobs as base64.
///
/// CSV quotes a field as the `sqlite3` shell does (`-csv`), so that a flat request
/// without reals gives the same bytes: a field is put in double quotes, its own
/// double quotes doubled (RFC 4180), when it is empty text (to tell it from NULL),
/// or holds a comma, a blank or control character, a quote (`"` or `'`), DEL or any
/// byte of a non-ASCII character. TSV has no quotes: a tab, line feed, carriage
/// return and backslash in a field are written `\t`, `\n`, `\r`, `\\`, as
/// PostgreSQL's text format and most TSV readers spell them.
public enum DelimitedText {
    public enum Dialect: Sendable {
        case csv, tsv

        var separator: UInt8 { self == .csv ? UInt8(ascii: ",") : UInt8(ascii: "\t") }
    }

    /// One line: the fields separated, ending in a line feed (as `sqlite3 -csv` ends them).
    public static func appendLine(_ values: [DatabaseValue], dialect: Dialect, to out: inout [UInt8]) {
        for (i, value) in values.enumerated() {
            if i > 0 { out.append(dialect.separator) }
            appendField(value, dialect: dialect, to: &out)
        }
        out.append(UInt8(ascii: "\n"))
    }

    /// The header line: the column names, quoted or escaped as text is.
    public static func appendHeader(_ names: [String], dialect: Dialect, to out: inout [UInt8]) {
        for (i, name) in names.enumerated() {
            if i > 0 { out.append(dialect.separator) }
            appendText(name, dialect: dialect, to: &out)
        }
        out.append(UInt8(ascii: "\n"))
    }

    public static func appendField(_ value: DatabaseValue, dialect: Dialect, to out: inout [UInt8]) {
        switch value.storage {
        case .null:
            break
        case .int64(let i):
            JSONBytes.integer(i, into: &out)
        case .double(let d):
            out.append(contentsOf: real(d).utf8)
        case .string(let s):
            appendText(s, dialect: dialect, to: &out)
        case .blob(let data):
            if data.isEmpty, dialect == .csv {
                out.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: "\"")])
            } else {
                out.append(contentsOf: data.base64EncodedString().utf8)
            }
        }
    }

    /// The shortest text that reads back as `d` (Swift's own), `Inf` and `-Inf` as
    /// SQLite writes them (SQLite stores no NaN).
    public static func real(_ d: Double) -> String {
        if d.isInfinite { return d < 0 ? "-Inf" : "Inf" }
        if d.isNaN { return "" }
        return d.description
    }

    static func appendText(_ s: String, dialect: Dialect, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { bytes in
            switch dialect {
            case .csv: appendCSV(bytes, to: &out)
            case .tsv: appendTSV(bytes, to: &out)
            }
        }
    }

    private static func appendCSV(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard bytes.isEmpty || bytes.contains(where: needsQuotes) else {
            out.append(contentsOf: bytes)
            return
        }
        out.append(UInt8(ascii: "\""))
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { out.append(byte) }
            out.append(byte)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The bytes for which the `sqlite3` shell quotes a CSV field (its `needCsvQuote`), and the comma.
    private static func needsQuotes(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
            || byte == UInt8(ascii: ",")
    }

    private static func appendTSV(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\t"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case UInt8(ascii: "\n"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            default: out.append(byte)
            }
        }
    }
}
