import ArborLanguage
import XCTest

@testable import ArborSession

/// The declarations a session keeps to replay after a schema change stay as
/// many as the members they declare, however often they are pasted again.
final class DeclarationLogTests: XCTestCase {
    func declarations(_ text: String) throws -> [TypeDeclaration] {
        let parsed = Parser.parse(text)
        XCTAssertEqual(parsed.errors, [])
        guard case .declarations(let declarations)? = parsed.statements.first else {
            XCTFail("\(parsed.statements)")
            return []
        }
        return declarations
    }

    func testAMemberDeclaredAgainReplacesTheEarlierOne() throws {
        var log = DeclarationLog()
        for _ in 0..<1_000 {
            log.append(try declarations("extension Book { static let writer = belongsTo(Author.self) }"))
            log.append(try declarations("extension Book { }"))
        }
        log.append(try declarations("extension Author { static let works = hasMany(Book.self); static let n = 1 }"))
        log.append(try declarations("extension Author { static let n = 2 }"))
        log.append(try declarations("struct Outer { struct Inner { static let a = 1; static let b = 2 } }"))
        log.append(try declarations("extension Outer { struct Inner { static let a = 3 } }"))
        XCTAssertEqual(
            log.declarations.map(\.name), ["Book", "Book", "Author", "Author", "Outer", "Outer"],
            "`writer` once and the empty `Book` once; `works` kept apart from `n`")
        let members = log.declarations.map { declaration in
            declaration.members.map { member -> String in
                switch member {
                case .staticLet(let name, _, _, _): name
                case .nested(let nested):
                    nested.name + ":"
                        + nested.members.map { if case .staticLet(let n, _, _, _) = $0 { n } else { "?" } }.joined()
                }
            }
        }
        XCTAssertEqual(members, [["writer"], [], ["works"], ["n"], ["Inner:b"], ["Inner:a"]])
    }

    func testASessionRedeclaringOneAssociationKeepsOneDeclaration() throws {
        let session = try Session(path: nil)
        let before = session.declarationLog.declarations.count
        for i in 0..<500 {
            let outcomes = session.run(
                "extension Book { static let writer\(i % 3) = belongsTo(Author.self, using: ForeignKey([\"authorId\"])) }"
            )
            guard case .silent? = outcomes.first else { return XCTFail("\(outcomes)") }
        }
        XCTAssertLessThanOrEqual(session.declarationLog.declarations.count, before + 3)
        let outcome = session.run("Book.including(required: Book.writer2).limit(1)").first
        guard case .rows? = outcome else {
            return XCTFail("the declaration still works: \(String(describing: outcome))")
        }
    }
}
