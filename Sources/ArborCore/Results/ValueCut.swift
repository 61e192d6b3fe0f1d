import Foundation
import GRDB
import GRDBSQLite

/// Values too big to show are kept as their first bytes and their full size, so
/// that a window of rows costs what its screen shows, whatever the database holds
/// (a 100 MB text is 16 KiB in memory and reads `"xxxx…" (100 MB)`).
public enum ValueCut {
    /// The prefix the interactive views keep of a text or blob: enough for the
    /// detail view, small enough that a window of rows stays small.
    public static let displayLimit = 16_384
    /// The prefix the `tree` and `table` formats read: they show 200 bytes.
    public static let printLimit = 1_024

    /// The value of column `index` of the statement's current row, read with
    /// SQLite's C API: text by its byte count (a NUL inside it is kept, where
    /// GRDB's C-string read would end the text there), invalid UTF-8 repaired
    /// with U+FFFD, and text and blobs over `limit` bytes cut to it. Returns the
    /// full size in bytes of a value that was cut.
    public static func read(_ handle: OpaquePointer, _ index: Int32, limit: Int?) -> (DatabaseValue, fullSize: Int?) {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return (sqlite3_column_int64(handle, index).databaseValue, nil)
        case SQLITE_FLOAT:
            return (sqlite3_column_double(handle, index).databaseValue, nil)
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(handle, index) else { return ("".databaseValue, nil) }
            let size = Int(sqlite3_column_bytes(handle, index))
            let bytes = UnsafeBufferPointer(start: text, count: size)
            guard let limit, size > limit else { return (String(decoding: bytes, as: UTF8.self).databaseValue, nil) }
            let kept = UnsafeBufferPointer(rebasing: bytes[..<scalarBoundary(bytes, atMost: limit)])
            return (String(decoding: kept, as: UTF8.self).databaseValue, size)
        case SQLITE_BLOB:
            let size = Int(sqlite3_column_bytes(handle, index))
            guard let blob = sqlite3_column_blob(handle, index) else { return (Data().databaseValue, nil) }
            guard let limit, size > limit else { return (Data(bytes: blob, count: size).databaseValue, nil) }
            return (Data(bytes: blob, count: limit).databaseValue, size)
        default:
            return (.null, nil)
        }
    }

    /// `value` cut to `limit` bytes when it is a longer text or blob, with its full size.
    public static func cut(_ value: DatabaseValue, limit: Int) -> (DatabaseValue, fullSize: Int)? {
        switch value.storage {
        case .string(let s):
            let size = s.utf8.count
            guard size > limit else { return nil }
            let utf8 = Array(s.utf8.prefix(limit + 4))
            let end = utf8.withUnsafeBufferPointer { scalarBoundary($0, atMost: limit) }
            return (String(decoding: utf8[..<end], as: UTF8.self).databaseValue, size)
        case .blob(let data):
            guard data.count > limit else { return nil }
            return (Data(data.prefix(limit)).databaseValue, data.count)
        default:
            return nil
        }
    }

    /// The largest cut at most `limit` that does not split a UTF-8 sequence.
    static func scalarBoundary(_ bytes: UnsafeBufferPointer<UInt8>, atMost limit: Int) -> Int {
        var end = min(limit, bytes.count)
        // Back over at most three continuation bytes (a sequence is four bytes at most).
        var steps = 0
        while end > 0, end < bytes.count, bytes[end] & 0xC0 == 0x80, steps < 3 {
            end -= 1
            steps += 1
        }
        return end
    }
}
