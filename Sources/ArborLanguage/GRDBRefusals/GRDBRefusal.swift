/// Why arbor refuses one of GRDB's public declarations: a category and a few words.
/// docs/GRDB-COVERAGE.md gives one for each declaration no registry entry serves.
struct GRDBRefusal: Sendable, Equatable {
    enum Category: String, Sendable, CaseIterable {
        case write = "a write"
        case observation = "observation"
        case setup = "database setup"
        case hook = "a record type's hook"
        case noMeaning = "no meaning in a REPL"
        case notYet = "not yet"
    }

    var category: Category
    /// What the declaration is, or why the category applies.
    var detail: String

    init(_ category: Category, _ detail: String) {
        self.category = category
        self.detail = detail
    }

    /// "a write: inserts a record".
    var description: String { detail.isEmpty ? category.rawValue : "\(category.rawValue): \(detail)" }
}

/// Which of GRDB's declarations a rule is about, from what the symbol graph says of
/// each: its key (`pathComponents` joined with "."), its kind, its source file.
/// Every field given must match.
struct GRDBSymbolPattern: Sendable {
    /// Whole keys: `FTS5.api(_:)`.
    var symbols: Set<String> = []
    /// The declaring type (the key's first component): `FTS5TableDefinition`.
    var types: Set<String> = []
    /// Member names: base names (`filter`, `will*` for a prefix) or with labels (`init(rawValue:)`).
    var names: [String] = []
    /// Kinds as the graph writes them: `swift.enum.case`.
    var kinds: Set<String> = []
    /// Source files under GRDB's `GRDB/` folder; a trailing `/` matches a folder.
    var files: [String] = []

    func matches(key: String, kind: String, file: String) -> Bool {
        let components = key.split(separator: ".", omittingEmptySubsequences: false)
        if !symbols.isEmpty && !symbols.contains(key) { return false }
        if !types.isEmpty {
            // A nested type is named by all its components: `FTS3.Diacritics`.
            let owners = (1..<max(components.count, 1)).map { components.prefix($0).joined(separator: ".") }
            if !owners.contains(where: types.contains) { return false }
        }
        if !names.isEmpty, !names.contains(where: { Self.name($0, matches: Self.memberName(of: key)) }) { return false }
        if !kinds.isEmpty && !kinds.contains(kind) { return false }
        if !files.isEmpty, !files.contains(where: { $0.hasSuffix("/") ? file.hasPrefix($0) : file == $0 }) {
            return false
        }
        return true
    }

    /// `filter(_:)` for `FilteredRequest.filter(_:)`, `==(_:_:)` for `SQLSpecificExpressible.==(_:_:)`.
    static func memberName(of key: String) -> String {
        // The member is what follows the last dot before the labels.
        let labels = key.firstIndex(of: "(") ?? key.endIndex
        guard let dot = key[..<labels].lastIndex(of: ".") else { return key }
        return String(key[key.index(after: dot)...])
    }

    /// A pattern with labels (`init(stringLiteral:)`) matches the whole member name, one
    /// without (`filter`, `will*`) its base name.
    static func name(_ pattern: String, matches member: String) -> Bool {
        let name = pattern.contains("(") ? member : String(member.prefix { $0 != "(" })
        return pattern.hasSuffix("*") ? name.hasPrefix(pattern.dropLast()) : name == pattern
    }
}

/// A pattern and the refusal it gives.
struct GRDBRefusalRule: Sendable {
    var pattern: GRDBSymbolPattern
    var refusal: GRDBRefusal
}
