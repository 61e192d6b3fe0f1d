import XCTest

@testable import ArborMigrations

/// Code is parsed for migrators only when it says `DatabaseMigrator()`: the byte search
/// that decides it finds the word wherever it is, and only the whole word.
final class MigratorMentionTests: XCTestCase {
    func testTheWordIsFoundWhereverItIs() {
        let word = "DatabaseMigrator()"
        for text in [
            word, "var m = \(word)\n", "é漢字 😀 \(word)", String(repeating: "x", count: 5_000) + word,
            "DatabaseMigrator(" + word,
        ] {
            XCTAssertTrue(MigrationProgram.mentions(word, in: text), text.prefix(40).debugDescription)
        }
        for text in ["", "DatabaseMigrator(", "DatabaseMigrator ()", "databaseMigrator()", "Migrator()"] {
            XCTAssertFalse(MigrationProgram.mentions(word, in: text), text.debugDescription)
        }
        XCTAssertTrue(MigrationProgram.mentions("", in: "anything"))
    }
}
