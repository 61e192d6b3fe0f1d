import ArborCore
import ArborTestSupport
import XCTest

@testable import ArborSession

/// Completion after a generic type's call: `Table<Book>("book").` is a `Table<Book>`, whose
/// members are those of `Table("book").` and the forms that need rows of a record type
/// (`selectID`, `filter(id:)`), as the compiler offers them. The receiver starts at the
/// type's name, before its `<…>`.
final class GenericReceiverCompletionTests: XCTestCase {
    func completions(_ session: Session, _ text: String) throws -> [String] {
        let outcomes = session.run(":complete " + text)
        guard outcomes.count == 1, case .commandOutput(let output) = outcomes[0] else {
            XCTFail("`:complete \(text)` printed no list: \(outcomes)")
            return []
        }
        return output.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
    }

    func testATypedTableIsOfferedWhatATableOfRowsIsAndTheRecordTypesForms() throws {
        let session = try DemoSession.make()
        let rows = try completions(session, #"Table("book")."#)
        let typed = try completions(session, #"Table<Book>("book")."#)
        XCTAssertFalse(rows.isEmpty)
        // The same list, with `selectID`, GRDB's `where RowDecoder: Identifiable`, in its place.
        XCTAssertEqual(typed.filter { $0 != "selectID" }, rows)
        XCTAssertEqual(typed.filter { !rows.contains($0) }, ["selectID"])
        // A record type's statics are no `Table` value's, typed or not.
        XCTAssertFalse(typed.contains("find"))
        XCTAssertEqual(try completions(session, #"Table<Book>("book").fil"#), ["filter"])
    }

    func testARequestOfATypedTableIsOfferedWhatARecordTypesRequestIs() throws {
        let session = try DemoSession.make()
        let typed = try completions(session, #"Table<Book>("book").filter(id: 1)."#)
        XCTAssertEqual(typed, try completions(session, "Book.all()."))
        XCTAssertTrue(typed.contains("selectID"))
        XCTAssertFalse(try completions(session, #"Table("book").all()."#).contains("selectID"))
        // Inside the generic type's arguments: the table names, as after `Table("`.
        XCTAssertEqual(try completions(session, #"Table<Book>("boo"#), try completions(session, #"Table("boo"#))
        XCTAssertTrue(try completions(session, #"Table<Book>("boo"#).contains("book"))
    }

    /// `CommonTableExpression<Book>(…)` is a receiver too, and its `all()` decodes `Book`.
    func testATypedCommonTableExpressionIsAReceiver() throws {
        let session = try DemoSession.make()
        let cte = #"CommonTableExpression<Book>(named: "b", request: Book.all())"#
        XCTAssertEqual(try completions(session, cte + "."), ["all", "contains"])
        XCTAssertEqual(try completions(session, cte + ".all().sel"), ["select", "selectID", "selectPrimaryKey"])
        XCTAssertEqual(
            try completions(session, #"CommonTableExpression(named: "b", request: Book.all()).all().sel"#),
            ["select", "selectPrimaryKey"])
    }

    /// `a < b > (1)` is two comparisons, not a generic call: the receiver is `(1)`.
    func testAComparisonIsNoGenericCall() throws {
        let session = try DemoSession.make()
        let afterValue = try completions(session, "(1).")
        XCTAssertFalse(afterValue.isEmpty)
        XCTAssertEqual(try completions(session, #"Book.filter(Column("year") < Column("id") > (1)."#), afterValue)
        XCTAssertEqual(try completions(session, #"Book.filter(Column("year")<Column("id")>(1)."#), afterValue)
    }
}
