import ArborCore
import ArborTestSupport
import GRDB
import GRDBSQLite
import XCTest

@testable import ArborSession

// GRDB's own record types of the forms below, to compare arbor's SQL with GRDB's.
private struct UpperChild: TableRecord {
    static let databaseTableName = "CHILDREN"
    static let parent = belongsTo(UpperParent.self)
}
private struct UpperParent: TableRecord {
    static let databaseTableName = "PARENTS"
    static let children = hasMany(UpperChild.self)
    enum Columns {
        static let id = Column("id")
        static let name = Column("name")
    }
}
private struct ViewChild: TableRecord {
    static let databaseTableName = "child"
    static let parent = belongsTo(ViewParent.self, using: ForeignKey(["foo"]))
}
private struct ViewParent: TableRecord { static let databaseTableName = "parent" }
private struct Folder: TableRecord {
    static let databaseTableName = "folder"
    static let parent = belongsTo(Folder.self)
}

/// Forms GRDB's own association tests use (GRDBAssociationSQLParityTests found them):
/// arbor gives GRDB's SQL for each, compared with GRDB's on the same database.
final class GRDBTestSuiteFormsTests: XCTestCase {
    /// A session on `sql` with `declarations` pasted, and a GRDB queue on the same file.
    func open(_ sql: String, declarations: String) throws -> (Session, DatabaseQueue) {
        let path = try TemporaryDatabase.make(sql)
        let session = try Session(path: path)
        let outcomes = session.run(declarations)
        guard case .silent? = outcomes.last else {
            XCTFail("\(outcomes)")
            throw ArborError("declarations refused")
        }
        return (session, try DatabaseQueue(path: path))
    }

    func assertSame<T>(
        _ text: String, _ request: QueryInterfaceRequest<T>, in session: Session, _ queue: DatabaseQueue,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let expected = try ParityChecking.grdbSQL(request, in: queue)
        let outcomes = session.run(text, fetch: false)
        guard case .rows(let result)? = outcomes.last else {
            return XCTFail("\(text): \(outcomes)", file: file, line: line)
        }
        XCTAssertEqual(result.mainSQL, expected, text, file: file, line: line)
    }

    static let parentsAndChildren = """
        CREATE TABLE parents (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE children (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parents(id));
        """

    /// GRDB writes a table as the app declares it (`databaseTableName = "CHILDREN"`), not as it was created.
    func testATableIsWrittenAsItsTypeDeclaresIt() throws {
        let (session, queue) = try open(
            Self.parentsAndChildren,
            declarations: """
                struct UpperChild: TableRecord {
                    static let databaseTableName = "CHILDREN"
                    static let parent = belongsTo(UpperParent.self)
                }
                struct UpperParent: TableRecord { static let databaseTableName = "PARENTS" }
                """)
        try assertSame(
            "UpperChild.including(required: UpperChild.parent)",
            UpperChild.including(required: UpperChild.parent), in: session, queue)
        try assertSame(
            "UpperChild.joining(optional: UpperChild.belongsTo(Table(UpperParent.databaseTableName)))",
            UpperChild.joining(optional: UpperChild.belongsTo(Table(UpperParent.databaseTableName))), in: session,
            queue)
        try assertSame(
            "UpperChild.filter(Column(\"parentId\") == 1).order(Column(\"id\"))",
            UpperChild.filter(Column("parentId") == 1).order(Column("id")), in: session, queue)
        try assertSame(
            "Table(\"CHILDREN\").including(required: Table(\"CHILDREN\").belongsTo(Table(\"Parents\")))",
            Table("CHILDREN").including(required: Table("CHILDREN").belongsTo(Table("Parents"))), in: session, queue)
    }

