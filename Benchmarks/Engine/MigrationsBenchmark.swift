import ArborMigrations
import Foundation
import GRDB

/// How long 200 migrations take to build (issue 23): read from Swift source (swift-syntax,
/// discovery, schema calls), then run through GRDB's migrator; against running the SQL
/// GRDB wrote for them directly in one transaction, and the whole `arbor --load` run.
enum MigrationsBenchmark {
    /// 200 migrations: a table each (six columns, a foreign key to the one before, an
    /// index), and every tenth an `alter(table:)` and a view.
    static func source(count: Int) -> String {
        var lines = [
            "import GRDB", "", "enum AppDatabase {", "    static var migrator: DatabaseMigrator {",
            "        var migrator = DatabaseMigrator()",
        ]
        for i in 0..<count {
            lines.append("        migrator.registerMigration(\"v\(i)\") { db in")
            lines.append("            try db.create(table: \"item\(i)\") { t in")
            lines.append("                t.autoIncrementedPrimaryKey(\"id\")")
            lines.append("                t.column(\"name\", .text).notNull().indexed()")
            lines.append("                t.column(\"score\", .integer).notNull().defaults(to: 0).check { $0 >= 0 }")
            lines.append("                t.column(\"createdAt\", .datetime).defaults(sql: \"CURRENT_TIMESTAMP\")")
            lines.append("                t.column(\"ratio\", .double)")
            if i > 0 { lines.append("                t.belongsTo(\"item\(i - 1)\", onDelete: .cascade)") }
            lines.append("            }")
            lines.append("            try db.create(index: \"item\(i)_score\", on: \"item\(i)\", columns: [\"score\"])")
            if i % 10 == 9 {
                lines.append(
                    "            try db.alter(table: \"item\(i - 5)\") { t in t.add(column: \"note\", .text) }")
                lines.append(
                    "            try db.create(view: \"view\(i)\", as: SQLRequest<Row>(sql: \"SELECT id, name FROM item\(i)\"))"
                )
            }
            lines.append("        }")
        }
        lines += ["        return migrator", "    }", "}"]
        return lines.joined(separator: "\n")
    }

    static func run(arbor: String) throws {
        let text = source(count: 200)
        let files = [(path: "AppDatabase.swift", text: text)]
        var program: MigrationProgram?
        let read = try Measure.seconds(repeat: 5) { program = try MigrationProgram.read(files) }
        guard let program else { return }
        var built: DatabaseQueue?
        let build = try Measure.seconds(repeat: 5) { built = try program.build().database }
        guard let built else { return }
        // The reference: the DDL GRDB wrote, run as SQL in one transaction.
        let ddl = try built.read { db in
            try String.fetchAll(
                db,
                sql:
                    "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid")
        }.joined(separator: ";\n")
        let raw = try Measure.seconds(repeat: 5) {
            let queue = try DatabaseQueue()
            try queue.write { db in try db.execute(sql: ddl) }
        }
        Measure.report(
            "200 migrations (\(text.utf8.count / 1024) KB of Swift): read", Measure.ms(read), reference: "", ratio: nil)
        Measure.report(
            "200 migrations: built through GRDB's migrator", Measure.ms(build), reference: Measure.ms(raw) + " raw DDL",
            ratio: build / raw)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-bench-migrations.swift")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let whole = try Measure.timeAndPeak(arbor, ["--load", file.path, "-c", ":tables"])
        let demo = try Measure.timeAndPeak(arbor, ["-c", ":tables"])
        Measure.report(
            "arbor --load (200 migrations) -c :tables", String(format: "%.2f s, %.0f MB", whole.seconds, whole.peakMB),
            reference: String(format: "%.2f s demo", demo.seconds), ratio: whole.seconds / max(demo.seconds, 0.001),
            goal: "≤ 1 s")
    }
}
