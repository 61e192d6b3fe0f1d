import GRDB

extension FullTextPattern {
    /// GRDB's pattern, or nil where GRDB's failable initializer gives nil (no
    /// token in the text). `rawPattern:` throws GRDB's error on invalid FTS5 syntax.
    public func grdbPattern() throws -> FTS5Pattern? {
        switch kind {
        case .matchingAnyTokenIn: return FTS5Pattern(matchingAnyTokenIn: text)
        case .matchingAllTokensIn: return FTS5Pattern(matchingAllTokensIn: text)
        case .matchingAllPrefixesIn: return FTS5Pattern(matchingAllPrefixesIn: text)
        case .matchingPhrase: return FTS5Pattern(matchingPhrase: text)
        case .matchingPrefixPhrase: return FTS5Pattern(matchingPrefixPhrase: text)
        case .rawPattern:
            return try Self.grdbError { try FTS5Pattern(rawPattern: text, allowedColumns: allowedColumns) }
        }
    }

    /// GRDB's `FTS3Pattern`, nil where its failable initializer gives nil; `rawPattern:`
    /// throws GRDB's error on invalid FTS3 syntax.
    public func grdbFTS3Pattern() throws -> FTS3Pattern? {
        switch kind {
        case .matchingAnyTokenIn: return FTS3Pattern(matchingAnyTokenIn: text)
        case .matchingAllTokensIn: return FTS3Pattern(matchingAllTokensIn: text)
        case .matchingAllPrefixesIn: return FTS3Pattern(matchingAllPrefixesIn: text)
        case .matchingPhrase: return FTS3Pattern(matchingPhrase: text)
        case .matchingPrefixPhrase:
            throw ArborError("`FTS3Pattern` has no initializer `init(matchingPrefixPhrase:)`")
        case .rawPattern:
            return try Self.grdbError { try FTS3Pattern(rawPattern: text) }
        }
    }

    /// The pattern's text as GRDB binds it (`pattern.databaseValue`), nil for a nil pattern.
    public func rawPattern() throws -> String? {
        switch syntax {
        case .fts5: try grdbPattern()?.rawPattern
        case .fts3: try grdbFTS3Pattern()?.rawPattern
        }
    }

    /// GRDB's message for an invalid pattern, as its `DatabaseError` says it.
    private static func grdbError<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw ArborError(error.message ?? "invalid full-text pattern")
        }
    }
}

extension Lowering {
    /// `matching(_:)` with the pattern GRDB builds: GRDB aliases the request and
    /// filters on `alias MATCH pattern`, or gives `none()` for a nil pattern.
    func matching<R: DerivableRequest<Row>>(_ pattern: FullTextPattern, on request: R) throws -> R {
        switch pattern.syntax {
        case .fts5: request.matching(try pattern.grdbPattern())
        case .fts3: request.matching(try pattern.grdbFTS3Pattern())
        }
    }

    /// `Column("body").match(pattern)`: FTS5's takes a pattern, FTS3's an optional one
    /// (nil gives `body MATCH NULL`).
    func match(column name: String, _ pattern: FullTextPattern) throws -> SQLExpression {
        switch pattern.syntax {
        case .fts3:
            return Column(name).match(try pattern.grdbFTS3Pattern())
        case .fts5:
            guard let grdbPattern = try pattern.grdbPattern() else {
                throw ArborError(
                    "the FTS5 pattern is nil (its text has no token): `match(_:)` needs one; `matching(_:)` takes a nil pattern and gives no rows"
                )
            }
            return Column(name).match(grdbPattern)
        }
    }
}