    /// `select(.allColumns)` and `.allColumns(excluding:)`, on a request and on an association.
    func testAllColumnsAndAllColumnsExcluding() throws {
        let (session, queue) = try open(
            Self.parentsAndChildren,
            declarations: """
                struct UpperChild: TableRecord {
                    static let databaseTableName = "CHILDREN"
                    static let parent = belongsTo(UpperParent.self)
                }
                struct UpperParent: TableRecord { static let databaseTableName = "PARENTS" }
                """)
        try assertSame("UpperChild.select(.allColumns)", UpperChild.select(.allColumns), in: session, queue)
        try assertSame(
            "UpperChild.select(.allColumns(excluding: [\"id\"]))", UpperChild.select(.allColumns(excluding: ["id"])),
            in: session, queue)
        try assertSame(
            "UpperChild.annotated(withOptional: UpperChild.parent.select(.allColumns))",
            UpperChild.annotated(withOptional: UpperChild.parent.select(.allColumns)), in: session, queue)
        try assertSame(
            "UpperChild.annotated(withOptional: UpperChild.parent.select(.allColumns(excluding: [Column(\"id\")])))",
            UpperChild.annotated(withOptional: UpperChild.parent.select(.allColumns(excluding: [Column("id")]))),
            in: session, queue)
        try assertSame(
            "UpperChild.including(required: UpperChild.parent.select(.allColumns(excluding: [\"name\"]), Column(\"name\")))",
            UpperChild.including(
                required: UpperChild.parent.select(.allColumns(excluding: ["name"]), Column("name"))), in: session,
            queue)
    }

    /// A view as the origin of a `belongsTo` without `to:`: the parent's primary key, as GRDB.
    func testAViewBelongsToATableThroughItsPrimaryKey() throws {
        let (session, queue) = try open(
            """
            CREATE VIEW child AS SELECT 1 AS foo;
            CREATE TABLE parent(id INTEGER PRIMARY KEY);
            """,
            declarations: """
                struct ViewChild: TableRecord {
                    static let databaseTableName = "child"
                    static let parent = belongsTo(ViewParent.self, using: ForeignKey(["foo"]))
                }
                struct ViewParent: TableRecord { static let databaseTableName = "parent" }
                """)
        try assertSame(
            "ViewChild.including(required: ViewChild.parent)", ViewChild.including(required: ViewChild.parent),
            in: session, queue)
        let child = Table("child")
        try assertSame(
            "Table(\"child\").joining(optional: Table(\"child\").belongsTo(Table(\"parent\"), using: ForeignKey([\"foo\"])))",
            child.joining(optional: child.belongsTo(Table("parent"), using: ForeignKey(["foo"]))), in: session, queue)
    }

    /// `group { $0.name }`, trailing or not, and a closure that returns several columns.
    func testGroupTakesAClosure() throws {
        let (session, queue) = try open(
            Self.parentsAndChildren,
            declarations: """
                struct UpperChild: TableRecord {
                    static let databaseTableName = "CHILDREN"
                    static let parent = belongsTo(UpperParent.self)
                }
                struct UpperParent: TableRecord {
                    static let databaseTableName = "PARENTS"
                    static let children = hasMany(UpperChild.self)
                    enum Columns {
                        static let id = Column("id")
                        static let name = Column("name")
                    }
                }
                """)
        try assertSame(
            "UpperParent.select { $0.name }.annotated(with: UpperParent.children.count).group { $0.name }",
            UpperParent.select { $0.name }.annotated(with: UpperParent.children.count).group { $0.name },
            in: session, queue)
        try assertSame(
            "UpperParent.select({ $0.name }).group({ $0.name })",
            UpperParent.select({ $0.name }).group({ $0.name }), in: session, queue)
        try assertSame(
            "UpperParent.all().group { [$0.name, $0.id] }.having { $0.id > 1 }",
            UpperParent.all().group { [$0.name, $0.id] }.having { $0.id > 1 }, in: session, queue)
    }

    /// Two aliases of one name on joins GRDB merges are merged too, as GRDB's tests of association rewrites.
    func testTwoAliasesOfOneNameOnMergedJoinsAreMerged() throws {
        let (session, queue) = try open(
            "CREATE TABLE folder (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES folder(id), name TEXT);",
            declarations: """
                struct Folder: TableRecord {
                    static let databaseTableName = "folder"
                    static let parent = belongsTo(Folder.self)
                }
                """)
        let first = TableAlias(name: "parent")
        let second = TableAlias(name: "parent")
        try assertSame(
            """
            let first = TableAlias(name: "parent")
            let second = TableAlias(name: "parent")
            Folder.joining(required: Folder.parent.aliased(first)).filter(first[Column("name")] == "foo")
                .joining(optional: Folder.parent.aliased(second)).order(second[Column("name")])
                .including(optional: Folder.parent)
            """,
            Folder.joining(required: Folder.parent.aliased(first)).filter(first[Column("name")] == "foo")
                .joining(optional: Folder.parent.aliased(second)).order(second[Column("name")])
                .including(optional: Folder.parent), in: session, queue)
        // Not merged (another key), one name for two joins is still refused: GRDB stops on it.
        let outcome = session.run(
            """
            let third = TableAlias(name: "parent")
            let fourth = TableAlias(name: "parent")
            Folder.joining(required: Folder.parent.aliased(third)).joining(optional: Folder.parent.forKey("other").aliased(fourth))
            """, fetch: false
        ).last
        guard case .failure(let errors, _)? = outcome else { return XCTFail("\(String(describing: outcome))") }
        XCTAssertEqual(errors.map(\.message), ["two aliases are named \"parent\" in one request"])
    }

