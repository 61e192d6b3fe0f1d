/// SQLite compares table and column names case-insensitively for ASCII letters
/// only: `Été` and `été` are two tables, `Author` and `author` one. Swift's
/// `lowercased()` folds every script, so it would merge names SQLite keeps apart.
extension String {
    /// The name with `A`…`Z` lowered and every other character kept, as SQLite
    /// folds names (`sqlite3StrICmp`).
    public var sqlFolded: String {
        var hasUpper = false
        for byte in utf8 where byte >= 0x41 && byte <= 0x5A {
            hasUpper = true
            break
        }
        guard hasUpper else { return self }
        return String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
