import ArborMigrations
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

/// `:schema --swift` on names a hostile database holds. Before: `a"b`, `a b` and `aB` made
/// three `static let aB` in `Columns`; `""` and `"😀"` made `static let _`; a column `Type`
/// made `static let Type` (no member may have this name); `player_s` and `playerS` made two
/// `struct PlayerS`; and GRDB, which quotes names without doubling a `"`, refused the
/// migration's `create(table: "we\"ird")` and ran `DROP TABLE x` hidden in a column's name.
final class SchemaSwiftHostileNamesTests: XCTestCase {
    static let schema = #"""
        CREATE TABLE "we""ird" ("a""b" TEXT, "class" TEXT, "self" INT, "Type" INT, "" TEXT, "😀" TEXT,
            "a b" INT, "aB" INT, "1st" INT, "init" INT, "id" INTEGER PRIMARY KEY);
        CREATE TABLE "" (id INTEGER PRIMARY KEY, x);
        CREATE TABLE "_" (id INTEGER PRIMARY KEY, "_" INT);
        CREATE TABLE "player_s" (id INTEGER PRIMARY KEY, "weirdId" INTEGER REFERENCES "we""ird"(id));
        CREATE TABLE "playerS" (id INTEGER PRIMARY KEY, "Protocol" INT);
        CREATE TABLE "Self" (id INTEGER PRIMARY KEY);
        CREATE TABLE "Any" (id INTEGER PRIMARY KEY);
        CREATE TABLE "x*/ /*" ("""); DROP TABLE x; --" INT);
        CREATE TABLE "x" (id INTEGER PRIMARY KEY);
        CREATE VIEW "v""iew" AS SELECT 1 AS "a""b";
        CREATE INDEX "i""dx" ON "playerS"("Protocol");
        """#

    func testTheMigrationBuildsTheSameSchema() throws {
        let session = try Session(path: try TemporaryDatabase.make(Self.schema))
        let (swift, differences) = try SchemaSwiftRoundTripTests.roundTrip(session)
        XCTAssertEqual(differences, [])
        // Names with a `"` are created from their SQL, which quotes them right.
        XCTAssertTrue(swift.contains(#"try db.execute(sql: "CREATE TABLE \"we\"\"ird\""#), swift)
        XCTAssertTrue(swift.contains(#"try db.execute(sql: "CREATE TABLE \"x*/ /*\""#), swift)
        XCTAssertTrue(swift.contains(#"try db.execute(sql: "CREATE VIEW \"v\"\"iew\""#), swift)
        XCTAssertTrue(swift.contains(#"try db.execute(sql: "CREATE INDEX \"i\"\"dx\""#), swift)
        XCTAssertTrue(swift.contains(#"try db.create(table: "playerS") { t in"#), swift)
    }

    func testEachNameIsOneSwiftAccepts() throws {
        let session = try Session(path: try TemporaryDatabase.make(Self.schema))
        let swift = try SchemaSwiftRoundTripTests.swift(session)
        for line in [
            #"        static let aB = Column("a\"b")"#,
            #"        static let aB_ = Column("a b")"#,
            #"        static let aB__ = Column("aB")"#,
            #"        static let `Type` = Column("Type")"#,
            #"        static let `_` = Column("")"#,
            #"        static let __ = Column("😀")"#,
            #"        static let `Protocol` = Column("Protocol")"#,
            "    var aB__: Int64?",
            "    var `_`: String?",
            "    var __: String?",
            "struct PlayerS: Codable, FetchableRecord, PersistableRecord {",
            "struct PlayerS_: Codable, FetchableRecord, PersistableRecord {",
            "struct `Self`: Codable, FetchableRecord, PersistableRecord {",
            "struct `Any`: Codable, FetchableRecord, PersistableRecord {",
        ] {
            XCTAssertTrue(swift.contains(line + "\n"), "\(line)\n\n\(swift)")
        }
        // No name declared twice in one scope: a struct's columns, its properties, the structs.
        for block in swift.components(separatedBy: "\nstruct ").dropFirst() {
            let lines = block.split(separator: "\n")
            for prefix in ["        static let ", "    var "] {
                let names = lines.filter { $0.hasPrefix(prefix) }.map {
                    $0.dropFirst(prefix.count).prefix { $0 != " " && $0 != ":" }
                }
                XCTAssertEqual(Set(names).count, names.count, String(block))
            }
        }
        let structs = swift.split(separator: "\n").filter { $0.hasPrefix("struct ") }
        XCTAssertEqual(Set(structs.map { $0.split(separator: ":")[0] }).count, structs.count, swift)
    }

    func testTheWrittenSwiftCompiles() throws {
        try XCTSkipUnless(GRDBCompilation.isEnabled, "set ARBOR_COMPILE_GRDB=1 to compile against GRDB (minutes)")
        let session = try Session(path: try TemporaryDatabase.make(Self.schema))
        let products = try GRDBCompilation.build([
            "Hostile": [
                "Schema.swift": try SchemaSwiftRoundTripTests.swift(session),
                "main.swift": GRDBCompilation.migratingMain("try AppSchema.migrator.migrate(queue)"),
            ]
        ])
        let path = try TemporaryItems.folder("compiled").appendingPathComponent("schema.sqlite").path
        let run = try GRDBCompilation.run(products.appendingPathComponent("Hostile"), [path])
        XCTAssertEqual(run.status, 0, run.text)
        let compiled = try DatabaseQueue(path: path).read(SchemaSnapshot.read)
        let original = try session.database.read(SchemaSnapshot.read)
        XCTAssertEqual(SchemaDrift.compare(file: original, code: compiled), [])
    }
}
