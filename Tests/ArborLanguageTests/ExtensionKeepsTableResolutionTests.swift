import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

/// An `extension T { … }` adds members to `T` and never changes its table
/// (LANGUAGE.md §1): on a table created as `Employee`, pasting an extension
/// switched every later statement to GRDB's default name `employee`.
final class ExtensionKeepsTableResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE Employee(EmployeeId INTEGER PRIMARY KEY, Name TEXT,
            ReportsTo INTEGER REFERENCES Employee(EmployeeId));
        """

    func testAnExtensionKeepsTheTablesSpelling() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(try harness.sql("Employee.all()"), #"SELECT * FROM "Employee""#)
        XCTAssertEqual(
            harness.load(
                #"extension Employee { static let boss = belongsTo(Employee.self, key: "boss", using: ForeignKey(["ReportsTo"])) }"#
            ).filter { $0.severity == .error }.map(\.error.message), [])
        XCTAssertEqual(try harness.sql("Employee.all()"), #"SELECT * FROM "Employee""#)
        struct Employee: TableRecord {
            static let databaseTableName = "Employee"
            static let boss = belongsTo(Employee.self, key: "boss", using: ForeignKey(["ReportsTo"]))
        }
        XCTAssertEqual(
            try harness.sql("Employee.including(optional: Employee.boss)"),
            try harness.grdbSQL(Employee.including(optional: Employee.boss)))
    }

    /// A type declared without `databaseTableName` takes GRDB's default name, as in the app.
    func testADeclaredTypeTakesGRDBsDefaultName() throws {
        let harness = try LanguageHarness(schema: Self.schema)
        _ = harness.load("struct Employee: TableRecord {}")
        XCTAssertEqual(try harness.sql("Employee.all()"), #"SELECT * FROM "employee""#)
    }
}
