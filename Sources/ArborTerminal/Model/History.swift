import ArborSession
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

    /// The history of one database (`DatabaseStateFiles.historyURL`): each database
    /// keeps its own statements, another file's tables mean nothing here.
    public static func fileURL(environment: [String: String], database: String?) -> URL? {
        DatabaseStateFiles.historyURL(environment: environment, database: database)
    }

    static func fileName(database: String?) -> String { DatabaseStateFiles.fileName(database: database) }
}
