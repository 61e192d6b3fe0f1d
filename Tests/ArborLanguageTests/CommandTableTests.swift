import ArborCore
import XCTest

@testable import ArborLanguage

/// The `:commands` come from one table: completion, help and did-you-mean all
/// read it, so `:watch` and `:copy` are completed and suggested like the others.
final class CommandTableTests: XCTestCase {
    let environment = Environment(schema: SchemaGraph(tables: []))

    func completions(_ text: String) -> [String] {
        Completer.complete(text, cursor: text.utf8.count, environment: environment).candidates.map(\.text)
    }

    func testEveryCommandIsCompleted() {
        XCTAssertEqual(completions(":wa"), ["watch"])
        XCTAssertEqual(completions(":cop"), ["copy"])
        XCTAssertEqual(completions(":tra"), ["trace"])
        XCTAssertEqual(Set(completions(":")), Set(CommandTable.entries.map(\.name)))
    }

    func testShortFormsNameTheirCommand() {
        XCTAssertEqual(CommandTable.named("q")?.kind, .quit)
        XCTAssertEqual(CommandTable.named("?")?.kind, .help)
        XCTAssertNil(CommandTable.named("wacth"))
        XCTAssertEqual(CommandTable.didYouMean("wacth", terminal: true), "did you mean `watch`?")
        XCTAssertEqual(CommandTable.didYouMean("shcema", terminal: false), "did you mean `schema`?")
    }

    func testSplittingACommandLine() {
        XCTAssertEqual(CommandTable.split("  :schema  Book ").map { [$0.name, $0.argument] }, ["schema", "Book"])
        XCTAssertEqual(CommandTable.split(":watch").map { [$0.name, $0.argument] }, ["watch", ""])
        XCTAssertNil(CommandTable.split("Book.all()"))
    }

    func testHelpListsEachCommandOfItsFrontEnd() {
        let terminal = CommandTable.helpLines(terminal: true)
        let lineMode = CommandTable.helpLines(terminal: false)
        for entry in CommandTable.entries {
            XCTAssertTrue(terminal.contains { $0.hasPrefix("  " + entry.usage + " ") && $0.hasSuffix(entry.summary) })
            XCTAssertEqual(
                lineMode.contains { $0.hasPrefix("  " + entry.usage + " ") }, entry.frontEnds == .both, entry.name)
        }
    }
}
