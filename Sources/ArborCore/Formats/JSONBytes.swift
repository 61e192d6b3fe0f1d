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
            // Typed and copied at once: a slice of raw bytes is appended a byte at a time
            // through a generic iterator.
            let digits = buffer.baseAddress.map {
                UnsafeBufferPointer(start: $0.assumingMemoryBound(to: UInt8.self) + i, count: buffer.count - i)
            }
            out.append(contentsOf: digits ?? UnsafeBufferPointer(start: nil, count: 0))
        }
    }

    /// A JSON string from UTF-8 bytes: quotes, backslashes and control characters
    /// escaped, invalid UTF-8 replaced by U+FFFD (one per maximal ill-formed subpart,
    /// as Swift's `String(decoding:as:)` does) so that the output stays valid JSON.
    /// DEL, C1 controls and bidirectional controls are written as `\uXXXX` too: the
    /// same string for a JSON reader, and nothing a terminal acts on.
    public static func string(_ bytes: [UInt8], into out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { string($0, into: &out) }
    }

    public static func string(_ array: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var i = 0
        let count = array.count
        while i < count {
            let byte = array[i]
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                // A run of plain ASCII is copied at once.
                var j = i + 1
                while j < count {
                    let b = array[j]
                    if b < 0x20 || b >= 0x7F || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { break }
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
            case 0..<0x20, 0x7F:
                unicodeEscape(UInt32(byte), into: &out)
                i += 1
            default:
                let (length, scalar) = decode(array, at: i)
                if let scalar {
                    if let unicode = Unicode.Scalar(scalar), TerminalText.isControl(unicode) {
                        unicodeEscape(scalar, into: &out)
                    } else {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: array[i..<(i + length)]))
                    }
                } else {
                    out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                }
                i += length
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `\u00XX` for a scalar of the basic multilingual plane.
    private static func unicodeEscape(_ scalar: UInt32, into out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
        for shift in [12, 8, 4, 0] { out.append(hex[Int((scalar >> UInt32(shift)) & 0xF)]) }
    }

    /// The UTF-8 sequence that starts at `i` (a byte of 0x80 or more): its length
    /// and scalar when it is well formed; else the length of its maximal ill-formed
    /// subpart (Unicode §3.9, Table 3-7) and nil.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (length: Int, scalar: UInt32?) {
        let b0 = bytes[i]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return (1, nil)
        }
        var scalar = UInt32(b0) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length {
            guard i + k < bytes.count else { return (k, nil) }
            let b = bytes[i + k]
            // Only the second byte has a narrower range.
            guard b >= (k == 1 ? low : 0x80), b <= (k == 1 ? high : 0xBF) else { return (k, nil) }
            scalar = scalar << 6 | UInt32(b & 0x3F)
        }
        return (length, scalar)
    }
}
