/// SQLite compares table and column names case-insensitively for ASCII letters
/// only: `Été` and `été` are two tables, `Author` and `author` one. Swift's
/// `lowercased()` folds every script, so it would merge names SQLite keeps apart.
extension String {
    /// The name with `A`…`Z` lowered and every other character kept, as SQLite
    /// folds names (`sqlite3StrICmp`).
    public var sqlFolded: String {
        guard containsByte(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return self }
        return String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether SQLite takes the two names for one (`authorId`, `AUTHORID`), as
    /// `sqlFolded == sqlFolded` does, without making a folded copy of either: asked for
    /// every column a loaded declaration names.
    public func sqlEquals(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        if self == other { return true }
        var text = self
        var other = other
        return text.withUTF8 { text in
            other.withUTF8 { other in
                for (a, b) in zip(text, other) where a != b {
                    guard (a | 0x20) == (b | 0x20), (a | 0x20) >= 0x61, (a | 0x20) <= 0x7A else { return false }
                }
                return true
            }
        }
    }
}

extension StringProtocol {
    /// Whether the first character is an uppercase letter (`Author`, `Éditeur`), read from
    /// the first byte when it is ASCII: asked of names looked up, where making a `Character`
    /// and asking Unicode's properties cost more than the lookup.
    public var startsUppercase: Bool {
        guard let byte = utf8.first else { return false }
        if byte < 0x80 { return byte >= 0x41 && byte <= 0x5A }
        return first?.isUppercase == true
    }
}
