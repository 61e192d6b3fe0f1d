import ArborCore

/// One completion candidate: the text that replaces the word being typed.
public struct Completion: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `Author`, from the database's tables and the user's declarations.
        case recordType
        /// A table name inside `Table("…")`.
        case table
        case association
        case column
        /// A method or property of the value before the dot (`filter`, `count`, `asc`).
        case method
        /// A global function (`Column`, `TableAlias`, `abs`).
        case function
        /// A `let` binding of the session, or a static member of a declared type.
        case binding
        /// `let`, `true`, `nil`, an implicit member such as `nocase`, a `:command`.
        case keyword
        /// An argument label, with its colon (`all:`).
        case label
    }

    /// The replacement text.
    public var text: String
    public var kind: Kind
    /// A short description to show beside it: `hasMany → Book`, `INTEGER`, `including(all:)`.
    public var detail: String?

    public init(_ text: String, kind: Kind, detail: String? = nil) {
        self.text = text
        self.kind = kind
        self.detail = detail
    }
}

/// What `Completer.complete` offers at a cursor.
public struct CompletionResult: Hashable, Sendable {
    /// The UTF-8 offsets of the text that a candidate replaces: the part of the
    /// word before the cursor (empty, at the cursor, when no word is started).
    public var range: SourceRange
    /// The candidates that extend the word, best first.
    public var candidates: [Completion]

    public init(range: SourceRange, candidates: [Completion]) {
        self.range = range
        self.candidates = candidates
    }

    /// The longest prefix common to every candidate (what Tab can insert at once).
    public var commonPrefix: String {
        guard var prefix = candidates.first?.text else { return "" }
        for candidate in candidates.dropFirst() {
            prefix = String(zip(prefix, candidate.text).prefix { $0 == $1 }.map(\.0))
            if prefix.isEmpty { break }
        }
        return prefix
    }
}
