/// An `FTS5Pattern` as the user built it: the initializer and its string.
/// Lowering calls the same initializer, so GRDB tokenizes the text itself.
public struct FullTextPattern: Hashable, Sendable {
    /// GRDB's `FTS5Pattern` initializers, by argument label.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case matchingAnyTokenIn, matchingAllTokensIn, matchingAllPrefixesIn, matchingPhrase, matchingPrefixPhrase
        case rawPattern
    }

    public var kind: Kind
    public var text: String
    /// `rawPattern:allowedColumns:`: the columns a raw pattern may name.
    public var allowedColumns: [String]
    /// Written `FTS5Pattern(…)!`: the other initializers are failable, their pattern optional.
    public var isUnwrapped = false

    /// An `FTS5Pattern?`, as Swift types a failable initializer's result.
    public var isOptional: Bool { kind != .rawPattern && !isUnwrapped }

    public init(kind: Kind, text: String, allowedColumns: [String] = []) {
        self.kind = kind
        self.text = text
        self.allowedColumns = allowedColumns
    }
}
