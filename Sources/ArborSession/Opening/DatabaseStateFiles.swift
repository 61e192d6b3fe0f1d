import Foundation

/// What arbor remembers of one database between runs, in the XDG state directory:
/// its history (`histories/NAME-HASH`) and, beside it, the advice rules the user
/// keeps quiet (`histories/NAME-HASH.quiet-advice`).
public enum DatabaseStateFiles {
    /// `$XDG_STATE_HOME/arbor/histories/NAME-HASH` (by default under `~/.local/state`),
    /// NAME the file's name and HASH its resolved path's; `histories/demo` for the
    /// demo (`database` nil).
    public static func historyURL(environment: [String: String], database: String?) -> URL? {
        let state: URL
        if let directory = environment["XDG_STATE_HOME"], directory.hasPrefix("/") {
            state = URL(fileURLWithPath: directory)
        } else if let home = environment["HOME"], !home.isEmpty {
            state = URL(fileURLWithPath: home).appendingPathComponent(".local/state")
        } else {
            return nil
        }
        return state.appendingPathComponent("arbor/histories").appendingPathComponent(fileName(database: database))
    }

    /// The quiet advice rules of the database, beside its history.
    public static func quietAdviceURL(environment: [String: String], database: String?) -> URL? {
        historyURL(environment: environment, database: database)?.appendingPathExtension("quiet-advice")
    }

    /// `demo`, or `chinook.sqlite-0123456789abcdef`: readable, and unique per path.
    public static func fileName(database: String?) -> String {
        guard let database else { return "demo" }
        let resolved = URL(fileURLWithPath: database).standardizedFileURL.resolvingSymlinksInPath().path
        let base = resolved.split(separator: "/").last.map(String.init) ?? "db"
        let safe = base.unicodeScalars.map { scalar -> Character in
            let kept =
                scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "._-".unicodeScalars.contains(scalar))
            return kept ? Character(scalar) : "_"
        }
        let name = String(safe.prefix(40))
        // FNV-1a: stable from one run to the next (Swift's Hasher is seeded per process).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in resolved.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return name + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
