import Foundation

/// Statements run before, oldest first, at most `limit`; browsed with ↑/↓ and
/// searched with Ctrl-R. A multi-line statement is one entry.
public struct History: Sendable, Equatable {
    public static let defaultLimit = 2_000

    public private(set) var entries: [String]
    public let limit: Int

    public init(entries: [String] = [], limit: Int = History.defaultLimit) {
        self.limit = limit
        self.entries = Array(entries.suffix(limit))
    }

    /// Adds an entry, unless it repeats the last one or is blank.
    public mutating func add(_ entry: String) {
        guard !entry.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, entries.last != entry else { return }
        entries.append(entry)
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
    }

    /// The index of the most recent entry before `index` containing `query`.
    public func search(_ query: String, before index: Int) -> Int? {
        var i = min(index, entries.count) - 1
        while i >= 0 {
            if query.isEmpty || entries[i].contains(query) { return i }
            i -= 1
        }
        return nil
    }

    // MARK: The file: one entry a line, `\` and newlines escaped.

    public static func decode(_ file: String) -> [String] {
        file.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            var out = ""
            var escaping = false
            for c in line {
                if escaping {
                    out.append(c == "n" ? "\n" : c)
                    escaping = false
                } else if c == "\\" {
                    escaping = true
                } else {
                    out.append(c)
                }
            }
            return out
        }
    }

    public func encoded() -> String {
        entries.map { entry in
            entry.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
        }.joined(separator: "\n") + (entries.isEmpty ? "" : "\n")
    }

    /// The history of one database: `$XDG_STATE_HOME/arbor/histories/NAME-HASH`
    /// (by default under `~/.local/state`), NAME the file's name and HASH its
    /// resolved path's; `histories/demo` for the demo (`database` nil). Each
    /// database keeps its own statements: another file's tables mean nothing here.
    public static func fileURL(environment: [String: String], database: String?) -> URL? {
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

    /// `demo`, or `chinook.sqlite-0123456789abcdef`: readable, and unique per path.
    static func fileName(database: String?) -> String {
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
