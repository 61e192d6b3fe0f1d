/// One piece of schema advice (`:advise`, `arbor DB --advise`): what is wrong with
/// the open schema, why the GRDB guides say it matters, and the fix as GRDB
/// migration code and/or declarations to paste into the session (or the app).
public struct Advice: Hashable, Sendable {
    public enum Rule: String, CaseIterable, Sendable {
        case unindexedForeignKey = "foreign key without an index"
        case nullableForeignKey = "foreign key that allows NULL"
        case keyWithoutForeignKey = "key column without a foreign key"
        case severalForeignKeys = "several foreign keys to one table"
        case tableName = "table name"
        case missingPrimaryKey = "no primary key"
        case foreignKeyViolation = "rows that violate a foreign key"
    }

    public var rule: Rule
    /// The table or view the advice is about.
    public var table: String
    /// What is wrong, in one sentence (names already escaped for the terminal).
    public var what: String
    public var why: GuideQuote
    /// A `migrator.registerMigration` call that fixes the schema, when a migration can.
    public var migration: String?
    /// Declarations to paste (in arbor, and in the app) that make GRDB work with the schema as it is.
    public var declaration: String?
    /// Swift for the app's own setup, when neither of the others applies (a view's primary key).
    public var appCode: String?

    public init(
        rule: Rule, table: String, what: String, why: GuideQuote, migration: String? = nil,
        declaration: String? = nil, appCode: String? = nil
    ) {
        self.rule = rule
        self.table = table
        self.what = what
        self.why = why
        self.migration = migration
        self.declaration = declaration
        self.appCode = appCode
    }
}

/// Words of a GRDB guide, with the guide and section they come from.
public struct GuideQuote: Hashable, Sendable {
    public var guide: String
    public var section: String
    public var words: String

    public init(guide: String, section: String, words: String) {
        self.guide = guide
        self.section = section
        self.words = words
    }

    public var citation: String { "\(guide), \"\(section)\"" }
}
