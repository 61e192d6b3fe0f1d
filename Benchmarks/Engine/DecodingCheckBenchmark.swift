import ArborSession
import Foundation
import GRDB

// The app's own types for the benchmark library, compiled: what GRDB's decoder costs the app.
private struct AuthorRow: Decodable, FetchableRecord, TableRecord {
    static let databaseTableName = "author"
    var id: Int64
    var name: String
    var birthYear: Int64?
    var countryCode: String?
}
private struct BookRow: Decodable, FetchableRecord, TableRecord {
    static let databaseTableName = "book"
    static let author = belongsTo(AuthorRow.self, key: "author")
    var id: Int64
    var authorId: Int64
    var title: String
    var year: Int64?
    var price: Double?
    var isbn: String?
}
private struct CompiledBookInfo: Decodable, FetchableRecord {
    var book: BookRow
    var author: AuthorRow
}

/// Issue 12: the decoding check of 10,000 rows (each decoded with GRDB's own
/// decoder into the app's type) against the plain fetch of the same request.
extension EngineBenchmarks {
    static func decodingCheck() throws {
        let path = try BenchmarkData.library(authors: 1_000, books: 10_000, prizes: 30_000)
        let session = try Session(path: path)
        _ = session.run(
            """
            struct BookInfo: Decodable, FetchableRecord {
                var book: Book
                var author: Author
            }
            struct AuthorInfo: Decodable, FetchableRecord {
                var author: Author
                var books: [Book]
            }
            struct Edition: Decodable, FetchableRecord {
                var id: Int64
                var authorId: UInt32
                var year: Int16?
                var price: Float?
            }
            """)
        func run(_ statement: String, rows expected: Int) throws -> Double {
            try Measure.seconds(repeat: 5) {
                guard case .rows(let result)? = session.run(statement).last, result.rows.count == expected else {
                    throw NSError(domain: "decoding check: \(statement)", code: 1)
                }
            }
        }
        let plain = try run("Book.including(required: Book.author)", rows: 10_000)
        let checked = try run("try BookInfo.fetchAll(db, Book.including(required: Book.author))", rows: 10_000)
        Measure.report(
            "decoding check, 10,000 books with their author", Measure.ms(checked), reference: Measure.ms(plain),
            ratio: checked / plain, goal: "≤ 1.5×")
        // The app's own `fetchAll` of the same types, compiled: GRDB's decoder alone.
        let compiled = try Measure.seconds(repeat: 5) {
            let count = try session.database.read { db in
                try CompiledBookInfo.fetchAll(db, BookRow.including(required: BookRow.author)).count
            }
            guard count == 10_000 else { throw NSError(domain: "decoding check: compiled", code: 1) }
        }
        Measure.report(
            "  the app's compiled fetchAll of the same types", Measure.ms(compiled), reference: Measure.ms(checked),
            ratio: compiled / checked)
        // Integers that must fit a narrower type: their signature keeps whether they do.
        let plainBooks = try run("Book.all()", rows: 10_000)
        let checkedNarrow = try run("try Edition.fetchAll(db, Book.all())", rows: 10_000)
        Measure.report(
            "decoding check, 10,000 books with narrow integers", Measure.ms(checkedNarrow),
            reference: Measure.ms(plainBooks), ratio: checkedNarrow / plainBooks, goal: "≤ 1.5×")
        let plainPrefetch = try run("Author.including(all: Author.books)", rows: 1_000)
        let checkedPrefetch = try run("try AuthorInfo.fetchAll(db, Author.including(all: Author.books))", rows: 1_000)
        Measure.report(
            "decoding check, 1,000 authors with their 10,000 books", Measure.ms(checkedPrefetch),
            reference: Measure.ms(plainPrefetch), ratio: checkedPrefetch / plainPrefetch, goal: "≤ 1.5×")
    }
}
