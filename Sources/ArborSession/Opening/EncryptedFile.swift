import Foundation

/// A file SQLite calls "not a database" that looks like an encrypted one: a
/// SQLCipher database (what GRDB opens with `usePassphrase`) is its pages
/// encrypted whole, header included, so it starts with no `SQLite format 3` but
/// with bytes that look random, and its size is a whole number of pages.
enum EncryptedFile {
    static let message =
        "file is not a database: it looks encrypted (a SQLCipher database, as a GRDB app opens with `db.usePassphrase(…)`): "
        + "arbor uses SQLite without SQLCipher and cannot read it; decrypt a copy with the sqlcipher shell "
        + "(ATTACH 'plain.sqlite' AS plain KEY ''; SELECT sqlcipher_export('plain');) and open the copy"

    static func looksEncrypted(path: String) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = (attributes[.size] as? NSNumber)?.intValue, size >= 1024, size % 512 == 0,
            let handle = FileHandle(forReadingAtPath: path)
        else { return false }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 1024), data.count == 1024 else { return false }
        let bytes = [UInt8](data)
        if bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) { return false }
        // Encrypted bytes are spread over every value: 1,024 random bytes take about 250
        // of the 256; text, or a file of zeros, far fewer.
        return Set(bytes).count >= 200
    }
}
