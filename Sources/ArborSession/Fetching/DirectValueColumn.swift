import ArborCore
import Foundation
import GRDB
import GRDBSQLite

/// How GRDB reads a value of a fetched type from a statement's column, when that is
/// a plain function of the column (the type's `init(sqliteStatement:index:)`):
/// `String` is `String(cString: sqlite3_column_text)`, the integers are
/// `sqlite3_column_int64` (nil outside the type's range), `Double` is
/// `sqlite3_column_double`, `Data` the column's blob bytes. The value printed is then
/// the one GRDB gives, written as JSON straight from the column, without building
/// the Swift value and its `DatabaseValue` again. Dates, UUIDs and decimals parse
/// text: they are left to GRDB.
struct DirectValueColumn {
    enum Kind {
        case text
        /// An integer type and its range (`Int8`: -128...127).
        case integer(ClosedRange<Int64>)
        /// `UInt64`: `UInt64(exactly:)` of the column's int64, written as that int64.
        case unsignedInteger
        case bool
        case double
        case float
        case blob
        /// `DatabaseValue`: the column as GRDB reads it, NULL included.
        case any
    }

    let kind: Kind
    let isOptional: Bool

    /// Nil for the types GRDB converts with a parser.
    init?(_ type: FetchedValueType) {
        isOptional = type.isOptional
        switch type.name {
        case "String": kind = .text
        case "Int", "Int64": kind = .integer(Int64.min...Int64.max)
        case "Int8": kind = .integer(Int64(Int8.min)...Int64(Int8.max))
        case "Int16": kind = .integer(Int64(Int16.min)...Int64(Int16.max))
        case "Int32": kind = .integer(Int64(Int32.min)...Int64(Int32.max))
        case "UInt", "UInt64": kind = .unsignedInteger
        case "UInt8": kind = .integer(0...Int64(UInt8.max))
        case "UInt16": kind = .integer(0...Int64(UInt16.max))
        case "UInt32": kind = .integer(0...Int64(UInt32.max))
        case "Bool": kind = .bool
        case "Double": kind = .double
        case "Float": kind = .float
        case "Data": kind = .blob
        case "DatabaseValue": kind = .any
        default: return nil
        }
    }

    /// What the first pass checked no longer holds: the data changed in between.
    struct Changed: Error {}

    /// Writes column `index` of the current row as JSON, as `JSONWriter` writes GRDB's
    /// value. Throws `Changed` where GRDB would now fail (NULL for a non-optional type,
    /// an integer out of the type's range): another process wrote between the passes.
    func writeJSON(_ handle: OpaquePointer, _ index: Int32, into out: inout [UInt8]) throws {
        let type = sqlite3_column_type(handle, index)
        if type == SQLITE_NULL {
            guard isOptional || { if case .any = kind { true } else { false } }() else { throw Changed() }
            out.append(contentsOf: JSONBytes.null)
            return
        }
        switch kind {
        case .text:
            Self.writeText(handle, index, into: &out)
        case .integer(let range):
            let value = sqlite3_column_int64(handle, index)
            guard range.contains(value) else { throw Changed() }
            JSONBytes.integer(value, into: &out)
        case .unsignedInteger:
            let value = sqlite3_column_int64(handle, index)
            guard value >= 0 else { throw Changed() }
            JSONBytes.integer(value, into: &out)
        case .bool:
            out.append(sqlite3_column_int64(handle, index) != 0 ? UInt8(ascii: "1") : UInt8(ascii: "0"))
        case .double:
            JSONBytes.real(sqlite3_column_double(handle, index), into: &out)
        case .float:
            JSONBytes.real(Double(Float(sqlite3_column_double(handle, index))), into: &out)
        case .blob:
            Self.writeBlob(handle, index, into: &out)
        case .any:
            // GRDB's `DatabaseValue(sqliteStatement:index:)`: the column's own storage class.
            switch type {
            case SQLITE_INTEGER: JSONBytes.integer(sqlite3_column_int64(handle, index), into: &out)
            case SQLITE_FLOAT: JSONBytes.real(sqlite3_column_double(handle, index), into: &out)
            case SQLITE_TEXT: Self.writeText(handle, index, into: &out)
            default: Self.writeBlob(handle, index, into: &out)
            }
        }
    }

    /// `String(cString:)` of the text, as GRDB reads it: up to its first NUL, invalid
    /// UTF-8 repaired (as `JSONBytes.string` repairs it).
    static func writeText(_ handle: OpaquePointer, _ index: Int32, into out: inout [UInt8]) {
        guard let text = sqlite3_column_text(handle, index) else {
            out.append(contentsOf: Array("\"\"".utf8))
            return
        }
        let length = Int(sqlite3_column_bytes(handle, index))
        let end = memchr(text, 0, length).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - text } ?? length
        JSONBytes.string(UnsafeBufferPointer(start: text, count: end), into: &out)
    }

    /// The blob's bytes (a text's bytes, as SQLite gives them) in base64.
    static func writeBlob(_ handle: OpaquePointer, _ index: Int32, into out: inout [UInt8]) {
        let count = Int(sqlite3_column_bytes(handle, index))
        let data = sqlite3_column_blob(handle, index).map { Data(bytes: $0, count: count) } ?? Data()
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: data.base64EncodedString().utf8)
        out.append(UInt8(ascii: "\""))
    }
}
