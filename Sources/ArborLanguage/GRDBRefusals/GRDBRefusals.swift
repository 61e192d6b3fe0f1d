/// The reasons arbor refuses GRDB's declarations that no registry entry serves, as data:
/// the first rule whose pattern matches gives the reason. Overrides of single
/// declarations come first, then the names arbor already refuses when they are called
/// (`Evaluator.writeMethods`, `UnsupportedGRDB`), then patterns by type, name and file.
/// A declaration no rule matches is "not yet".
enum GRDBRefusals {
    static let rules: [GRDBRefusalRule] = overrides + derived + patterns

    /// The reason for a declaration no registry entry serves, declared in `files` (one key
    /// may be declared in several: a protocol's requirement and its default).
    static func refusal(key: String, kind: String, files: [String]) -> GRDBRefusal {
        rule(key: key, kind: kind, files: files)?.refusal ?? otherwise
    }

    /// The first rule that matches, if one.
    static func rule(key: String, kind: String, files: [String]) -> GRDBRefusalRule? {
        ruleIndex(key: key, kind: kind, files: files).map { rules[$0] }
    }

    /// The index in `rules` of the first rule that matches, if one.
    static func ruleIndex(key: String, kind: String, files: [String]) -> Int? {
        rules.firstIndex { rule in files.contains { rule.pattern.matches(key: key, kind: kind, file: $0) } }
    }

    static let otherwise = GRDBRefusal(.notYet, "no entry in arbor's registry")

    /// Single declarations whose reason no pattern gives.
    static let overrides: [GRDBRefusalRule] = [
        rule(.noMeaning, "a pointer to SQLite's FTS5 C API", symbols: ["FTS5.api(_:)"]),
        rule(
            .noMeaning, "fetches from a prepared `Statement`, which arbor's requests never are",
            symbols: Set(
                ["FetchableRecord", "DatabaseValueConvertible", "Row"].flatMap { type in
                    ["fetchAll", "fetchCursor", "fetchOne", "fetchSet"].map { "\(type).\($0)(_:arguments:adapter:)" }
                })),
        rule(
            .noMeaning, "`Hashable` and `Equatable` conformance of table aliases",
            symbols: ["TableAliasBase.hash(into:)", "TableAliasBase.==(_:_:)"]),
        rule(.noMeaning, "the text of the error GRDB throws", symbols: ["RecordError.description"]),
        rule(.notYet, "tokenizing a string as an FTS3 table would", symbols: ["FTS3.tokenize(_:withTokenizer:)"]),
        rule(
            .noMeaning, "the error GRDB throws when a record is missing",
            symbols: ["RecordError.recordNotFound(databaseTableName:key:)"]),
    ]

    /// The names arbor refuses by name when they are called, so that the document and the
    /// messages agree: the same lists, not copies.
    static var derived: [GRDBRefusalRule] {
        [rule(.write, "arbor runs requests and never writes through them", names: Evaluator.writeMethods.sorted())]
            + UnsupportedGRDB.methods.sorted { $0.key < $1.key }.map { name, what in
                rule(.notYet, Self.what(what), names: [name])
            }
            + UnsupportedGRDB.functions.sorted { $0.key < $1.key }.map { type, what in
                rule(.notYet, Self.what(what), types: [type])
            }
    }

    /// "`adapted` (row adapters)" without the advice after its `|`.
    static func what(_ text: String) -> String {
        String(text.prefix { $0 != "|" })
    }

