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

    public init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }
}
