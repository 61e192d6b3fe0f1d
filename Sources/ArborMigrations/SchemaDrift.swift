import Foundation

/// The differences between a database file's schema and the schema the code's
/// migrations build, each with the GRDB migration code that brings the file to the code.
public struct SchemaDifference: Sendable, Equatable {
    /// `table player: column score: NOT NULL in the code, nullable in the file`.
    public var description: String
    /// GRDB code for a migration (`db` is its `Database`).
    public var fix: [String]
}

public enum SchemaDrift {
    /// What differs from `file` to `code`. Names compare case-insensitively, as SQLite's do.
    public static func compare(file: SchemaSnapshot, code: SchemaSnapshot) -> [SchemaDifference] {
        var differences: [SchemaDifference] = []
        for table in code.tables {
            guard let existing = file.table(table.name) else {
                differences.append(
                    SchemaDifference(
                        description: "table \(table.name): in the code, not in the file",
                        fix: SchemaSwift.create(table)
                            + table.indexes.filter { $0.origin == "c" }.map {
                                SchemaSwift.createIndex($0, on: table.name)
                            }))
                continue
            }
            differences += compare(existing, table)
        }
        for table in file.tables where code.table(table.name) == nil {
            differences.append(
                SchemaDifference(
                    description: "table \(table.name): in the file, not in the code",
                    fix: [SchemaSwift.drop("table", table.name)]))
        }
        differences += compareViews(file.views, code.views)
        differences += compareTriggers(file.triggers, code.triggers)
        return differences
    }

    private static func same(_ a: String, _ b: String) -> Bool { a.lowercased() == b.lowercased() }

    private static func compare(_ file: TableShape, _ code: TableShape) -> [SchemaDifference] {
        let name = code.name
        if code.virtualModule != nil || file.virtualModule != nil {
            // `fts5("title")` and `fts5(title)` are one table: quotes around names are not compared.
            func module(_ table: TableShape) -> String {
                SQLWords.normalized(table.virtualModule ?? table.sql).lowercased()
                    .replacingOccurrences(of: "\"", with: "")
            }
            guard module(code) != module(file) else { return [] }
            return [
                SchemaDifference(
                    description:
                        "virtual table \(name): `\(file.virtualModule ?? "a table")` in the file, `\(code.virtualModule ?? "a table")` in the code",
                    fix: [
                        SchemaSwift.drop("table", name),
                        "try db.execute(sql: \(SchemaSwift.quoted(code.sql)))",
                    ])
            ]
        }
        var differences: [SchemaDifference] = []
        var needsRebuild: [String] = []
        for column in code.columns {
            guard let existing = file.columns.first(where: { same($0.name, column.name) }) else {
                // SQLite adds a column only when it has no PRIMARY KEY, no UNIQUE, and a constant default.
                // GRDB quotes names without doubling a `"`: such a column is added by a rebuild.
                let simple =
                    !code.primaryKey.contains(column.name) && column.hidden == 0
                    && (!column.isNotNull || column.defaultSQL != nil) && SchemaSwift.grdbQuotes([name, column.name])
                if simple {
                    differences.append(
                        SchemaDifference(
                            description: "table \(name): column \(column.name) in the code, not in the file",
                            fix: [
                                "try db.alter(table: \(SchemaSwift.quoted(name))) { t in",
                                "    "
                                    + SchemaSwift.column(column, in: code).replacingOccurrences(
                                        of: "t.column(", with: "t.add(column: "),
                                "}",
                            ]))
                } else {
                    needsRebuild.append("column \(column.name) in the code, not in the file")
                }
                continue
            }
            var what: [String] = []
            if !same(existing.type, column.type) {
                what.append(
                    "type \(column.type.isEmpty ? "none" : column.type) in the code, \(existing.type.isEmpty ? "none" : existing.type) in the file"
                )
            }
            if existing.isNotNull != column.isNotNull {
                what.append(
                    column.isNotNull
                        ? "NOT NULL in the code, nullable in the file" : "nullable in the code, NOT NULL in the file")
            }
            if existing.defaultSQL != column.defaultSQL {
                what.append(
                    "default \(column.defaultSQL ?? "none") in the code, \(existing.defaultSQL ?? "none") in the file")
            }
            if existing.hidden != column.hidden { what.append("generated differently") }
            if !what.isEmpty { needsRebuild.append("column \(column.name): " + what.joined(separator: "; ")) }
        }
        for column in file.columns where !code.columns.contains(where: { same($0.name, column.name) }) {
            differences.append(
                SchemaDifference(
                    description: "table \(name): column \(column.name) in the file, not in the code",
                    fix: SchemaSwift.grdbQuotes([name, column.name])
                        ? [
                            "try db.alter(table: \(SchemaSwift.quoted(name))) { t in",
                            "    t.drop(column: \(SchemaSwift.quoted(column.name)))", "}",
                        ]
                        : [
                            "try db.execute(sql: \(SchemaSwift.quoted("ALTER TABLE \(SchemaSwift.sqlName(name)) DROP COLUMN \(SchemaSwift.sqlName(column.name))")))"
                        ]))
        }
        if code.primaryKey.map({ $0.lowercased() }) != file.primaryKey.map({ $0.lowercased() }) {
            needsRebuild.append(
                "primary key (\(code.primaryKey.joined(separator: ", "))) in the code, (\(file.primaryKey.joined(separator: ", "))) in the file"
            )
        } else if code.isAutoIncremented != file.isAutoIncremented {
            needsRebuild.append(
                code.isAutoIncremented
                    ? "AUTOINCREMENT in the code, not in the file" : "AUTOINCREMENT in the file, not in the code")
        }
        if code.isWithoutRowID != file.isWithoutRowID { needsRebuild.append("WITHOUT ROWID differs") }
        if code.isStrict != file.isStrict { needsRebuild.append("STRICT differs") }
        let codeKeys = code.foreignKeys.map(foreignKeyText)
        let fileKeys = file.foreignKeys.map(foreignKeyText)
        let codeFolded = Set(codeKeys.map { $0.lowercased() })
        let fileFolded = Set(fileKeys.map { $0.lowercased() })
        for key in codeKeys where !fileFolded.contains(key.lowercased()) {
            needsRebuild.append("foreign key \(key) in the code, not in the file")
        }
        for key in fileKeys where !codeFolded.contains(key.lowercased()) {
            needsRebuild.append("foreign key \(key) in the file, not in the code")
        }
        let codeUniques = Set(
            code.indexes.filter { $0.origin == "u" }.map { $0.columns.map { $0?.lowercased() ?? "" } })
        let fileUniques = Set(
            file.indexes.filter { $0.origin == "u" }.map { $0.columns.map { $0?.lowercased() ?? "" } })
        if codeUniques != fileUniques { needsRebuild.append("UNIQUE constraints differ") }
        if !needsRebuild.isEmpty {
            differences.append(
                SchemaDifference(
                    description: "table \(name): " + needsRebuild.joined(separator: "; "), fix: rebuild(file, to: code))
            )
        }
        differences += compareIndexes(file, code)
        return differences
    }

