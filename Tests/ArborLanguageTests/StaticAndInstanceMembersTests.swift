import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

/// A type's static member and an instance member of the same name are two members, as in
/// Swift (`static let instance = belongsTo(…)` beside `var instance: QueryInterfaceRequest<…>`,
/// as a social app's identity record declares them): loading says nothing of them, and each
/// is found where Swift finds it (the static in a static context or through the type, the
/// instance member through a value or in its methods). Compared with the same Swift compiled
/// against GRDB here.
final class StaticAndInstanceMembersTests: XCTestCase {
    static let schema = """
        CREATE TABLE instance(uri TEXT PRIMARY KEY NOT NULL, title TEXT);
        CREATE TABLE identity(id TEXT PRIMARY KEY NOT NULL, instanceURI TEXT REFERENCES instance(uri));
        CREATE TABLE account(id TEXT PRIMARY KEY NOT NULL, identityId TEXT REFERENCES identity(id));
        """

    static let appCode = """
        import GRDB
        struct Instance: Codable, FetchableRecord, TableRecord {
            var uri: String
            var title: String?
        }
        struct Account: Codable, FetchableRecord, TableRecord {
            var id: String
            var identityId: String?
        }
        struct Identity: Codable, FetchableRecord, PersistableRecord {
            var id: String
            var instanceURI: String?
        }
        extension Identity {
            static let instance = belongsTo(Instance.self)
            static let account = hasOne(Account.self)
            var instance: QueryInterfaceRequest<Instance> { request(for: Self.instance) }
            var account: QueryInterfaceRequest<Account> { request(for: Self.account) }
        }
        struct Paging {
            static let instance = Paging(limit: 5)
            var limit: Int
            var instance: Int { limit * 2 }
            func page() -> QueryInterfaceRequest<Instance> { Instance.limit(instance) }
            static func standardPage() -> QueryInterfaceRequest<Instance> { Instance.limit(instance.limit) }
        }
        """

    private func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.appCode, name: "Model.swift").map(\.error.message), [])
        return harness
    }

    func testNeitherIsDeclaredAgain() throws {
        let harness = try harness()
        XCTAssertEqual(harness.resolution.diagnostics.map(\.error.message), [])
    }

    func testEachIsFoundWhereSwiftFindsIt() throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql("Identity.including(required: Identity.instance)"),
            try harness.grdbSQL(Identity.including(required: Identity.instance)))
        XCTAssertEqual(
            try harness.sql(#"Identity(id: "a", instanceURI: "https://x").instance"#),
            try harness.grdbSQL(Identity(id: "a", instanceURI: "https://x").instance))
        XCTAssertEqual(
            try harness.sql(#"Identity(id: "a", instanceURI: nil).account"#),
            try harness.grdbSQL(Identity(id: "a", instanceURI: nil).account))
        // A plain struct: its instance member in its method, its static in a static one.
        XCTAssertEqual(try harness.sql("Paging(limit: 3).page()"), try harness.grdbSQL(Paging(limit: 3).page()))
        XCTAssertEqual(try harness.sql("Paging.standardPage()"), try harness.grdbSQL(Paging.standardPage()))
        XCTAssertEqual(try harness.sql("Paging.instance.page()"), try harness.grdbSQL(Paging.instance.page()))
    }

    func testAMemberOfOneLevelDeclaredTwiceIsStillSaid() throws {
        let harness = try harness()
        let notes = harness.load(
            """
            extension Paging {
                var instance: Int { 1 }
                static let instance = Paging(limit: 1)
            }
            """, name: "Again.swift")
        XCTAssertEqual(
            notes.map(\.error.message),
            [
                "`Paging.instance` is declared again: this declaration replaces the one at Model.swift:23:9",
                "`Paging.instance` is declared again: this declaration replaces the one at Model.swift:21:16",
            ])
    }
}

// The same app code, compiled against GRDB.
private struct Instance: Codable, FetchableRecord, TableRecord {
    var uri: String
    var title: String?
}

private struct Account: Codable, FetchableRecord, TableRecord {
    var id: String
    var identityId: String?
}

private struct Identity: Codable, FetchableRecord, PersistableRecord {
    var id: String
    var instanceURI: String?
}

extension Identity {
    static let instance = belongsTo(Instance.self)
    static let account = hasOne(Account.self)
    var instance: QueryInterfaceRequest<Instance> { request(for: Self.instance) }
    var account: QueryInterfaceRequest<Account> { request(for: Self.account) }
}

private struct Paging {
    static let instance = Paging(limit: 5)
    var limit: Int
    var instance: Int { limit * 2 }
    func page() -> QueryInterfaceRequest<Instance> { Instance.limit(instance) }
    static func standardPage() -> QueryInterfaceRequest<Instance> { Instance.limit(instance.limit) }
}
