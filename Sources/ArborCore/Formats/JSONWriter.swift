import Foundation
import GRDB

/// Writes result rows as JSON, one object per row, by hand into a byte buffer:
/// fast enough to keep up with SQLite, and exact about numbers and escapes.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []

    public init() { bytes.reserveCapacity(1 << 16) }

    public mutating func reset() { bytes.removeAll(keepingCapacity: true) }

    /// `{"id":1,"name":"…","books":[…]}`.
    public mutating func write(_ row: ResultRow) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for (name, value) in zip(row.names, row.values) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            write(string: name)
            bytes.append(UInt8(ascii: ":"))
            write(value)
        }
        for child in row.children {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            write(string: child.key)
            bytes.append(UInt8(ascii: ":"))
            switch child.value {
            case .toOne(let row?): write(row)
            case .toOne(nil): append("null")
            case .toMany(let rows):
                bytes.append(UInt8(ascii: "["))
                for (i, row) in rows.enumerated() {
                    if i > 0 { bytes.append(UInt8(ascii: ",")) }
                    write(row)
                }
                bytes.append(UInt8(ascii: "]"))
            }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    public mutating func write(_ value: DatabaseValue) {
        switch value.storage {
        case .null: append("null")
        case .int64(let i): JSONBytes.integer(i, into: &bytes)
        case .double(let d):
            // JSON has no NaN or infinities.
            if d.isFinite { append(Self.format(d)) } else { append("null") }
        case .string(let s): write(string: s)
        case .blob(let data): write(string: data.base64EncodedString())
        }
    }

    /// A finite double as JSON: `3.0` for integral values, Swift's shortest form otherwise.
    public static func format(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) + ".0" }
        return d.description
    }

    public mutating func append(_ s: String) { bytes.append(contentsOf: s.utf8) }

    /// A JSON string: quotes, backslashes and control characters escaped; invalid
    /// UTF-8 was already replaced when SQLite text became a Swift string.
    public mutating func write(string s: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0..<0x20, 0x7F:
                append("\\u00")
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