    private static func foreignKeyText(_ key: ForeignKeyShape) -> String {
        var text = "(\(key.columns.joined(separator: ", "))) → \(key.table)(\(key.destination.joined(separator: ", ")))"
        if key.onDelete != "NO ACTION" { text += " ON DELETE \(key.onDelete)" }
        if key.onUpdate != "NO ACTION" { text += " ON UPDATE \(key.onUpdate)" }
        return text
    }

    /// SQLite can not alter a column, a key or a constraint: the table is made again, as
    /// SQLite's documentation and GRDB's guide say (create, copy, drop, rename).
    static func rebuild(_ file: TableShape, to code: TableShape) -> [String] {
        var temporary = code
        temporary.name = "new_" + code.name
        let shared = code.columns.filter { column in
            column.hidden == 0 && file.columns.contains { same($0.name, column.name) }
        }.map { SchemaSwift.sqlName($0.name) }.joined(separator: ", ")
        var lines =
            SchemaSwift.canCreate(code)
            ? SchemaSwift.createTable(temporary)
            : ["try db.execute(sql: \(SchemaSwift.quoted(renamed(code.sql, to: temporary.name))))"]
        lines.append(
            "try db.execute(sql: \(SchemaSwift.quoted("INSERT INTO \(SchemaSwift.sqlName(temporary.name)) (\(shared)) SELECT \(shared) FROM \(SchemaSwift.sqlName(code.name))")))"
        )
        lines.append(SchemaSwift.drop("table", code.name))
        lines.append(
            SchemaSwift.grdbQuotes([code.name])
                ? "try db.rename(table: \(SchemaSwift.quoted(temporary.name)), to: \(SchemaSwift.quoted(code.name)))"
                : "try db.execute(sql: \(SchemaSwift.quoted("ALTER TABLE \(SchemaSwift.sqlName(temporary.name)) RENAME TO \(SchemaSwift.sqlName(code.name))")))"
        )
        lines += code.indexes.filter { $0.origin == "c" }.map { SchemaSwift.createIndex($0, on: code.name) }
        return lines
    }

