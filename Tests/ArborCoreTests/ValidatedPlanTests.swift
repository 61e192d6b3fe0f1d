import ArborCore
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// `Lowering` takes a `ValidatedPlan` and nothing else, and only the `Validator` makes
/// one: every GRDB trap rule runs on every plan before GRDB sees it.
final class ValidatedPlanTests: XCTestCase {
    /// Each trap of the table, through the only path to GRDB: validating gives no plan
    /// to lower (the rule's message instead), and the plan next to it lowers and runs.
    func testEveryTrapRuleGuardsTheOnlyPathToLowering() throws {
        let database = try TrapSchema.database()
        let validator = Validator(schema: try TrapSchema.graph(of: database), range: nil)
        for row in TrapTable.rows {
            let label = "\(row.trap) \(row.what)"
            do {
                let validated = try validator.validate(row.plan)
                XCTFail("\(label): a plan GRDB traps on reached lowering: \(validated.plan)")
            } catch let error as ArborError {
                XCTAssertEqual(error.message, row.message, label)
            }
            let neighbour = try validator.validate(row.neighbour)
            XCTAssertEqual(neighbour.plan, row.neighbour, label)
            let request = try Lowering().fetchRequest(neighbour)
            _ = try database.read { db in try Row.fetchAll(db, request) }
        }
    }

    /// The path is the only one: no file of the sources makes a `ValidatedPlan` but the
    /// validator (and the plan's own derivations), its initializer is not public, and
    /// every public method of `Lowering` takes a validated plan.
    func testNothingButTheValidatorMakesAPlanLoweringTakes() throws {
        let sources = LanguageHarness.repository.appendingPathComponent("Sources")
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: sources.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 100, sources.path)
        var makers: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            if text.contains("ValidatedPlan(checked:") { makers.append(file) }
            guard file.hasPrefix("ArborCore/Lowering/") else { continue }
            for line in text.split(separator: "\n") where line.contains("public func") {
                XCTAssertFalse(line.contains("RequestPlan"), "\(file): a way to GRDB without validation: \(line)")
            }
        }
        XCTAssertEqual(
            makers.sorted(), ["ArborCore/Validation/ValidatedPlan.swift", "ArborCore/Validation/Validator.swift"])
        let declaration = try String(
            contentsOf: sources.appendingPathComponent("ArborCore/Validation/ValidatedPlan.swift"), encoding: .utf8)
        XCTAssertTrue(declaration.contains("\n    init(checked plan: RequestPlan)"), "the initializer is internal")
        XCTAssertFalse(declaration.contains("public init"))
    }

    /// A window or a page of a validated plan stays validated: no rule reads a limit, so
    /// each neighbour limited passes the validator too, and GRDB writes the limit.
    func testALimitedPlanIsTheValidatedPlanWithItsLimit() throws {
        let database = try TrapSchema.database()
        let validator = Validator(schema: try TrapSchema.graph(of: database), range: nil)
        for row in TrapTable.rows {
            let limited = try validator.validate(row.neighbour).limited(3, offset: 2)
            XCTAssertEqual(limited, try validator.validate(row.neighbour.appending(.limit(3, offset: 2))), row.trap)
            let sql = try database.read { db in
                try Lowering().request(limited).makePreparedRequest(db, forSingleResult: false).statement.sql
            }
            XCTAssertTrue(sql.hasSuffix("LIMIT 3 OFFSET 2"), "\(row.trap): \(sql)")
        }
    }

    /// Raw SQL is validated as written (SQLite checks it): its validated plan is fetched,
    /// never refined or nested as a query interface request.
    func testRawSQLIsFetchedAsWritten() throws {
        let database = try TrapSchema.database()
        let validator = Validator(schema: try TrapSchema.graph(of: database), range: nil)
        var plan = RequestPlan(table: "author")
        plan.rawSQL = SQLFragment(
            sql: "SELECT name FROM author WHERE id = ?", arguments: SQLArguments(positional: [.integer(1)]))
        let validated = try validator.validate(plan)
        XCTAssertThrowsError(try Lowering().request(validated))
        let sql = try database.read { db in
            try Lowering().fetchRequest(validated).makePreparedRequest(db, forSingleResult: false).statement.sql
        }
        XCTAssertEqual(sql, "SELECT name FROM author WHERE id = ?")
    }
}
