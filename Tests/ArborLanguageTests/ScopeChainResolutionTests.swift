import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

/// Names looked up as Swift looks them up: the locals of the blocks around (innermost
/// first, a block's names ending with it), then the enclosing type's members and nested
/// types, then the module's types; `var`s reassigned inside bodies. Each request is
/// compared with the same Swift compiled against GRDB here.
final class ScopeChainResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER, title TEXT, kind TEXT, year INTEGER);
        """

    static let appCode = """
        enum Kind: String { case novel = "top-level novel", essay }
        struct Book: TableRecord {
            enum Kind: String { case novel, poetry = "poems" }
            static let year = Column("year")
            static func ofKind(_ kind: Kind) -> QueryInterfaceRequest<Book> {
                Book.filter(Column("kind") == kind.rawValue)
            }
            static func recent() -> QueryInterfaceRequest<Book> {
                // The static member `year`, not a global.
                Book.filter(year > 2000)
            }
        }
        extension DerivableRequest<Book> {
            func matching(title: String?, authorId: Int64?) -> Self {
                var request = self
                if let title { request = request.filter(Column("title") == title) }
                if let authorId {
                    request = request.filter(Column("authorId") == authorId)
                } else {
                    request = request.filter(Column("authorId") == nil)
                }
                return request
            }
        }
        extension QueryInterfaceRequest<Book> {
            func shadowed() -> Self {
                let count = 2
                if count > 1 {
                    // This `count` ends with its block.
                    let count = 5
                    _ = count
                }
                return limit(count)
            }
            func counted(_ n: Int) -> Self {
                var total = 0
                var step = n
                total += step
                step = 10
                total = total + step
                guard total > 0 else { return none() }
                return limit(total)
            }
        }
        extension DerivableRequest<Book> {
            func deferred(_ flag: Bool) -> Self {
                let column: Column
                if flag { column = Column("title") } else { column = Column("year") }
                return order(column)
            }
            func mapped(_ ids: [Int64]) -> Self {
                // A closure's parameter shadows the method's.
                let ids = ids.map { ids in ids + 1 }
                return filter(ids.contains(Column("id")))
            }
        }
        """

    func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.appCode).filter { $0.severity == .error }.map(\.error.message), [])
        return harness
    }

    func testANestedTypeShadowsATopLevelOneOfTheSameName() throws {
        let harness = try harness()
        XCTAssertEqual(try harness.sql("Book.ofKind(.poetry)"), try harness.grdbSQL(Book.ofKind(.poetry)))
        XCTAssertEqual(try harness.sql("Book.ofKind(.novel)"), try harness.grdbSQL(Book.ofKind(.novel)))
        // `.essay` is a case of the top-level `Kind` only: the compiler refuses it here.
        XCTAssertEqual(harness.error("Book.ofKind(.essay)")?.message, "`Kind` has no case `essay`")
    }

    func testAStaticMemberOfTheEnclosingType() throws {
        let harness = try harness()
        XCTAssertEqual(try harness.sql("Book.recent()"), try harness.grdbSQL(Book.recent()))
    }

    func testAVarReassignedInBranches() throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql(#"Book.all().matching(title: "Dune", authorId: 3)"#),
            try harness.grdbSQL(Book.all().matching(title: "Dune", authorId: 3)))
        XCTAssertEqual(
            try harness.sql("Book.all().matching(title: nil, authorId: nil)"),
            try harness.grdbSQL(Book.all().matching(title: nil, authorId: nil)))
    }

    func testABlocksNamesEndWithIt() throws {
        let harness = try harness()
        XCTAssertEqual(try harness.sql("Book.all().shadowed()"), try harness.grdbSQL(Book.all().shadowed()))
    }

    func testCompoundAssignmentAndGuard() throws {
        let harness = try harness()
        XCTAssertEqual(try harness.sql("Book.all().counted(3)"), try harness.grdbSQL(Book.all().counted(3)))
    }

    func testALetAssignedOnceInEachBranch() throws {
        let harness = try harness()
        XCTAssertEqual(try harness.sql("Book.all().deferred(true)"), try harness.grdbSQL(Book.all().deferred(true)))
        XCTAssertEqual(try harness.sql("Book.all().deferred(false)"), try harness.grdbSQL(Book.all().deferred(false)))
    }

    func testAClosureParameterShadowsTheMethodsParameter() throws {
        let harness = try harness()
        XCTAssertEqual(try harness.sql("Book.all().mapped([1, 2])"), try harness.grdbSQL(Book.all().mapped([1, 2])))
    }

    func testALetOfABodyIsNotAssignedAgain() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        _ = harness.load(
            """
            struct Book: TableRecord {}
            extension QueryInterfaceRequest<Book> {
                func twice() -> Self {
                    let request = self
                    request = request.limit(1)
                    return request
                }
                func unknown() -> Self {
                    nowhere = 1
                    return self
                }
            }
            """)
        let error = try XCTUnwrap(harness.error("Book.all().twice()"))
        XCTAssertTrue(
            error.message.hasPrefix("cannot assign to value: 'request' is a 'let' constant"), error.message)
        XCTAssertTrue(
            try XCTUnwrap(harness.error("Book.all().unknown()")).message.hasPrefix("cannot find 'nowhere' in scope"))
    }

    /// The compiler's own words for what arbor refuses above (`ARBOR_COMPILE_GRDB=1`).
    func testTheCompilerRefusesTheSameBodies() throws {
        try XCTSkipUnless(GRDBCompilation.isEnabled, "set ARBOR_COMPILE_GRDB=1 to compile against GRDB")
        let assignment = """
            import GRDB
            struct Book: TableRecord {}
            extension QueryInterfaceRequest<Book> {
                func twice() -> Self {
                    let request = self
                    request = request.limit(1)
                    return request
                }
            }
            """
        XCTAssertThrowsError(try GRDBCompilation.build(["Refused": ["main.swift": assignment]])) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("cannot assign to value: 'request' is a 'let' constant"), text)
        }
        // Built apart: the compiler reports the overflow once the file type-checks otherwise.
        let overflow = """
            func ranked(_ rank: Int8) -> Int8 { rank }
            _ = ranked(300)
            """
        XCTAssertThrowsError(try GRDBCompilation.build(["Overflow": ["main.swift": overflow]])) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("integer literal '300' overflows when stored into 'Int8'"), text)
        }
    }
}

// The same app code, compiled against GRDB.
private enum Kind: String {
    case novel = "top-level novel"
    case essay
}

private struct Book: TableRecord {
    enum Kind: String {
        case novel
        case poetry = "poems"
    }
    static let year = Column("year")
    static func ofKind(_ kind: Kind) -> QueryInterfaceRequest<Book> {
        Book.filter(Column("kind") == kind.rawValue)
    }
    static func recent() -> QueryInterfaceRequest<Book> {
        Book.filter(year > 2000)
    }
}

extension DerivableRequest<Book> {
    fileprivate func matching(title: String?, authorId: Int64?) -> Self {
        var request = self
        if let title { request = request.filter(Column("title") == title) }
        if let authorId {
            request = request.filter(Column("authorId") == authorId)
        } else {
            request = request.filter(Column("authorId") == nil)
        }
        return request
    }
}

extension QueryInterfaceRequest<Book> {
    fileprivate func shadowed() -> Self {
        let count = 2
        if count > 1 {
            let count = 5
            _ = count
        }
        return limit(count)
    }
    fileprivate func counted(_ n: Int) -> Self {
        var total = 0
        var step = n
        total += step
        step = 10
        total = total + step
        guard total > 0 else { return none() }
        return limit(total)
    }
}

extension DerivableRequest<Book> {
    fileprivate func deferred(_ flag: Bool) -> Self {
        let column: Column
        if flag { column = Column("title") } else { column = Column("year") }
        return order(column)
    }
    fileprivate func mapped(_ ids: [Int64]) -> Self {
        let ids = ids.map { ids in ids + 1 }
        return filter(ids.contains(Column("id")))
    }
}
