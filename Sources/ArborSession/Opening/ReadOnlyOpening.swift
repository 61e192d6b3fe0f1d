import Foundation

/// Where to open a database read-only so that no file is written at all.
///
/// SQLite opens a WAL database by creating its `-wal` and `-shm` companions,
/// even read-only. When the file is in WAL mode and has no `-wal` file, all its
/// content is in the main file: arbor then opens it `immutable`, which creates
/// nothing. A WAL database with a `-wal` file is opened normally, so that the
/// latest data, which lives in the `-wal`, is read.
enum ReadOnlyOpening {
    static func location(of path: String) -> String {
        guard isWALMode(path), !FileManager.default.fileExists(atPath: path + "-wal") else { return path }
        return "file:" + percentEncoded(URL(fileURLWithPath: path).path) + "?immutable=1"
    }

    /// The header's read and write versions are 2 in WAL mode (bytes 18 and 19).
    static func isWALMode(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 20), header.count == 20 else { return false }
        let bytes = [UInt8](header)
        return bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) && bytes[18] == 2 && bytes[19] == 2
    }

    /// A path as a URI path: everything but unreserved characters and `/` escaped.
    static func percentEncoded(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "/-._~")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}

extension ReadOnlyOpening {
    /// Where to open a database read-write (`--write`) without ever creating it:
    /// with `mode=rw`, SQLite fails on a missing file instead of making an empty database.
    static func writableLocation(of path: String) -> String {
        "file:" + percentEncoded(URL(fileURLWithPath: path).path) + "?mode=rw"
    }
}
