import ArborCore
import ArborLanguage
import ArborTestSupport
import XCTest

/// Pasted declarations stay as many as the members they declare, however often
/// they are pasted again, so that a long session's memory stays steady.
final class ProgramPasteResolutionTests: XCTestCase {
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

    func testRedeclaringOneAssociationKeepsOneDeclaration() throws {
        let harness = try LanguageHarness.demo()
        let before = harness.program.units.count
        for i in 0..<500 {
            let results = harness.results(
                "extension Book { static let writer\(i % 3) = belongsTo(Author.self, using: ForeignKey([\"authorId\"])) }"
            )
            guard case .success(nil)? = results.first else { return XCTFail("\(results)") }
        }
        XCTAssertLessThanOrEqual(harness.program.units.count, before + 3)
        XCTAssertNoThrow(
            try harness.sql("Book.including(required: Book.writer2).limit(1)"), "the declaration still works")
    }
}