    static let patterns: [GRDBRefusalRule] = [
        // Writes beyond the method names.
        rule(
            .write, "a column assignment, for `updateAll`", types: ["ColumnExpression"],
            files: ["QueryInterface/Request/QueryInterfaceRequest.swift"]),
        rule(.write, "how an upsert updates", types: ["UpsertUpdateStrategy"]),
        rule(.write, "what an insertion or a save returns", types: ["InsertionSuccess", "PersistenceSuccess"]),
        // Observation.
        rule(.observation, "the database region a request observes", names: ["databaseRegion"]),
        // Database setup: schema definitions, full-text tables and tokenizers.
        rule(.setup, "schema definition, as in migrations", files: ["QueryInterface/Schema/"]),
        rule(
            .setup, "a full-text table's definition",
            types: [
                "FTS3", "FTS4", "FTS5", "FTS3TableDefinition", "FTS4TableDefinition", "FTS5TableDefinition",
                "FTS4ColumnDefinition", "FTS5ColumnDefinition",
            ]),
        rule(
            .setup, "a full-text tokenizer",
            types: [
                "FTS3TokenizerDescriptor", "FTS5TokenizerDescriptor", "FTS5Tokenizer", "FTS5CustomTokenizer",
                "FTS5WrapperTokenizer", "FTS5TokenFlags", "FTS5Tokenization",
            ]),
        rule(
            .setup, "full-text tokenizers and synchronization triggers", types: ["Database"],
            names: ["add", "makeTokenizer", "dropFTS4SynchronizationTriggers", "dropFTS5SynchronizationTriggers"]),
        // What record types declare or implement, which GRDB calls.
        rule(
            .hook, "a persistence callback", types: ["MutablePersistableRecord", "PersistableRecord", "Record"],
            names: ["will*", "did*", "around*"]),
        rule(
            .hook, "how a record type resolves conflicts", names: ["persistenceConflictPolicy"]),
        rule(.hook, "how a record type resolves conflicts", types: ["PersistenceConflictPolicy"]),
        rule(.hook, "what a record encodes into", types: ["PersistenceContainer"]),
        rule(.hook, "a record's encoding, for persistence", types: ["EncodableRecord"]),
        rule(
            .hook, "a Codable strategy a record type declares",
            types: [
                "DatabaseColumnEncodingStrategy", "DatabaseDataEncodingStrategy", "DatabaseDateEncodingStrategy",
                "DatabaseUUIDEncodingStrategy", "DatabaseColumnDecodingStrategy", "DatabaseDataDecodingStrategy",
                "DatabaseDateDecodingStrategy",
            ]),
        rule(.hook, "how a record type decodes rows", types: ["FetchableRecord"], names: ["database*"]),
        rule(.hook, "the initializer a record type implements", symbols: ["FetchableRecord.init(row:)"]),
        rule(.hook, "the decoder GRDB uses for Decodable records", types: ["FetchableRecordDecoder"]),
        rule(.hook, "the members a subclass of `Record` overrides", types: ["Record"]),
        rule(
            .hook, "declared by a record type (arbor reads it from loaded code)", types: ["TableRecord"],
            names: ["databaseTableName", "databaseSelection", "databaseComponents"]),
        rule(.noMeaning, "builds the error app code throws", names: ["recordNotFound"]),
        // GRDB's own plumbing, applied when the value is used.
        rule(
            .noMeaning, "a prepared statement, for GRDB's own fetching",
            names: ["makePreparedRequest"]),
        rule(.noMeaning, "a prepared statement, for GRDB's own fetching", types: ["PreparedRequest"]),
        // `SQL`'s and expressions' `sqlSelection` and `sqlOrdering` are accepted (GRDBAPI+SQLLiterals).
        rule(
            .noMeaning, "the conversion GRDB applies when the value is used",
            types: [
                "AllColumns", "AllColumnsExcluding", "SQLOrdering", "SQLOrderingTerm", "SQLSelectable", "SQLSelection",
            ],
            names: ["sqlSelection", "sqlOrdering"], kinds: ["swift.property"]),
        rule(
            .noMeaning, "the conversion GRDB applies when the value is used", names: ["sqlSubquery"],
            kinds: ["swift.property"]),
        rule(
            .noMeaning, "the conversion GRDB applies when the pattern is an argument",
            types: ["FTS3Pattern", "FTS5Pattern"], names: ["databaseValue", "fromDatabaseValue"]),
        rule(
            .noMeaning, "string literal plumbing the compiler calls",
            names: [
                "init(unicodeScalarLiteral:)", "init(extendedGraphemeClusterLiteral:)",
                "init(literalCapacity:interpolationCount:)", "appendLiteral",
            ]),
    ]

    static func rule(
        _ category: GRDBRefusal.Category, _ detail: String, symbols: Set<String> = [], types: Set<String> = [],
        names: [String] = [], kinds: Set<String> = [], files: [String] = []
    ) -> GRDBRefusalRule {
        GRDBRefusalRule(
            pattern: GRDBSymbolPattern(symbols: symbols, types: types, names: names, kinds: kinds, files: files),
            refusal: GRDBRefusal(category, detail))
    }
}
