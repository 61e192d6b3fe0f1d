import ArborCore
import ArborTestSupport
import Foundation
import XCTest

/// GRDB stops the process on some requests (`fatalError`, `try!`, preconditions) and a
/// stopped process can not be caught: the `Validator` is the only defence. Each row of
/// `TrapTable` is a plan GRDB would stop on, refused with its message, and a plan next
/// to it that must pass, so that a rule can fail both ways.
final class ValidatorTrapTests: XCTestCase {
    /// Where the validator's errors are underlined: the statement's range.
    let range = SourceRange(3, 9)

    func testEveryTrapPlanIsRefusedWithItsMessage() throws {
        let schema = try TrapSchema.graph(of: TrapSchema.database())
        for row in TrapTable.rows {
            let label = "\(row.trap) \(row.what) (\(row.grdbLine))"
            do {
                try Validator(schema: schema, range: range).validate(row.plan)
                XCTFail("\(label): the validator lets GRDB trap")
            } catch let error as ArborError {
                XCTAssertEqual(error.message, row.message, label)
                XCTAssertEqual(error.range, range, label)
            }
        }
    }

    func testEveryNeighbourPasses() throws {
        let schema = try TrapSchema.graph(of: TrapSchema.database())
        for row in TrapTable.rows {
            XCTAssertNoThrow(
                try Validator(schema: schema, range: range).validate(row.neighbour),
                "\(row.trap) \(row.what): the valid plan next to it is refused")
        }
    }

    /// Every trap number the validator's sources cite (`T9-T13`, `T20/T21`) has a row.
    func testEveryTrapTheValidatorCitesHasARow() throws {
        let folder = Self.repository.appendingPathComponent("Sources/ArborCore/Validation")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        XCTAssertFalse(files.isEmpty, folder.path)
        var cited: Set<Int> = []
        let pattern = try NSRegularExpression(pattern: #"\bT(\d+)(?:-T(\d+))?"#)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let first = Range(match.range(at: 1), in: text).flatMap({ Int(text[$0]) }) else { continue }
                let last = Range(match.range(at: 2), in: text).flatMap { Int(text[$0]) } ?? first
                cited.formUnion(first...max(first, last))
            }
        }
        XCTAssertTrue(cited.isSuperset(of: [2, 9, 23]), "the scan finds the citations: \(cited.sorted())")
        let rows = Set(TrapTable.rows.compactMap { Int($0.trap.dropFirst()) })
        XCTAssertEqual(cited.subtracting(rows).sorted(), [], "cited in Sources/ArborCore/Validation without a row")
    }

    /// Each row's GRDB line is a line that stops the process, in the GRDB that is built.
    func testEveryRowNamesALineWhereGRDBStops() throws {
        let checkout = Self.repository.appendingPathComponent(".build/checkouts/GRDB.swift")
        guard FileManager.default.fileExists(atPath: checkout.path) else {
            throw XCTSkip("no GRDB checkout at \(checkout.path)")
        }
        let stops = ["fatalError", "GRDBPrecondition", "precondition", "assert", "try!"]
        for row in TrapTable.rows {
            let parts = row.grdbLine.split(separator: ":")
            guard parts.count == 2, let number = Int(parts[1]) else {
                XCTFail("\(row.trap): `\(row.grdbLine)` is not file:line")
                continue
            }
            let text = try String(contentsOf: checkout.appendingPathComponent(String(parts[0])), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = number <= lines.count ? String(lines[number - 1]) : ""
            XCTAssertTrue(stops.contains { line.contains($0) }, "\(row.trap) \(row.grdbLine): \(line)")
        }
    }

    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}
