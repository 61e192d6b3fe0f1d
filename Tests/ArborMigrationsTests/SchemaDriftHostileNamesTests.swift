import ArborMigrations
import GRDB
import XCTest

/// The fixes `:migrations --diff` writes for names with a `"`. GRDB quotes names without
/// doubling it, so `try db.drop(table: "we\"ird")` is an SQL syntax error, and dropping a
/// column named `"); DROP TABLE x; --` through `alter(table:)` runs `DROP TABLE x`; the
/// rebuild's `INSERT … SELECT` and its renamed `CREATE TABLE` cut such names too. Each
/// fix here is run on the file: afterwards the drift is gone.
final class SchemaDriftHostileNamesTests: XCTestCase {
    static let file = #"""
        CREATE TABLE "we""ird" (id INTEGER PRIMARY KEY, "a""b" TEXT, "x"")--" INT);
        CREATE TABLE "gone""table" (id INTEGER PRIMARY KEY);
        CREATE TABLE x (id INTEGER PRIMARY KEY);
        CREATE VIEW "v""iew" AS SELECT 1 AS one;
        CREATE INDEX "i""dx" ON "we""ird"("a""b");
        """#
    static let code = #"""
        CREATE TABLE "we""ird" (id INTEGER PRIMARY KEY, "a""b" TEXT NOT NULL DEFAULT '');
        CREATE TABLE x (id INTEGER PRIMARY KEY);
        """#

    /// The SQL of `try db.execute(sql: "…")`; nil for any other line.
    static func sql(_ line: String) -> String? {
        let prefix = "try db.execute(sql: \""
        guard line.hasPrefix(prefix), line.hasSuffix("\")") else { return nil }
        var text = ""
        var escaped = false
        for character in line.dropFirst(prefix.count).dropLast(2) {
            if escaped {
                text.append(character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        return text
    }

    func testEveryFixRunsAndLeavesNoDrift() throws {
        let file = try DatabaseQueue()
        try file.write { try $0.execute(sql: Self.file) }
        let code = try DatabaseQueue()
        try code.write { try $0.execute(sql: Self.code) }
        let differences = SchemaDrift.compare(
            file: try file.read(SchemaSnapshot.read), code: try code.read(SchemaSnapshot.read))
        XCTAssertEqual(
            differences.map(\.description).sorted(),
            [
                "table gone\"table: in the file, not in the code",
                "table we\"ird: column a\"b: NOT NULL in the code, nullable in the file; default '' in the code, none in the file",
                "table we\"ird: column x\")-- in the file, not in the code",
                "table we\"ird: index i\"dx (a\"b) in the file, not in the code",
                "view v\"iew: in the file, not in the code",
            ])
        let fixes = differences.flatMap(\.fix)
        XCTAssertEqual(fixes.filter { Self.sql($0) == nil }, [], "every fix for these names is SQL")
        // The table made again (create, copy, drop, rename) after the columns and indexes dropped.
        let rebuilds = differences.filter { $0.fix.contains { $0.contains("INSERT INTO") } }
        XCTAssertEqual(rebuilds.count, 1)
        let ordered = differences.filter { !rebuilds.contains($0) } + rebuilds
        try file.write { db in
            for fix in ordered.flatMap(\.fix).compactMap(Self.sql) { try db.execute(sql: fix) }
        }
        XCTAssertEqual(
            SchemaDrift.compare(file: try file.read(SchemaSnapshot.read), code: try code.read(SchemaSnapshot.read))
                .map(\.description), [])
        XCTAssertTrue(try file.read { try $0.tableExists("x") }, "no statement hidden in a name ran")
    }
}