    /// `1.databaseValue` selects a value; `databaseTableName.uppercased()` is Swift's string,
    /// as in `TableAlias(name: Parent.databaseTableName.uppercased())`.
    func testSwiftValuesInRequests() throws {
        let (session, queue) = try open(
            Self.parentsAndChildren,
            declarations: """
                struct UpperChild: TableRecord {
                    static let databaseTableName = "CHILDREN"
                    static let parent = belongsTo(UpperParent.self)
                }
                struct UpperParent: TableRecord { static let databaseTableName = "PARENTS" }
                """)
        try assertSame(
            "UpperChild.including(required: UpperChild.parent.select(Column(\"id\"), 1.databaseValue))",
            UpperChild.including(required: UpperChild.parent.select(Column("id"), 1.databaseValue)), in: session,
            queue)
        let lower = TableAlias(name: UpperParent.databaseTableName.lowercased())
        try assertSame(
            """
            let lower = TableAlias(name: UpperParent.databaseTableName.lowercased())
            UpperChild.including(required: UpperChild.parent.aliased(lower)).filter(lower[Column("name")] == "a".uppercased())
            """,
            UpperChild.including(required: UpperChild.parent.aliased(lower)).filter(
                lower[Column("name")] == "a".uppercased()), in: session, queue)
    }

    /// GRDB 7's typed `TableAlias<Record>()` and `Table<Record>("name")`: the type argument changes no SQL.
    func testTypedTableAliasesAndTables() throws {
        let (session, queue) = try open(
            Self.parentsAndChildren,
            declarations: """
                struct UpperParent: TableRecord {
                    static let databaseTableName = "PARENTS"
                    enum Columns {
                        static let id = Column("id")
                        static let name = Column("name")
                    }
                }
                """)
        let alias = TableAlias<UpperParent>(name: "p")
        try assertSame(
            """
            let alias = TableAlias<UpperParent>(name: "p")
            UpperParent.aliased(alias).filter { $0.id > 1 && alias.name == "foo" }
            """,
            UpperParent.aliased(alias).filter { $0.id > 1 && alias.name == "foo" }, in: session, queue)
        try assertSame(
            "Table<UpperParent>(\"parents\").filter(Column(\"id\") < 3)",
            Table<UpperParent>("parents").filter(Column("id") < 3), in: session, queue)
        let outcome = session.run("UpperParent.filter(Column(\"id\") < 1 > 0)", fetch: false).last
        guard case .failure(let errors, _)? = outcome else { return XCTFail("\(String(describing: outcome))") }
        XCTAssertEqual(errors.first?.message, "adjacent operators `<` and `>` cannot be chained", "comparisons stay")
    }

    /// `.rowID` among selected columns, as in `select(.allColumns, .rowID)`.
    func testRowIDIsSelectable() throws {
        let (session, queue) = try open(
            Self.parentsAndChildren,
            declarations: """
                struct UpperChild: TableRecord {
                    static let databaseTableName = "CHILDREN"
                    static let parent = belongsTo(UpperParent.self)
                }
                struct UpperParent: TableRecord { static let databaseTableName = "PARENTS" }
                """)
        try assertSame(
            "UpperChild.select(.allColumns, .rowID)", UpperChild.select(.allColumns, .rowID), in: session, queue)
        try assertSame(
            "UpperChild.including(required: UpperChild.parent.select([.rowID, Column(\"name\")]))",
            UpperChild.including(required: UpperChild.parent.select([.rowID, Column("name")])), in: session, queue)
    }
}
