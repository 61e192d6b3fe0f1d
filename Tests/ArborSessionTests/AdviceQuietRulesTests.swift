import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import XCTest

/// `:advise --quiet RULE` (issue 21, item 2): a rule kept quiet for one database is
/// left out of its advice, remembered beside its history for the next sessions, and
/// named at the end of the advice so that `--unquiet` can bring it back.
final class AdviceQuietRulesTests: XCTestCase {
    private func output(_ session: Session, _ statement: String) -> String {
        switch session.run(statement).first {
        case .commandOutput(let text)?: return text
        case .failure(let errors, _)?: return "error: " + errors.map(\.message).joined(separator: "; ")
        default: return ""
        }
    }

    func testAQuietRuleIsRememberedBesideTheHistory() throws {
        let path = try MusicStoreFixture.make()
        let state = try TemporaryItems.folder("state").path
        let environment = ["XDG_STATE_HOME": state]
        let url = try XCTUnwrap(DatabaseStateFiles.quietAdviceURL(environment: environment, database: path))
        XCTAssertEqual(
            url.path,
            try XCTUnwrap(DatabaseStateFiles.historyURL(environment: environment, database: path)).path
                + ".quiet-advice")
        let session = try Session(path: path)
        session.quietAdviceURL = url
        XCTAssertTrue(output(session, ":advise").contains("11 table names"))

        XCTAssertEqual(
            output(session, ":advise --quiet tableName"),
            "`tableName` (table name) is quiet for this database; `:advise --unquiet tableName` shows it again")
        // A new session on the same database reads it back.
        let next = try Session(path: path)
        next.quietAdviceURL = url
        XCTAssertEqual(Set(try next.advice().map(\.rule)), [.unindexedForeignKey, .nullableForeignKey])
        let text = output(next, ":advise")
        XCTAssertFalse(text.contains("table name"), text)
        XCTAssertTrue(
            text.hasSuffix("quiet for this database: tableName (`:advise --unquiet tableName` shows it again)"), text)
        // Quiet everything: no advice, and the quiet rules still named.
        XCTAssertFalse(output(next, ":advise --quiet nullable-foreign-key").hasPrefix("error"))
        XCTAssertFalse(output(next, ":advise --quiet unindexedForeignKey").hasPrefix("error"))
        XCTAssertTrue(output(next, ":advise").hasPrefix(AdviceText.none))
        XCTAssertEqual(
            String(decoding: try Data(contentsOf: url), as: UTF8.self),
            "unindexedForeignKey\nnullableForeignKey\ntableName\n")

        XCTAssertEqual(
            output(next, ":advise --unquiet tableName"), "`tableName` (table name) is shown again for this database")
        XCTAssertTrue(output(next, ":advise").contains("11 table names"))
    }

    func testAnUnknownRuleOrOptionIsAnError() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        session.quietAdviceURL = try TemporaryItems.folder("state").appendingPathComponent("q")
        guard case .failure(let errors, _)? = session.run(":advise --quiet names").first else {
            return XCTFail("no error")
        }
        XCTAssertEqual(errors.first?.message, "no advice rule named `names`")
        XCTAssertTrue(errors.first?.suggestion?.contains("tableName, viewPrimaryKey") ?? false)
        XCTAssertEqual(output(session, ":advise --quiet"), "error: name the rule after `--quiet`")
        XCTAssertEqual(output(session, ":advise --mute tableName"), "error: unknown option `--mute` of `:advise`")
        // Another database keeps its own rules.
        let other = try Session(path: try FilmRentalFixture.make())
        XCTAssertNotEqual(
            DatabaseStateFiles.quietAdviceURL(environment: ["HOME": "/h"], database: other.path),
            DatabaseStateFiles.quietAdviceURL(environment: ["HOME": "/h"], database: session.path))
    }
}
