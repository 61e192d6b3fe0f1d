import ArborTestSupport
import Dispatch
import GRDB
import XCTest

@testable import ArborCore

/// GRDB reads a record type's `databaseTableName` when it makes the SQL, not when
/// the request is built: `RecordOfTable` must name its table whenever, and on
/// whichever thread, GRDB reads it.
final class RecordOfTableTests: XCTestCase {
    func testTypeLevelNumbersSpellTheirValue() {
        for n in [0, 1, 2, 3, 7, 8, 255, 256, 1_000_003] {
            XCTAssertEqual(typeLevelNumber(n).value, n)
        }
    }

    func testTableNumbersAreStable() {
        let numbers = TableNumbers()
        let a = numbers.number("a")
        let b = numbers.number("b")
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(numbers.number("a"), a)
        XCTAssertEqual(numbers.name(a), "a")
        XCTAssertEqual(numbers.name(b), "b")
        XCTAssertEqual(numbers.name(99), "", "an unknown number names no table")
    }

    /// Requests for records of many tables, built first and turned into SQL later,
    /// concurrently: each reads its own table's foreign key.
    func testSQLMadeLaterAndElsewhereUsesTheRecordsTable() throws {
        let count = 20
        var sql = "CREATE TABLE target (id INTEGER PRIMARY KEY);\n"
        for i in 0..<count {
            // Each origin table has its key in a column of its own name.
            sql += "CREATE TABLE origin\(i) (id INTEGER PRIMARY KEY, ref\(i) INTEGER REFERENCES target(id));\n"
        }
        let database = try DatabaseQueue()
        try database.write { try $0.execute(sql: sql) }
        let validator = Validator(schema: try database.read(SchemaGraph.load), range: nil)
        let requests = try (0..<count).map { i in
            let association = AssociationPlan(
                base: .direct(kind: .belongsTo, origin: "origin\(i)", destination: "target", key: nil, foreignKey: nil),
                displayName: "Origin\(i).target")
            let record = RecordValue(
                table: "origin\(i)", values: ["id": .integer(1), "ref\(i)": .integer(Int64(100 + i))],
                source: .memberwise(labels: ["id", "ref\(i)"]))
            return try Lowering().request(validator.validate(RequestPlan(root: .associated(record, association))))
        }
        let statements = UnsafeStatements(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            let index = count - 1 - i
            statements.set(
                index, (try? database.read { db in try requests[index].makePreparedRequest(db).statement.sql }) ?? "")
        }
        for i in 0..<count {
            XCTAssertEqual(statements.get(i), #"SELECT * FROM "target" WHERE "id" = ?"#)
        }
        let arguments = try database.read { db in
            try requests.map { try $0.makePreparedRequest(db).statement.arguments }
        }
        XCTAssertEqual(arguments, (0..<count).map { [100 + $0] })
    }
}

/// Results written from concurrent iterations.
private final class UnsafeStatements: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String]
    init(count: Int) { values = Array(repeating: "", count: count) }
    func set(_ i: Int, _ value: String) {
        lock.lock()
        values[i] = value
        lock.unlock()
    }
    func get(_ i: Int) -> String {
        lock.lock()
        defer { lock.unlock() }
        return values[i]
    }
}
