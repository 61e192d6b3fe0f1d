import ArborTestSupport
import Foundation
import XCTest

/// GRDB's own association SQL tests as the oracle: every `assertEqualSQL(db, request, "…")`
/// of GRDB's `Association*SQLTests.swift` and `AssociationAggregateTests.swift`, and every
/// list of prefetch statements after `Row.fetchAll(db, request)`, run through arbor on the
/// test's schema, data and declarations. An assertion in a loop or a helper counts once per
/// run. The count of matches may only grow.
final class GRDBAssociationSQLParityTests: XCTestCase {
    /// Raise it when arbor matches more; never lower it.
    static let floor = 3_201

    static let fileNames = [
        "AssociationAggregateTests.swift",
        "AssociationBelongsToSQLDerivationTests.swift",
        "AssociationBelongsToSQLTests.swift",
        "AssociationChainSQLTests.swift",
        "AssociationHasManySQLTests.swift",
        "AssociationHasManyThroughSQLTests.swift",
        "AssociationHasOneSQLDerivationTests.swift",
        "AssociationHasOneSQLTests.swift",
        "AssociationHasOneThroughSQLDerivationTests.swift",
        "AssociationHasOneThroughSQLTests.swift",
        "AssociationParallelSQLTests.swift",
        "AssociationPrefetchingSQLTests.swift",
        "AssociationTableAliasTestsSQLTests.swift",
    ]

    /// GRDB's tests in the package's checkout, which `swift build` makes in a fresh clone.
    static func grdbTestsDirectory() -> URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/checkouts/GRDB.swift/Tests/GRDBTests")
    }

    func testArborGivesGRDBsSQLForGRDBsOwnAssociationTests() throws {
        let directory = Self.grdbTestsDirectory()
        let run = try GRDBParityRun()
        for name in Self.fileNames {
            let url = directory.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                return XCTFail("GRDB's test file \(url.path) is missing: run `swift build` to check GRDB out")
            }
            run.run(GRDBTestFile(name: name, source: String(decoding: data, as: UTF8.self)))
        }
        let assertions = run.assertions
        let matched = assertions.filter(\.matched).count
        let instanceRequests = assertions.filter { !$0.matched && $0.isInstanceRequest }.count
        print(
            "GRDB association SQL parity: \(Self.grouped(matched)) of \(Self.grouped(assertions.count)) assertions"
                + " (\(instanceRequests) not matched are requests of a record value)")
        // As written in GRDB's files: a site matches when every run of it does.
        let sites = Dictionary(grouping: assertions) { "\($0.file):\($0.site)" }
        print(
            "  written in GRDB's files: \(Self.grouped(sites.values.filter { $0.allSatisfy(\.matched) }.count)) of \(Self.grouped(sites.count))"
        )
        for name in Self.fileNames {
            let inFile = assertions.filter { $0.file == name }
            print("  \(name): \(inFile.filter(\.matched).count) of \(inFile.count)")
        }
        if let reportPath = ProcessInfo.processInfo.environment["ARBOR_PARITY_REPORT"] {
            try
                (Self.report(assertions.filter { !$0.matched }) + "\n# Refused bindings\n"
                + run.refusedBindings.joined(separator: "\n")).write(
                    toFile: reportPath, atomically: true, encoding: .utf8)
        }
        XCTAssertGreaterThan(assertions.count, 1_000, "GRDB's test files were read")
        XCTAssertGreaterThanOrEqual(matched, Self.floor, "arbor matches fewer of GRDB's assertions than before")
    }

    /// `3096` as `3,096`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        return digits.enumerated().map { index, digit in
            (index > 0 && (digits.count - index) % 3 == 0 ? "," : "") + String(digit)
        }.joined()
    }

    /// Each assertion arbor does not match: where, the request, GRDB's SQL and arbor's.
    static func report(_ assertions: [GRDBParityRun.Assertion]) -> String {
        assertions.map { assertion in
            """
            ## \(assertion.file) \(assertion.test)\(assertion.isInstanceRequest ? " [record value]" : "")
            \(assertion.expression)
            GRDB:  \(assertion.expected ?? "?")
            arbor: \(assertion.actual)

            """
        }.joined(separator: "\n")
    }
}
