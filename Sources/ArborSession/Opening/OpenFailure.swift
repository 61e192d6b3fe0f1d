import Foundation
import GRDB
import GRDBSQLite

/// Why a database file could not be opened, in words that say what to do,
/// from SQLite's error and, for format errors, the file's own header.
enum OpenFailure {
    static func message(_ error: any Error, path: String?, busyTimeout: TimeInterval) -> String {
        guard let error = error as? DatabaseError else { return "\(error)" }
        let sqliteMessage = error.message ?? "\(error)"
        switch error.resultCode {
        case .SQLITE_BUSY:
            return "database is locked by another process (gave up after \(seconds(busyTimeout)))"
        case .SQLITE_CORRUPT:
            return "database disk image is malformed (the file is damaged or truncated)"
        case .SQLITE_NOTADB:
            if let path, let header = Header(path: path), header.readVersion > 2 {
                return
                    "file format read version \(header.readVersion) is newer than this SQLite (\(libraryVersion)) can read"
            }
            if let path, EncryptedFile.looksEncrypted(path: path) { return EncryptedFile.message }
            return sqliteMessage
        case .SQLITE_ERROR where sqliteMessage == "unsupported file format":
            if let path, let header = Header(path: path), header.schemaFormat > 4 {
                return
                    "unsupported file format (schema format \(header.schemaFormat); this SQLite, \(libraryVersion), reads up to 4)"
            }
            return sqliteMessage
        default:
            return Session.message(error)
        }
    }

    static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    static func seconds(_ interval: TimeInterval) -> String {
        interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
    }

    /// The fields of the 100-byte database header that say which SQLite can read the file.
    struct Header {
        var readVersion: UInt8
        var schemaFormat: UInt32

        init?(path: String) {
            guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
            defer { try? handle.close() }
            guard let data = try? handle.read(upToCount: 100), data.count == 100 else { return nil }
            let bytes = [UInt8](data)
            guard bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) else { return nil }
            readVersion = bytes[19]
            schemaFormat = bytes[44..<48].reduce(0) { $0 << 8 | UInt32($1) }
        }
    }
}
