import ArborCore
import ArborTestSupport
import GRDB
import XCTest

private struct Book: TableRecord {
    static let databaseTableName = "book"
}
extension DerivableRequest<Book> {
    fileprivate func withID(_ ids: [Int64]) -> Self {
        if let id = ids.first as? Int64 {
            return filter(key: id)
        }
        return self
    }
    fileprivate func withIDs(_ ids: [Int64]) -> Self {
        guard !ids.isEmpty else { return none() }
        return ids.count == 1 ? filter(key: ids[0]) : filter(keys: ids)
    }
    fileprivate func matching(authorId: Int64) -> Self {
        filter(Column("authorId") == authorId)
    }
    fileprivate func matching(authorId: [Int64]) -> Self {
        filter(authorId.contains(Column("authorId")))
    }
}

/// What request methods' bodies do with their arguments in real apps: casts
/// (`ids.first as? Int64`), an array's `first`, `isEmpty`, `count`, and overloads
/// that differ by the type of an argument.
final class BodyCastAndArrayResolutionTests: XCTestCase {
    static let code = """
        extension DerivableRequest<Book> {
            func withID(_ ids: [Int64]) -> Self {
                if let id = ids.first as? Int64 {
                    return filter(key: id)
                }
                return self
            }
            func withIDs(_ ids: [Int64]) -> Self {
                guard !ids.isEmpty else { return none() }
                return ids.count == 1 ? filter(key: ids.first as! Int64) : filter(keys: ids)
            }
            func matching(authorId: [Int64]) -> Self {
                filter(authorId.contains(Column("authorId")))
            }
            func matching(authorId: Int64) -> Self {
                filter(Column("authorId") == authorId)
            }
        }
        """

    func testCastsAndArrayMembersInABody() throws {
        let harness = try LanguageHarness.demo()
        XCTAssertNoThrow(try harness.run(Self.code))
        let cases: [(String, QueryInterfaceRequest<Book>)] = [
            ("Book.all().withID([3])", Book.all().withID([3])),
            ("Book.all().withID([])", Book.all().withID([])),
            ("Book.all().withIDs([])", Book.all().withIDs([])),
            ("Book.all().withIDs([7])", Book.all().withIDs([7])),
            ("Book.all().withIDs([1, 2])", Book.all().withIDs([1, 2])),
            // Overloads with the same labels, told apart by the argument's type.
            ("Book.all().matching(authorId: 3)", Book.all().matching(authorId: 3)),
            ("Book.all().matching(authorId: [3, 4])", Book.all().matching(authorId: [3, 4])),
        ]
        for (text, request) in cases {
            // Both with their arguments inlined: the values are compared too.
            XCTAssertEqual(try harness.sql(text), try harness.grdbSQL(request), text)
        }
        XCTAssertEqual(try harness.sql("Book.all().withIDs([7])"), #"SELECT * FROM "book" WHERE "id" = 7"#)
    }
}
