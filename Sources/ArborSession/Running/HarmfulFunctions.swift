import GRDB

/// SQL functions of this SQLite build that no statement typed in arbor may call.
///
/// Debian's SQLite is built with `SQLITE_ENABLE_FTS3_TOKENIZER`: the
/// two-argument `fts3_tokenizer(name, pointer)` installs a tokenizer from a raw
/// pointer, and the next full-text query jumps to it (a crash, or worse), even
/// on a read-only connection. SQLite marks it direct-only, so views and
/// triggers cannot call it, but `:sql` and `filter(sql:)` are direct SQL.
/// A connection's own function of the same name and argument count replaces
/// the built-in one.
enum HarmfulFunctions {
    static func disable(in db: Database) {
        for argumentCount in [1, 2] {
            db.add(
                function: DatabaseFunction("fts3_tokenizer", argumentCount: argumentCount, pure: false) { _ in
                    throw DatabaseError(message: "fts3_tokenizer() is disabled in arbor")
                })
        }
    }
}
