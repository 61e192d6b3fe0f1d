import ArborCore
import ArborLanguage
import ArborSession
import ArborTestSupport
import XCTest

/// `record?.anything` where `let record = try Book.fetchOne(db, id: 999)` found no row: the
/// compiler refuses a member `Book` does not have whatever the value, so arbor does too
/// (optional chaining on the absent record gave nil for any name); `record?.title` is nil.
final class AbsentRecordUnknownMemberTests: XCTestCase {
    static let appCode = """
        extension Book {
            var label: String { title }

            static func misspelledTitle(_ db: Database, _ id: Int64) throws -> String? {
                let record = try Book.fetchOne(db, id: id)
                return record?.titel
            }
        }
        """

    private func absentBook() throws -> Session {
        let session = try DemoSession.make()
        let outcomes = session.run("let record = try Book.fetchOne(db, id: 999)")
        guard case .silent? = outcomes.last else {
            XCTFail("the binding gave \(outcomes)")
            return session
        }
        return session
    }

    func testAMemberBookDoesNotHaveIsTheCompilersError() throws {
        let session = try absentBook()
        let errors = try session.failure("record?.anything")
        XCTAssertEqual(errors.map(\.message), ["value of type 'Book' has no member 'anything'"])
        XCTAssertEqual(errors.first?.range, SourceRange(8, 16))
        XCTAssertNil(errors.first?.suggestion)
        let misspelled = try session.failure("record?.titel")
        XCTAssertEqual(misspelled.map(\.message), ["value of type 'Book' has no member 'titel'"])
        XCTAssertEqual(misspelled.first?.range, SourceRange(8, 13))
        XCTAssertEqual(misspelled.first?.suggestion, "did you mean `title`?")
    }

    func testAColumnOrAComputedPropertyIsNil() throws {
        let session = try absentBook()
        XCTAssertEqual(
            session.load(source: Self.appCode, name: "Book+Label.swift").diagnostics.map(\.error.message), [])
        for text in ["record?.title", "record?.id", "record?.label", "record?.title ?? \"none\""] {
            let described: String? =
                switch session.run(text).last {
                case .computed(let description, _)?, .description(let description)?: description
                default: nil
                }
            XCTAssertEqual(described, text.hasSuffix("\"none\"") ? "\"none\"" : "nil", text)
        }
    }

    func testInTheAppsCodeTheErrorNamesTheMember() throws {
        let session = try DemoSession.make()
        XCTAssertEqual(
            session.load(source: Self.appCode, name: "Book+Label.swift").diagnostics.map(\.error.message), [])
        let line = try XCTUnwrap(Self.appCode.split(separator: "\n").first { $0.contains("record?.titel") })
        let column = try XCTUnwrap(line.range(of: "titel")).lowerBound.utf16Offset(in: line) + 1
        let errors = try session.failure("try Book.misspelledTitle(db, 999)")
        XCTAssertEqual(
            errors.map(\.message),
            [
                "value of type 'Book' has no member 'titel' (in `misspelledTitle(_:_:)` at Book+Label.swift:6:\(column))"
            ])
    }
}
