/// One piece of schema advice (`:advise`, `arbor DB --advise`): what is wrong with
/// the open schema, why the GRDB guides say it matters, and the fix as GRDB
/// migration code and/or declarations to paste into the session (or the app).
public struct Advice: Hashable, Sendable {
    /// The rules, in the order of what they cost the app: wrong data first, then
    /// scans, then what stops the app, then what only makes its code longer.
    public enum Rule: String, CaseIterable, Sendable {
        case foreignKeyViolation = "rows that violate a foreign key"
        case keyWithoutForeignKey = "key column without a foreign key"
        case unindexedForeignKey = "foreign key without an index"
        case severalForeignKeys = "several foreign keys to one table"
        case nullableForeignKey = "foreign key that allows NULL"
        case missingPrimaryKey = "table without a primary key"
        case tableName = "table name"
        case viewPrimaryKey = "view without a primary key"

        /// The name `:advise --quiet` takes (`tableName`).
        public var name: String { String(describing: self) }

        /// The rule `name` names, case and separators aside (`tablename`, `table-name`).
        public init?(name: String) {
            let folded = name.lowercased().filter { $0 != "-" && $0 != "_" }
            guard let rule = Self.allCases.first(where: { $0.name.lowercased() == folded }) else { return nil }
            self = rule
        }

        /// Lower is costlier: the order of `allCases`.
        var cost: Int { Self.allCases.firstIndex(of: self) ?? Self.allCases.count }

        /// Advice that matters to how the app names things, not to its data or speed:
        /// shown after the rest, and folded into one item on the whole schema.
        public var isDemoted: Bool { self == .tableName || self == .viewPrimaryKey }
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
    /// True when `migration` is nil because the table's one migration, given with an
    /// earlier piece of advice on the same table, makes this fix too.
    public var isInSharedMigration = false
    /// The fix as steps, before `AdviceMerging` makes one migration per table of them.
    var fix: AdviceFix?

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

    init(rule: Rule, table: String, what: String, why: GuideQuote, fix: AdviceFix?, declaration: String? = nil) {
        self.init(rule: rule, table: table, what: what, why: why, declaration: declaration)
        self.fix = fix
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
