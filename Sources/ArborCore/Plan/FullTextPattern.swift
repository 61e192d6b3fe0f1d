/// An `FTS5Pattern` or `FTS3Pattern` as the user built it: the initializer and its
/// string. Lowering calls the same initializer, so GRDB tokenizes the text itself.
public struct FullTextPattern: Hashable, Sendable {
    /// GRDB's pattern initializers, by argument label (`matchingPrefixPhrase:` is FTS5's only).
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case matchingAnyTokenIn, matchingAllTokensIn, matchingAllPrefixesIn, matchingPhrase, matchingPrefixPhrase
        case rawPattern
    }

    /// Which of GRDB's pattern types: `FTS5Pattern` or `FTS3Pattern` (FTS3 and FTS4 tables).
    public enum Syntax: String, Hashable, Sendable {
        case fts5 = "FTS5Pattern"
        case fts3 = "FTS3Pattern"

        /// The initializers GRDB declares on the type.
        public var kinds: [Kind] {
            self == .fts5 ? Kind.allCases : Kind.allCases.filter { $0 != .matchingPrefixPhrase }
        }
    }

    public var kind: Kind
    public var text: String
    public var syntax: Syntax
    /// `rawPattern:allowedColumns:`: the columns a raw pattern may name.
    public var allowedColumns: [String]
    /// Written `FTS5Pattern(…)!`: the other initializers are failable, their pattern optional.
    public var isUnwrapped = false

    /// An `FTS5Pattern?`, as Swift types a failable initializer's result.
    public var isOptional: Bool { kind != .rawPattern && !isUnwrapped }

    public init(kind: Kind, text: String, allowedColumns: [String] = [], syntax: Syntax = .fts5) {
        self.kind = kind
        self.text = text
        self.allowedColumns = allowedColumns
        self.syntax = syntax
    }
}
