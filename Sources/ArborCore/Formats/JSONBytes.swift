import Foundation
import GRDBSQLite

/// JSON encoding of SQLite values, byte by byte.
public enum JSONBytes {
    public static let null = Array("null".utf8)
    public static let arrayOpen = Array("[\n".utf8)
    public static let rowSeparator = Array(",\n".utf8)

    /// `"name":`.
    public static func key(_ name: String) -> [UInt8] {
        var bytes: [UInt8] = []
        string(Array(name.utf8), into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        return bytes
    }

    public static func value(_ handle: OpaquePointer, _ index: Int32, into out: inout [UInt8]) {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            integer(sqlite3_column_int64(handle, index), into: &out)
        case SQLITE_FLOAT:
            let d = sqlite3_column_double(handle, index)
            real(d, into: &out)
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let text = sqlite3_column_text(handle, index) else {
                out.append(contentsOf: Array("\"\"".utf8))
                return
            }
            string(UnsafeBufferPointer(start: text, count: count), into: &out)
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            let data = sqlite3_column_blob(handle, index).map { Data(bytes: $0, count: count) } ?? Data()
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: data.base64EncodedString().utf8)
            out.append(UInt8(ascii: "\""))
        default:
            out.append(contentsOf: null)
        }
    }

    /// A double as JSON: `3.0` for integral values, Swift's shortest form otherwise,
    /// `null` for NaN and infinities (JSON has none).
    public static func real(_ d: Double, into out: inout [UInt8]) {
        guard d.isFinite else {
            out.append(contentsOf: null)
            return
        }
        if d == d.rounded(), abs(d) < 1e15 {
            if d == 0, d.sign == .minus { out.append(UInt8(ascii: "-")) }
            integer(Int64(d), into: &out)
            out.append(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "0")])
        } else {
            out.append(contentsOf: d.description.utf8)
        }
    }

    public static func integer(_ value: Int64, into out: inout [UInt8]) {
        if value == 0 {
            out.append(UInt8(ascii: "0"))
            return
        }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 32 bytes of scratch
        withUnsafeMutableBytes(of: &digits) { buffer in
            var i = buffer.count
            while magnitude > 0 {
                i -= 1
                buffer[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            if value < 0 { out.append(UInt8(ascii: "-")) }
            out.append(contentsOf: buffer[i...])
        }
    }

    /// A JSON string from UTF-8 bytes: quotes, backslashes and control characters
    /// escaped, invalid UTF-8 replaced by U+FFFD so that the output stays valid JSON.
    public static func string(_ bytes: [UInt8], into out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { string($0, into: &out) }
    }

    public static func string(_ array: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var i = 0
        let count = array.count
        while i < count {
            let byte = array[i]
            if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                // A run of plain ASCII is copied at once.
                var j = i + 1
                while j < count {
                    let b = array[j]
                    if b < 0x20 || b >= 0x80 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { break }
                    j += 1
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: array[i..<j]))
                i = j
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
                i += 1
            case 0x0A:
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                i += 1
            case 0x0D:
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                i += 1
            case 0x09:
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                i += 1
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
                i += 1
            default:
                let length = validUTF8Length(array, at: i)
                if length == 0 {
                    out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    i += 1
                } else {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: array[i..<(i + length)]))
                    i += length
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The length of the well-formed UTF-8 sequence at `i`, or 0.
    static func validUTF8Length(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let b0 = bytes[i]
        let (length, minimum): (Int, UInt32) =
            switch b0 {
            case 0xC2...0xDF: (2, 0x80)
            case 0xE0...0xEF: (3, 0x800)
            case 0xF0...0xF4: (4, 0x10000)
            default: (0, 0)
            }
        guard length > 0, i + length <= bytes.count else { return 0 }
        var scalar = UInt32(b0) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length {
            let b = bytes[i + k]
            guard b & 0xC0 == 0x80 else { return 0 }
            scalar = scalar << 6 | UInt32(b & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return 0 }
        return length
    }
}
