import ArborCore
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborSession

final class SessionTests: XCTestCase {
    func rows(_ text: String, in session: Session) throws -> RequestResult {
        let outcomes = session.run(text)
        guard case .rows(let result)? = outcomes.last else {
            XCTFail("\(text): \(outcomes)")
            throw ArborError("no rows")
        }
        return result
    }

    func json(_ result: RequestResult) -> String {
        var writer = JSONWriter()
        for row in result.rows {
            writer.write(row)
            writer.append("\n")
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// JSON checked against rows written by hand in a small database.
    func testJSONOfNestedIncludes() throws {
        let path = try TemporaryDatabase.make(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT, price REAL, cover BLOB);
            INSERT INTO author VALUES (1, 'Ada'), (2, 'Zoë "Z" \\ ''q''');
            INSERT INTO book VALUES (10, 1, 'One', 1.5, x'0102'), (11, 1, 'Two', NULL, NULL), (12, NULL, 'Orphan', 3, NULL);
            """)
        let session = try Session(path: path)
        XCTAssertEqual(
            json(try rows("Author.including(all: Author.books)", in: session)),
            """
            {"id":1,"name":"Ada","books":[{"id":10,"authorId":1,"title":"One","price":1.5,"cover":"AQI="},{"id":11,"authorId":1,"title":"Two","price":null,"cover":null}]}
            {"id":2,"name":"Zoë \\"Z\\" \\\\ 'q'","books":[]}

            """)
        XCTAssertEqual(
            json(try rows("Book.including(optional: Book.author).filter(Column(\"price\") != nil)", in: session)),
            """
            {"id":10,"authorId":1,"title":"One","price":1.5,"cover":"AQI=","author":{"id":1,"name":"Ada"}}
            {"id":12,"authorId":null,"title":"Orphan","price":3.0,"cover":null,"author":null}

            """)
        let result = try rows("Author.including(all: Author.books)", in: session)
        XCTAssertEqual(result.statements.count, 2, "main statement and one prefetch")
        let joined = try rows("Book.including(optional: Book.author)", in: session)
        XCTAssertEqual(joined.statements.map(\.sql), [joined.mainSQL], "rows read from the statement are traced too")
        XCTAssertEqual(
            result.statements.last?.sql,
            "SELECT *, \"authorId\" AS \"grdb_authorId\" FROM \"book\" WHERE \"authorId\" IN (1, 2)")
    }

    func testErrorsAreLocated() throws {
        let session = try Session(path: nil)
        let cases: [(String, String, String)] = [
            ("Book.filter(Column(\"titl\") == 1)", "no column `titl`", "\"titl\""),
            ("Autor.all()", "unknown record type `Autor`", "Autor"),
            ("Author.including(all: Author.bookz)", "no association `bookz`", "bookz"),
            ("Book.including(all: Book.author)", "needs a to-many association", "Book.author"),
            ("Book.filter(", "", ""),
        ]
        for (text, message, underlined) in cases {
            let outcomes = session.run(text)
            guard case .failure(let errors, _)? = outcomes.first, let error = errors.first else {
                XCTFail("\(text) should fail: \(outcomes)")
                continue
            }
            if !message.isEmpty { XCTAssertTrue(error.message.contains(message), "\(text): \(error.message)") }
            XCTAssertNotNil(error.range, text)
            if !underlined.isEmpty, let range = error.range {
                let bytes = Array(text.utf8)[range.lowerBound..<range.upperBound]
                XCTAssertEqual(String(decoding: bytes, as: UTF8.self), underlined, text)
            }
        }
    }

    func testSuggestions() throws {
        let session = try Session(path: nil)
        guard case .failure(let errors, _)? = session.run("Author.including(all: Author.bokks)").first else {
            return XCTFail("should fail")
        }
        XCTAssertEqual(errors.first?.suggestion, "did you mean `books`?")
    }

    func testTrapsAreRejectedBeforeGRDB() throws {
        let session = try Session(path: nil)
        let traps = [
            // T1: required behind optional.
            "Book.including(optional: Book.author.including(required: Author.country))",
            // T8: distinct association joined.
            "Book.including(required: Book.author.distinct())",
            // T9: two foreign keys from book to author.
            "Book.including(required: Book.belongsTo(Author.self))",
            // T10: no foreign key.
            "Country.including(all: Country.hasMany(Table(\"tag\")))",
            // T15: SQL selection with a join.
            "Book.select(sql: \"id, title\").including(required: Book.author)",
            // T17: reversed SQL ordering.
            "Book.order(sql: \"title\").reversed()",
            // T18: scalar key on composite primary key.
            "Table(\"bookTag\").filter(key: 1)",
            // T19: no unique key.
            "Book.filter(key: [\"title\": \"x\"])",
            // T20: prefetch without the parent key.
            "Author.select(Column(\"name\")).including(all: Author.books)",
            // T23: placeholder count.
            "Book.filter(sql: \"id = ?\")",
            // T5: unattached alias.
            "Book.filter(TableAlias()[Column(\"title\")] == \"x\")",
            // T7: one key for two tables.
            "Book.including(required: Book.author.forKey(\"x\")).including(required: Book.library.forKey(\"x\"))",
            // Wrong origin.
            "Book.including(all: Author.books)",
            // An outer alias inside a prefetch.
            "let a = TableAlias()\nAuthor.aliased(a).including(all: Author.books.filter(Column(\"year\") > a[Column(\"birthYear\")]))",
            // T6: a direct and an indirect association under one key.
            "Book.including(all: Book.tags).including(all: Book.bookTags)",
        ]
        for text in traps {
            guard case .failure(let errors, _)? = session.run(text).last else {
                XCTFail("\(text) should be rejected")
                continue
            }
            XCTAssertFalse(errors.isEmpty, text)
        }
    }

    func testLetBindingsAndDeclarations() throws {
        let session = try Session(path: nil)
        XCTAssertEqual(session.run("let recent = Book.filter(Column(\"year\") > 2000)").count, 1)
        let result = try rows("recent.limit(3)", in: session)
        XCTAssertLessThanOrEqual(result.rows.count, 3)
        let outcomes = session.run(
            """
            extension Book {
                static let translatorForeignKey2 = ForeignKey(["translatorId"])
                static let translator2 = belongsTo(Person.self, using: translatorForeignKey2)
            }
            """)
        guard case .silent? = outcomes.first else { return XCTFail("\(outcomes)") }
        let translated = try rows("Book.including(required: Book.translator2).limit(2)", in: session)
        // Declared associations keep GRDB's default key: the destination table.
        XCTAssertEqual(translated.rows.first?.children.first?.key, "author")
    }

    /// A loaded file's declaration that is not Swift is a located error; the
    /// declarations that parse are still read.
    func testALoadedFileReportsADeclarationThatDoesNotParse() throws {
        let session = try Session(path: nil)
        let path = try TemporaryItems.folder("load").appendingPathComponent("Broken.swift").path
        let text =
            "extension Book {\n    static let broken =\n}\nextension Author {\n    static let novels2 = books\n}\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard case .failure(let errors, _) = try session.load(file: path) else {
            return XCTFail("a broken declaration was accepted")
        }
        XCTAssertEqual(errors.map(\.message), ["\(path):3:1: expected a value after `=` in `static let broken`"])
        _ = try rows("Author.including(all: Author.novels2).limit(1)", in: session)
    }
}
