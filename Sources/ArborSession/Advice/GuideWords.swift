/// The words of GRDB's guides that each piece of advice cites, quoted as the guides
/// write them (GRDB 7.10: "Good Practices for Designing Record Types" and
/// "Associations Basics").
enum GuideWords {
    static let goodPractices = "Good Practices for Designing Record Types"
    static let associations = "GRDB Associations"

    static let trustSQLite = "Trust SQLite More Than Yourself"

    static let index = GuideQuote(
        guide: goodPractices, section: trustSQLite,
        words: "The `book.authorId` column is indexed in order to ease the selection of an author's books.")

    static let notNull = GuideQuote(
        guide: goodPractices, section: trustSQLite,
        words: "The `book.authorId` column is not null so that SQLite guarantees that all books have an author.")

    static let foreignKey = GuideQuote(
        guide: goodPractices, section: trustSQLite,
        words:
            "We define a foreign key from `book.authorId` column to `authors.id`, so that SQLite guarantees that no book can refer to a missing author."
    )

    static let consistentData = GuideQuote(
        guide: goodPractices, section: trustSQLite,
        words:
            "Thanks to this database schema, you can be confident that no matter how wrong our application goes, it will always process *consistent data*."
    )

    static let primaryKey = GuideQuote(
        guide: goodPractices, section: trustSQLite, words: "Each author has a unique id.")

    static let tableNames = GuideQuote(
        guide: associations, section: "Convention for Database Table Names",
        words: "Database table names should be written in English, singular, and camelCased.")

    static let severalForeignKeys = GuideQuote(
        guide: associations, section: "Foreign Keys",
        words:
            "Sometimes the database schema does not define any foreign key. And sometimes, there are *several* foreign keys from a table to another. […] Your help is needed. You have to instruct GRDB which foreign key to use"
    )
}
