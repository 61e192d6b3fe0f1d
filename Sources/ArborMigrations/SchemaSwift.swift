/// GRDB schema code for a schema read by `SchemaSnapshot`: what a migration writes to
/// create a table, an index, a view or a trigger, such that GRDB, running it, makes the
/// same schema again (`SchemaDrift` finds no difference).
public enum SchemaSwift {
    /// A Swift string literal.
    public static func quoted(_ s: String) -> String {
        var result = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    static func strings(_ names: [String]) -> String { "[" + names.map(quoted).joined(separator: ", ") + "]" }

    /// `.text`, or `.init(rawValue: "NVARCHAR(160)")`.
    static func columnType(_ type: String) -> String {
        if let name = [
            "TEXT": "text", "INTEGER": "integer", "DOUBLE": "double", "REAL": "real", "NUMERIC": "numeric",
            "BOOLEAN": "boolean", "BLOB": "blob", "DATE": "date", "DATETIME": "datetime", "ANY": "any",
        ][type] {
            return "." + name
        }
        return ".init(rawValue: \(quoted(type)))"
    }

    /// GRDB's `Database.ForeignKeyAction` for SQLite's words; nil for `NO ACTION`.
    static func action(_ sql: String) -> String? {
        switch sql.uppercased() {
        case "CASCADE": ".cascade"
        case "RESTRICT": ".restrict"
        case "SET NULL": ".setNull"
        case "SET DEFAULT": ".setDefault"
        default: nil
        }
    }

    /// A default as `PRAGMA table_info` gives it, for `defaults(sql:)`: SQLite removed
    /// the parentheses of an expression, which the column definition needs again.
    static func defaultSQL(_ sql: String) -> String {
        let upper = sql.uppercased()
        let isLiteral =
            ["NULL", "TRUE", "FALSE", "CURRENT_TIME", "CURRENT_DATE", "CURRENT_TIMESTAMP"].contains(upper)
            || (sql.hasPrefix("'") && sql.hasSuffix("'") && sql.count >= 2)
            || ((upper.hasPrefix("X'") && sql.hasSuffix("'")))
            || Double(sql) != nil || Int64(sql) != nil
            || (sql.hasPrefix("-") || sql.hasPrefix("+")) && Double(sql.dropFirst()) != nil
        return isLiteral ? sql : "(" + sql + ")"
    }

    /// The column's definition: `t.column("name", .text).notNull().defaults(sql: "0")`.
    static func column(_ column: ColumnShape, in table: TableShape, receiver: String = "t") -> String {
        let isSoleKey = table.primaryKey.count == 1 && table.primaryKey[0] == column.name
        var line: String
        if isSoleKey, table.isAutoIncremented, column.type.uppercased() == "INTEGER" {
            line = "\(receiver).autoIncrementedPrimaryKey(\(quoted(column.name)))"
        } else {
            line = "\(receiver).column(\(quoted(column.name))"
            if !column.type.isEmpty { line += ", " + columnType(column.type) }
            line += ")"
            if isSoleKey { line += ".primaryKey()" }
        }
        if column.isNotNull { line += ".notNull()" }
        if let value = column.defaultSQL { line += ".defaults(sql: \(quoted(defaultSQL(value))))" }
        return line
    }

    /// `try db.create(table: …) { t in … }` for a table (an ordinary one: see `canCreate`).
    public static func createTable(_ table: TableShape, indent: String = "") -> [String] {
        var options: [String] = []
        if table.isWithoutRowID { options.append(".withoutRowID") }
        if table.isStrict { options.append(".strict") }
        let optionText = options.isEmpty ? "" : ", options: [" + options.joined(separator: ", ") + "]"
        var lines = ["\(indent)try db.create(table: \(quoted(table.name))\(optionText)) { t in"]
        let inner = indent + "    "
        for column in table.columns { lines.append(inner + Self.column(column, in: table)) }
        if table.primaryKey.count > 1 { lines.append("\(inner)t.primaryKey(\(strings(table.primaryKey)))") }
        for index in table.indexes where index.origin == "u" {
            lines.append("\(inner)t.uniqueKey(\(strings(index.columns.map { $0 ?? "" })))")
        }
        for key in table.foreignKeys {
            var line = "\(inner)t.foreignKey(\(strings(key.columns)), references: \(quoted(key.table))"
            if key.namesDestination { line += ", columns: \(strings(key.destination))" }
            if let action = action(key.onDelete) { line += ", onDelete: \(action)" }
            if let action = action(key.onUpdate) { line += ", onUpdate: \(action)" }
            lines.append(line + ")")
        }
        lines.append("\(indent)}")
        return lines
    }

    /// Tables whose definition the schema API can not write back from what SQLite
    /// reports (generated columns, virtual tables, checks, collations, conflict clauses,
    /// deferred keys): created from their SQL instead, so that nothing is lost.
    public static func canCreate(_ table: TableShape) -> Bool {
        table.virtualModule == nil && !table.columns.contains { $0.hidden != 0 } && writesNames(of: table)
            && !["CHECK", "COLLATE", "CONSTRAINT", "CONFLICT", "DEFERRABLE", "GENERATED"].contains {
                SQLWords.contains(table.sql, $0)
            }
    }

    /// GRDB quotes names without doubling a `"` inside them: `create(table: "we\"ird")` is an
    /// SQL syntax error, and a column named `"); DROP TABLE x; --` runs a second statement.
    static func grdbQuotes(_ names: [String]) -> Bool { !names.contains { $0.contains("\"") } }

    /// A name in SQL, its `"` doubled: `"we""ird"`.
    static func sqlName(_ name: String) -> String {
        "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    /// `try db.drop(table: "t")`, or `try db.execute(sql: "DROP TABLE \"we\"\"ird\"")` for a name
    /// GRDB would quote wrong.
    static func drop(_ kind: String, _ name: String) -> String {
        grdbQuotes([name])
            ? "try db.drop(\(kind): \(quoted(name)))"
            : "try db.execute(sql: \(quoted("DROP \(kind.uppercased()) \(sqlName(name))")))"
    }

    static func writesNames(of table: TableShape) -> Bool {
        grdbQuotes(
            [table.name] + table.columns.map(\.name) + table.primaryKey
                + table.foreignKeys.flatMap { [$0.table] + $0.columns + $0.destination }
                + table.indexes.filter { $0.origin == "u" }.flatMap { $0.columns.compactMap { $0 } })
    }

    /// A table the schema API can write, else its SQL through `execute(sql:)`.
    public static func create(_ table: TableShape, indent: String = "") -> [String] {
        canCreate(table) ? createTable(table, indent: indent) : ["\(indent)try db.execute(sql: \(quoted(table.sql)))"]
    }

    /// `try db.create(index: …)` for an index of `CREATE INDEX`.
    public static func createIndex(_ index: IndexShape, on table: String, indent: String = "") -> String {
        guard index.columns.allSatisfy({ $0 != nil }), let sql = index.sql,
            !SQLWords.contains(sql, "COLLATE"), !SQLWords.contains(sql, "DESC"),
            grdbQuotes([index.name, table] + index.columns.compactMap { $0 })
        else {
            return "\(indent)try db.execute(sql: \(quoted(index.sql ?? "")))"
        }
        var line =
            "\(indent)try db.create(index: \(quoted(index.name)), on: \(quoted(table)), columns: \(strings(index.columns.compactMap { $0 })))"
        if index.isUnique {
            line.removeLast()
            line += ", options: .unique)"
        }
        if let condition = index.condition {
            line.removeLast()
            line += ", condition: SQL(sql: \(quoted(condition))))"
        }
        return line
    }

    /// `try db.create(view: …, as: SQLRequest(sql: …))`.
    public static func createView(_ view: ViewShape, indent: String = "") -> String {
        guard grdbQuotes([view.name]) else { return "\(indent)try db.execute(sql: \(quoted(view.sql)))" }
        return "\(indent)try db.create(view: \(quoted(view.name)), as: SQLRequest<Row>(sql: \(quoted(view.select))))"
    }

    public static func createTrigger(_ trigger: TriggerShape, indent: String = "") -> String {
        "\(indent)try db.execute(sql: \(quoted(trigger.sql)))"
    }

    /// One migration that creates the whole schema, in an order SQLite accepts
    /// (tables in creation order, then indexes, views and triggers).
    public static func migration(_ snapshot: SchemaSnapshot, identifier: String, indent: String = "") -> [String] {
        var lines = ["\(indent)migrator.registerMigration(\(quoted(identifier))) { db in"]
        let inner = indent + "    "
        for table in snapshot.tables { lines += create(table, indent: inner) }
        for table in snapshot.tables where table.virtualModule == nil {
            for index in table.indexes where index.origin == "c" {
                lines.append(createIndex(index, on: table.name, indent: inner))
            }
        }
        for view in snapshot.views { lines.append(createView(view, indent: inner)) }
        for trigger in snapshot.triggers { lines.append(createTrigger(trigger, indent: inner)) }
        lines.append("\(indent)}")
        return lines
    }
}
