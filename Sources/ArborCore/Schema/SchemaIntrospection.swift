import GRDB

/// Reads a `SchemaGraph` with four queries. When one of them fails because a
/// single object is broken (a view over a missing table, an unknown virtual
/// table module), it falls back to reading objects one at a time and skips the
/// broken ones, so that one bad view does not hide the whole schema.
struct SchemaIntrospection {
    let db: Database

    init(_ db: Database) { self.db = db }

    private struct MasterEntry {
        var name: String
        var type: String
        var sql: String?
    }

    func load() throws -> SchemaGraph {
        let entries = try Row.fetchAll(
            db,
            sql: """
                SELECT name, type, sql FROM sqlite_master
                WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                ORDER BY rowid
                """
        ).map { row in
            MasterEntry(name: row.text("name") ?? "", type: row.text("type") ?? "table", sql: row.text("sql"))
        }
        let listKinds = (try? tableListKinds()) ?? [:]
        let columns = try bulkOrPerTable(entries.map(\.name), query: columnsQuery, perTable: columnQuery)
        let foreignKeys = try bulkOrPerTable(entries.map(\.name), query: foreignKeysQuery, perTable: foreignKeyQuery)
        let indexes = try bulkOrPerTable(entries.map(\.name), query: indexesQuery, perTable: indexQuery)

        var tables: [TableInfo] = entries.map { entry in
            let lowered = entry.name.sqlFolded
            let listed = listKinds[lowered]
            var kind: TableInfo.Kind = entry.type == "view" ? .view : .table
            if let listedKind = listed?.kind { kind = listedKind }
            if kind == .table, let sql = entry.sql, sql.uppercased().hasPrefix("CREATE VIRTUAL") { kind = .virtual }
            let cols = (columns[lowered] ?? []).compactMap(Self.column(from:))
            let declaredKey = cols.filter { $0.primaryKeyIndex > 0 }
                .sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }.map(\.name)
            let isWithoutRowID = listed?.withoutRowID ?? false
            var primaryKey = declaredKey
            // As GRDB: no declared key means the hidden rowid, virtual tables (FTS) included.
            if primaryKey.isEmpty && ((kind == .table && !isWithoutRowID) || (kind == .virtual && !cols.isEmpty)) {
                primaryKey = ["rowid"]
            }
            return TableInfo(
                name: entry.name, kind: kind, isWithoutRowID: isWithoutRowID, columns: cols,
                primaryKey: primaryKey, foreignKeys: [],
                uniqueIndexes: Self.uniqueIndexes(from: indexes[lowered] ?? []), sql: entry.sql,
                indexes: Self.indexes(from: indexes[lowered] ?? []))
        }
        let graph = SchemaGraph(tables: tables)
        for i in tables.indices {
            tables[i].foreignKeys = Self.foreignKeys(
                from: foreignKeys[tables[i].name.sqlFolded] ?? [], graph: graph)
        }
        return SchemaGraph(tables: tables)
    }

    // MARK: Queries

    private let columnsQuery = """
        SELECT m.name AS tableName, c.name, c.type, c."notnull", c.dflt_value, c.pk, c.hidden
        FROM sqlite_master m JOIN pragma_table_xinfo(m.name) c
        WHERE m.type IN ('table', 'view') ORDER BY m.rowid, c.cid
        """
    private let columnQuery = """
        SELECT ? AS tableName, c.name, c.type, c."notnull", c.dflt_value, c.pk, c.hidden
        FROM pragma_table_xinfo(?) c ORDER BY c.cid
        """
    private let foreignKeysQuery = """
        SELECT m.name AS tableName, f.id, f.seq, f."table", f."from", f."to"
        FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f
        WHERE m.type = 'table' ORDER BY m.rowid, f.id, f.seq
        """
    private let foreignKeyQuery = """
        SELECT ? AS tableName, f.id, f.seq, f."table", f."from", f."to"
        FROM pragma_foreign_key_list(?) f ORDER BY f.id, f.seq
        """
    private let indexesQuery = """
        SELECT m.name AS tableName, il.name AS indexName, il."unique", il.partial, il.origin, ii.seqno, ii.name
        FROM sqlite_master m JOIN pragma_index_list(m.name) il JOIN pragma_index_info(il.name) ii
        WHERE m.type = 'table' ORDER BY m.rowid, il.name, ii.seqno
        """
    private let indexQuery = """
        SELECT ? AS tableName, il.name AS indexName, il."unique", il.partial, il.origin, ii.seqno, ii.name
        FROM pragma_index_list(?) il JOIN pragma_index_info(il.name) ii ORDER BY il.name, ii.seqno
        """

    /// Rows grouped by lowercased table name.
    private func bulkOrPerTable(_ names: [String], query: String, perTable: String) throws -> [String: [Row]] {
        var rows: [Row]
        do {
            rows = try Row.fetchAll(db, sql: query)
        } catch {
            rows = []
            for name in names {
                if let tableRows = try? Row.fetchAll(db, sql: perTable, arguments: [name, name]) {
                    rows.append(contentsOf: tableRows)
                }
            }
        }
        var grouped: [String: [Row]] = [:]
        for row in rows {
            let name = row.text("tableName") ?? ""
            grouped[name.sqlFolded, default: []].append(row)
        }
        return grouped
    }

    private func tableListKinds() throws -> [String: (kind: TableInfo.Kind?, withoutRowID: Bool)] {
        var result: [String: (kind: TableInfo.Kind?, withoutRowID: Bool)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, type, wr FROM pragma_table_list WHERE schema = 'main'") {
            let name = row.text("name") ?? ""
            let type = row.text("type") ?? ""
            let wr = row.integer("wr") ?? 0
            result[name.sqlFolded] = (TableInfo.Kind(rawValue: type), wr != 0)
        }
        return result
    }

    // MARK: Decoding

    private static func column(from row: Row) -> ColumnInfo? {
        guard let name = row.text("name") else { return nil }
        let hidden = row.integer("hidden") ?? 0
        // Hidden columns of virtual tables are not selectable by `*`.
        if hidden == 1 { return nil }
        return ColumnInfo(
            name: name, type: row.text("type") ?? "", isNotNull: (row.integer("notnull") ?? 0) != 0,
            defaultValueSQL: row.text("dflt_value"), primaryKeyIndex: row.integer("pk") ?? 0, hidden: hidden)
    }

    private static func indexes(from rows: [Row]) -> [IndexInfo] {
        var indexes: [IndexInfo] = []
        for row in rows {
            let name = row.text("indexName") ?? ""
            if indexes.last?.name != name {
                indexes.append(
                    IndexInfo(
                        name: name, columns: [], isUnique: (row.integer("unique") ?? 0) != 0,
                        isPartial: (row.integer("partial") ?? 0) != 0, origin: row.text("origin") ?? ""))
            }
            indexes[indexes.count - 1].columns.append(row.text("name"))
        }
        return indexes
    }

    private static func uniqueIndexes(from rows: [Row]) -> [[String]] {
        var order: [String] = []
        var columns: [String: [String?]] = [:]
        var eligible: [String: Bool] = [:]
        for row in rows {
            let index = row.text("indexName") ?? ""
            if columns[index] == nil {
                order.append(index)
                columns[index] = []
                let unique = row.integer("unique") ?? 0
                let partial = row.integer("partial") ?? 0
                let origin = row.text("origin") ?? ""
                // The primary key's own index adds nothing to `primaryKey`.
                eligible[index] = unique != 0 && partial == 0 && origin != "pk"
            }
            columns[index, default: []].append(row.text("name"))
        }
        return order.compactMap { index -> [String]? in
            guard eligible[index] == true, let cols = columns[index] else { return nil }
            // An expression index has a NULL column name: it does not make a key.
            let names = cols.compactMap { $0 }
            return names.count == cols.count && !names.isEmpty ? names : nil
        }
    }

    private static func foreignKeys(from rows: [Row], graph: SchemaGraph) -> [ForeignKeyInfo] {
        var keys: [ForeignKeyInfo] = []
        var toColumns: [[String?]] = []
        for row in rows {
            let id = row.integer("id") ?? 0
            if keys.last?.id != id || keys.isEmpty {
                keys.append(
                    ForeignKeyInfo(
                        id: id, destinationTable: row.text("table") ?? "", originColumns: [], destinationColumns: []))
                toColumns.append([])
            }
            keys[keys.count - 1].originColumns.append(row.text("from") ?? "")
            toColumns[toColumns.count - 1].append(row.text("to"))
        }
        for i in keys.indices {
            let explicit = toColumns[i].compactMap { $0 }
            if explicit.count == toColumns[i].count {
                keys[i].destinationColumns = explicit
            } else if let parent = graph.table(named: keys[i].destinationTable) {
                // `REFERENCES parent` without columns means the parent's primary key.
                let declared = parent.columns.filter { $0.primaryKeyIndex > 0 }
                    .sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }.map(\.name)
                keys[i].destinationColumns = declared.count == keys[i].originColumns.count ? declared : []
            }
        }
        return keys.sorted { $0.id < $1.id }
    }
}
