import ArborCore
import ArborLanguage
import ArborTestSupport
import XCTest

@testable import ArborSession

/// Pasted declarations stay as many as the members they declare, however often
/// they are pasted again, so that a long session's memory stays steady.
final class ProgramPasteTests: XCTestCase {
    func unit(_ text: String) throws -> SourceUnit {
        let parsed = Parser.parse(text)
        XCTAssertEqual(parsed.errors, [])
        guard case .declarations(let declarations)? = parsed.statements.first else {
            XCTFail("\(parsed.statements)")
            return SourceUnit(name: "<input>", text: text, declarations: [])
        }
        return SourceUnit(name: "<input>", text: text, declarations: declarations)
    }

    func testAMemberPastedAgainReplacesTheEarlierOne() throws {
        var program = Program()
        for _ in 0..<1_000 {
            program.paste(try unit("extension Book { static let writer = belongsTo(Author.self) }"))
            program.paste(try unit("extension Book { }"))
        }
        program.paste(try unit("extension Author { static let works = hasMany(Book.self); static let n = 1 }"))
        program.paste(try unit("extension Author { static let n = 2 }"))
        program.paste(try unit("struct Outer { struct Inner { static let a = 1; static let b = 2 } }"))
        program.paste(try unit("extension Outer { struct Inner { static let a = 3 } }"))
        let members = program.units.flatMap(\.declarations).map { declaration in
            declaration.name + ":"
                + declaration.members.map { member -> String in
                    if case .nested(let nested) = member {
                        return nested.name + "(" + nested.members.map(\.name).joined(separator: ",") + ")"
                    }
                    return member.name
                }.joined(separator: ",")
        }
        XCTAssertEqual(
            members, ["Book:writer", "Book:", "Author:works", "Author:n", "Outer:Inner(b)", "Outer:Inner(a)"],
            "`writer` once and the empty `Book` once; `works` kept apart from `n`")
    }

    func testASessionRedeclaringOneAssociationKeepsOneDeclaration() throws {
        let session = try Session(path: nil)
        let before = session.program.units.count
        for i in 0..<500 {
            let outcomes = session.run(
                "extension Book { static let writer\(i % 3) = belongsTo(Author.self, using: ForeignKey([\"authorId\"])) }"
            )
            guard case .silent? = outcomes.first else { return XCTFail("\(outcomes)") }
        }
        XCTAssertLessThanOrEqual(session.program.units.count, before + 3)
        let outcome = session.run("Book.including(required: Book.writer2).limit(1)").first
        guard case .rows? = outcome else {
            return XCTFail("the declaration still works: \(String(describing: outcome))")
        }
    }

    /// A model file pasted whole at the prompt: `import`, protocols and free functions
    /// are skipped as when the file is loaded, and its declarations work.
    func testAWholeFilePastedAtThePromptRuns() throws {
        let session = try Session(path: nil)
        let outcomes = session.run(
            """
            import Foundation
            @preconcurrency import GRDB

            public protocol Named {
                var name: String { get }
            }

            func normalized(_ text: String) -> String { text.lowercased() }

            extension Book {
                static let translatorAgain = belongsTo(Author.self, key: "translatorAgain", using: ForeignKey(["translatorId"]))
            }
            """)
        for outcome in outcomes {
            if case .failure(let errors, _) = outcome { XCTFail("\(errors)") }
        }
        guard
            case .rows(let result)? = session.run("Book.including(required: Book.translatorAgain).filter(key: 35)").last
        else { return XCTFail("the pasted association") }
        XCTAssertEqual(result.rows.first?.children.first?.key, "translatorAgain")
        XCTAssertEqual(Parser.parse("import GRDB").errors, [])
    }
}
