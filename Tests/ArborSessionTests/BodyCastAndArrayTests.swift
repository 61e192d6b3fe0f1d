import ArborCore
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborSession

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
final class BodyCastAndArrayTests: XCTestCase {
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
        let session = try ParityChecking.session()
        for outcome in session.run(Self.code) {
            if case .failure(let errors, _) = outcome { return XCTFail("\(errors)") }
        }
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
            let result = try session.requestResult(text, fetch: false)
            let grdb = try session.database.read { db in
                try request.makePreparedRequest(db, forSingleResult: false).statement.sql
            }
            XCTAssertEqual(
                result.mainSQL.replacingOccurrences(of: #"\b\d+\b"#, with: "?", options: .regularExpression),
                grdb.replacingOccurrences(of: #"\b\d+\b"#, with: "?", options: .regularExpression), text)
        }
        guard case .rows(let one)? = session.run("Book.all().withIDs([7])", fetch: false).last else { return XCTFail() }
        XCTAssertEqual(one.mainSQL, #"SELECT * FROM "book" WHERE "id" = 7"#)
    }
}
