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
            JSONBytes.real(d, into: &bytes)
        case .string(let s): write(string: s)
        case .blob(let data): write(string: data.base64EncodedString())
        }
    }

    public mutating func append(_ s: String) { bytes.append(contentsOf: s.utf8) }

    /// A JSON string, escaped as `JSONBytes.string` escapes text read from SQLite.
    public mutating func write(string s: String) {
        var s = s
        s.withUTF8 { JSONBytes.string($0, into: &bytes) }
    }
}
