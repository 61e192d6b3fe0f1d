import GRDB

extension FullTextPattern {
    /// GRDB's pattern, or nil where GRDB's failable initializer gives nil (no
    /// token in the text). `rawPattern:` throws on invalid FTS5 syntax.
    public func grdbPattern() throws -> FTS5Pattern? {
        switch kind {
        case .matchingAnyTokenIn: return FTS5Pattern(matchingAnyTokenIn: text)
        case .matchingAllTokensIn: return FTS5Pattern(matchingAllTokensIn: text)
        case .matchingAllPrefixesIn: return FTS5Pattern(matchingAllPrefixesIn: text)
        case .matchingPhrase: return FTS5Pattern(matchingPhrase: text)
        case .matchingPrefixPhrase: return FTS5Pattern(matchingPrefixPhrase: text)
        case .rawPattern:
            do {
                return try FTS5Pattern(rawPattern: text, allowedColumns: allowedColumns)
            } catch let error as DatabaseError {
                throw ArborError("invalid FTS5 pattern: \(error.message ?? "syntax error")")
            }
        }
    }
}

extension Lowering {
    /// `matching(_:)` with the pattern GRDB builds: GRDB aliases the request and
    /// filters on `alias MATCH pattern`, or gives `none()` for a nil pattern.
    func matching<R: DerivableRequest<Row>>(_ pattern: FullTextPattern, on request: R) throws -> R {
        request.matching(try pattern.grdbPattern())
    }
}
