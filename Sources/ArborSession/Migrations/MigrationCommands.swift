import ArborCore
import ArborMigrations
import Foundation
import GRDB

/// `:migrations`, `:migrations --diff` and `:migrate`.
extension Session {
    func migrationsCommand(_ argument: String, range: SourceRange) throws -> String {
        switch argument.trimmingCharacters(in: .whitespaces) {
        case "":
            let status = try migrationStatus()
            return (["migrations of \(status.migratorName), in order:"] + status.lines).joined(separator: "\n")
        case "--diff":
            return try driftText()
        default:
            throw ArborError("`:migrations` takes nothing, or --diff", at: range)
        }
    }

    /// The differences from the open file's schema to the one the migrations build.
    public func migrationDrift() throws -> (program: MigrationProgram, differences: [SchemaDifference]) {
        let program = try migrationProgram()
        let code = try program.build().database.read(SchemaSnapshot.read)
        let file = try database.read(SchemaSnapshot.read)
        return (program, SchemaDrift.compare(file: file, code: code))
    }

    func driftText() throws -> String {
        let (program, differences) = try migrationDrift()
        var lines: [String] = []
        let incomplete = program.migrations.filter { !$0.isComplete }.map(\.identifier)
        if !incomplete.isEmpty {
            lines.append(
                "note: arbor does not run all of " + incomplete.map(\.debugDescription).joined(separator: ", ")
                    + ": the schema compared is what it ran")
        }
        guard !differences.isEmpty else {
            return (lines + ["no drift: the file's schema is the one the migrations of \(program.migratorName) build"])
                .joined(separator: "\n")
        }
        lines.append("\(differences.count) difference\(differences.count == 1 ? "" : "s") from the file to the code:")
        for difference in differences {
            lines.append("- " + TerminalText.escaped(difference.description))
            lines += difference.fix.map { "    " + TerminalText.escaped($0) }
        }
        return lines.joined(separator: "\n")
    }

    /// `:migrate`: the pending migrations run on the file by GRDB's migrator, after a copy
    /// of the file made with `VACUUM INTO` next to it. Refused without `--write`, and when
    /// a pending migration holds a statement arbor does not run (it would be marked applied).
    func migrate(range: SourceRange) throws -> String {
        guard isWritable, let path else {
            throw ArborError(
                "`:migrate` changes the database file: open it with --write (arbor --write FILE --load …); nothing was run",
                at: range)
        }
        let program = try migrationProgram()
        let status = try migrationStatus()
        let pending = status.pending
        guard !pending.isEmpty else {
            return "nothing to run: the file has run every migration of \(program.migratorName)"
        }
        let incomplete = program.migrations.filter { pending.contains($0.identifier) && !$0.isComplete }
        guard incomplete.isEmpty else {
            throw ArborError(
                "arbor does not run all of " + incomplete.map(\.identifier.debugDescription).joined(separator: ", ")
                    + " (see the notes of the load): nothing was run", at: range)
        }
        let backup = Self.backupPath(for: path)
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [backup])
        }
        let failures = MigrationFailures()
        do {
            try program.databaseMigrator(failures: failures, stopsOnFailure: true).migrate(database)
        } catch {
            let detail = failures.notes.first.map { "\($0.file):\($0.line):\($0.column): \($0.message)" }
            throw ArborError(
                "the migrations stopped: \(detail ?? Self.message(error)); the file is as it was (backup: \(backup))",
                at: range)
        }
        let changes = try reloadSchema()
        let ran = try database.read { db in try MigrationStatus.read(program, in: db) }
        let applied = pending.filter { id in ran.entries.contains { $0.identifier == id && $0.state == .applied } }
        return
            ([
                "backup: \(backup)",
                "ran \(applied.count) migration\(applied.count == 1 ? "" : "s"): "
                    + applied.map(\.debugDescription).joined(separator: ", "),
            ] + changes).joined(separator: "\n")
    }

    /// `app.sqlite.backup-20261126-193000.sqlite`, numbered when taken.
    static func backupPath(for path: String) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let stamp = formatter.string(from: Date())
        var candidate = "\(path).backup-\(stamp).sqlite"
        var number = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = "\(path).backup-\(stamp)-\(number).sqlite"
            number += 1
        }
        return candidate
    }
}
