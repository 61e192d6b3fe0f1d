import ArborCore
import ArborTestSupport
import XCTest

@testable import ArborLanguage

/// Completion offers what the receiver can call: GRDB's members that need a record type
/// (`find`) or rows of an `Identifiable` record type (`selectID`, `filter(id:)`) are not
/// offered after `Table("book").`, whose rows are `Row`s, as the compiler would refuse them.
final class RequirementCompletionTests: XCTestCase {
    var environment = Environment(schema: SchemaGraph(tables: []))

    override func setUpWithError() throws {
        environment = try CompletionTests.makeEnvironment()
    }

    func candidates(_ text: String) -> [Completion] {
        Completer.complete(text, cursor: text.utf8.count, environment: environment).candidates
    }

    func texts(_ text: String) -> [String] { candidates(text).map(\.text) }

    func testARecordTypeIsOfferedWhatATableOfRowsIsNot() {
        XCTAssertEqual(texts("Book.fin"), ["find"])
        XCTAssertEqual(texts("Table(\"book\").fin"), [])
        XCTAssertTrue(texts("Book.sel").contains("selectID"))
        XCTAssertFalse(texts("Table(\"book\").sel").contains("selectID"))
        XCTAssertFalse(texts("Table(\"book\").all().sel").contains("selectID"))
        XCTAssertTrue(texts("Book.all().sel").contains("selectID"))
    }

    /// A name with several forms keeps those the receiver can call, and only those are shown.
    func testOnlyTheFormsTheReceiverCanCallAreShown() throws {
        let onRows = try XCTUnwrap(candidates("Table(\"book\").filte").first { $0.text == "filter" })
        let onRecords = try XCTUnwrap(candidates("Book.filte").first { $0.text == "filter" })
        XCTAssertFalse(onRows.detail?.contains("filter(id:)") ?? true, onRows.detail ?? "")
        XCTAssertTrue(onRecords.detail?.contains("filter(id:)") ?? false, onRecords.detail ?? "")
    }
}
