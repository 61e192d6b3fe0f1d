// Prelude of arbor's demo database (Resources/library.sql): the GRDB
// declarations that the naming convention of docs/LANGUAGE.md §1.3 does not infer
// from the foreign keys, written as an app's source would have them.
//
// Everything else the GRDB guides use is inferred with the guides' own names
// (Book.author, Book.translator, Book.library, Book.coverImage, Book.prizes,
// Book.reviews, Author.country, Author.paintings, Country.demographics,
// Country.passports, Country.citizens, Citizen.countries, Passport.citizen,
// Passport.country, Library.address, Document.sections, Section.paragraphs,
// Employee.manager, PlayerRole.player, …). So this file compiles in an app
// together with those declarations. See docs/DEMO.md.

// The guides call the people who write and translate books both `Author` and
// `Person`. In the demo they are one table, `author`.
struct Person: TableRecord {
    static let databaseTableName = "author"
}

extension Book {
    // `book` has two foreign keys to `author` (authorId, translatorId).
    static let authorForeignKey = ForeignKey(["authorId"])
    static let translatorForeignKey = ForeignKey(["translatorId"])

    // HasOneThrough: the country of the author of a book.
    static let country = hasOne(Country.self, through: author, using: Author.country)

    // HasOneThrough: where to return a book.
    static let returnAddress = hasOne(Address.self, through: library, using: Library.address)
}

extension Author {
    // Two foreign keys from `book` to `author`: the convention only infers
    // `booksAsAuthor` and `booksAsTranslator`.
    static let books = hasMany(Book.self, using: Book.authorForeignKey)

    static let novels = books.filter(Column("kind") == "novel").forKey("novels")
}

extension Person {
    static let writtenBooks = hasMany(Book.self, using: Book.authorForeignKey)
    static let translatedBooks = hasMany(Book.self, using: Book.translatorForeignKey)
}

extension Employee {
    // The convention names the self-referencing HasMany `employees`.
    static let subordinates = hasMany(Employee.self, key: "subordinates")
}

extension Document {
    static let paragraphs = hasMany(Paragraph.self, through: sections, using: Section.paragraphs)
}

extension Team {
    // Players are ordered by the number printed on their shirt.
    static let playerRoles = hasMany(PlayerRole.self).order(Column("position"))
    static let players = hasMany(Player.self, through: playerRoles, using: PlayerRole.player)
}

// The guides' keys for the two tables whose names GRDB would inflect otherwise
// (`demographics` → `demographic`, `postal_address`), so that the demo follows
// the Good Practices guide and `:advise` has nothing to say about it.
extension Country {
    static let demographics = hasOne(Demographics.self, key: "demographics")
}

extension Author {
    static let postalAddress = belongsTo(PostalAddress.self, key: "postalAddress")
}