    /// `CREATE TABLE name (…)` with another name.
    static func renamed(_ sql: String, to name: String) -> String {
        guard let table = SQLWords.firstWord(sql, "TABLE") else { return sql }
        var start = table.upperBound
        while start < sql.endIndex, sql[start].isWhitespace { start = sql.index(after: start) }
        var end = start
        let closing: [Character: Character] = ["\"": "\"", "`": "`", "[": "]"]
        if end < sql.endIndex, let close = closing[sql[end]] {
            end = sql.index(after: end)
            // A doubled quote (`"we""ird"`) is part of the name.
            while end < sql.endIndex {
                if sql[end] == close {
                    let next = sql.index(after: end)
                    guard next < sql.endIndex, sql[next] == close, close != "]" else { break }
                    end = next
                }
                end = sql.index(after: end)
            }
            if end < sql.endIndex { end = sql.index(after: end) }
        } else {
            while end < sql.endIndex, SQLWords.isWordCharacter(sql[end]) { end = sql.index(after: end) }
        }
        return sql.replacingCharacters(in: start..<end, with: SchemaSwift.sqlName(name))
    }

    private static func indexText(_ index: IndexShape) -> String {
        let columns = index.columns.map { $0?.lowercased() ?? "<expression>" }.joined(separator: ", ")
        var text = "(\(columns))"
        if index.isUnique { text = "unique " + text }
        if let condition = index.condition { text += " WHERE " + SQLWords.normalized(condition) }
        return text
    }

    private static func compareIndexes(_ file: TableShape, _ code: TableShape) -> [SchemaDifference] {
        var differences: [SchemaDifference] = []
        let fileIndexes = file.indexes.filter { $0.origin == "c" }
        let codeIndexes = code.indexes.filter { $0.origin == "c" }
        for index in codeIndexes {
            let create = SchemaSwift.createIndex(index, on: code.name)
            guard let existing = fileIndexes.first(where: { same($0.name, index.name) }) else {
                differences.append(
                    SchemaDifference(
                        description:
                            "table \(code.name): index \(index.name) \(indexText(index)) in the code, not in the file",
                        fix: [create]))
                continue
            }
            if indexText(existing) != indexText(index) {
                differences.append(
                    SchemaDifference(
                        description:
                            "table \(code.name): index \(index.name) is \(indexText(index)) in the code, \(indexText(existing)) in the file",
                        fix: [SchemaSwift.drop("index", index.name), create]))
            }
        }
        for index in fileIndexes where !codeIndexes.contains(where: { same($0.name, index.name) }) {
            differences.append(
                SchemaDifference(
                    description:
                        "table \(code.name): index \(index.name) \(indexText(index)) in the file, not in the code",
                    fix: [SchemaSwift.drop("index", index.name)]))
        }
        return differences
    }

    private static func compareViews(_ file: [ViewShape], _ code: [ViewShape]) -> [SchemaDifference] {
        var differences: [SchemaDifference] = []
        for view in code {
            guard let existing = file.first(where: { same($0.name, view.name) }) else {
                differences.append(
                    SchemaDifference(
                        description: "view \(view.name): in the code, not in the file",
                        fix: [SchemaSwift.createView(view)]))
                continue
            }
            if SQLWords.normalized(existing.select).lowercased() != SQLWords.normalized(view.select).lowercased()
                || existing.columns != view.columns
            {
                differences.append(
                    SchemaDifference(
                        description: "view \(view.name): its SELECT differs",
                        fix: [SchemaSwift.drop("view", view.name), SchemaSwift.createView(view)]))
            }
        }
        for view in file where !code.contains(where: { same($0.name, view.name) }) {
            differences.append(
                SchemaDifference(
                    description: "view \(view.name): in the file, not in the code",
                    fix: [SchemaSwift.drop("view", view.name)]))
        }
        return differences
    }

    private static func compareTriggers(_ file: [TriggerShape], _ code: [TriggerShape]) -> [SchemaDifference] {
        var differences: [SchemaDifference] = []
        let drop = { (name: String) in
            "try db.execute(sql: \(SchemaSwift.quoted("DROP TRIGGER \(SchemaSwift.sqlName(name))")))"
        }
        for trigger in code {
            guard let existing = file.first(where: { same($0.name, trigger.name) }) else {
                differences.append(
                    SchemaDifference(
                        description: "trigger \(trigger.name) on \(trigger.table): in the code, not in the file",
                        fix: [SchemaSwift.createTrigger(trigger)]))
                continue
            }
            if SQLWords.normalized(existing.sql).lowercased() != SQLWords.normalized(trigger.sql).lowercased() {
                differences.append(
                    SchemaDifference(
                        description: "trigger \(trigger.name) on \(trigger.table): its SQL differs",
                        fix: [drop(trigger.name), SchemaSwift.createTrigger(trigger)]))
            }
        }
        for trigger in file where !code.contains(where: { same($0.name, trigger.name) }) {
            differences.append(
                SchemaDifference(
                    description: "trigger \(trigger.name) on \(trigger.table): in the file, not in the code",
                    fix: [drop(trigger.name)]))
        }
        return differences
    }
}
