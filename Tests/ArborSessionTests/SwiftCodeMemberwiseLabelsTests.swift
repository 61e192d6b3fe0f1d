import ArborCore
import ArborTestSupport
import XCTest

@testable import ArborSession

/// `--format swift` writes a record built at the prompt as a call of its type's memberwise
/// initializer: the labels are the property names of the struct it writes for the table,
/// which are made unique when two columns give one name (`a b` and `aB`).
final class SwiftCodeMemberwiseLabelsTests: XCTestCase {
    func testLabelsAreTheWrittenStructsUniquePropertyNames() throws {
        let path = try TemporaryDatabase.make(#"CREATE TABLE t(id INTEGER PRIMARY KEY, "a b" TEXT, aB TEXT)"#)
        let session = try Session(path: path)
        let printer = SwiftPrinter(environment: session.environment)
        let record = RecordValue(
            table: "t", values: ["id": .integer(1), "aB": .text("x")], source: .memberwise(labels: ["id", "aB"]))
        XCTAssertEqual(printer.record(record), #"T(id: 1, aB_: "x")"#)
        let both = RecordValue(
            table: "t", values: ["id": .integer(2), "a b": .text("y"), "aB": .text("z")],
            source: .memberwise(labels: ["id", "a b", "aB"]))
        XCTAssertEqual(printer.record(both), #"T(id: 2, aB: "y", aB_: "z")"#)
        let declared = SwiftCode.record("t", printer: printer, environment: session.environment)
        XCTAssertTrue(declared.contains("var aB: String?"), declared)
        XCTAssertTrue(declared.contains("var aB_: String?"), declared)
    }
}
