import ArborCore
import ArborLanguage
import GRDB

/// What the rules read: the schema, the session's declarations (through its
/// environment) and the database, for counting rows.
final class AdviceContext {
    let schema: SchemaGraph
    let environment: Environment
    let db: Database
    private var cachedObjects: [SchemaObject]?
    var keysByParent: [String: [(TableInfo, ArborCore.ForeignKeyInfo)]]?

    /// Tables by the lowered words a key column would name them with: `author` for
    /// `author`, `authors` and `Author` (the first table wins).
    lazy var tableByKeyName: [String: TableInfo] = {
        var map: [String: TableInfo] = [:]
        for table in userTables where table.kind == .table {
            let name = Naming.lowerCamel(Naming.words(table.name)).lowercased()
            for key in [name, Naming.singularize(name)] where map[key] == nil { map[key] = table }
        }
        return map
    }()

    init(schema: SchemaGraph, environment: Environment, db: Database) {
        self.schema = schema
        self.environment = environment
        self.db = db
    }

    /// Tables and views the advice is about: not SQLite's nor GRDB's own (`grdb_migrations`).
    var userTables: [TableInfo] {
        schema.tables.filter { ($0.kind == .table || $0.kind == .view) && !$0.name.lowercased().hasPrefix("grdb_") }
    }

    /// Indexes, triggers and views with their statements, in creation order (read once, when a rebuild needs them).
    func objects() throws -> [SchemaObject] {
        if let cachedObjects { return cachedObjects }
        let objects = try Row.fetchAll(
            db,
            sql: """
                SELECT type, name, tbl_name, sql FROM sqlite_master
                WHERE type IN ('index', 'trigger', 'view') AND sql IS NOT NULL ORDER BY rowid
                """
        ).map { row in
            SchemaObject(
                type: row["type"] ?? "", name: row["name"] ?? "", table: row["tbl_name"] ?? "", sql: row["sql"] ?? "")
        }
        cachedObjects = objects
        return objects
    }

    func rebuild(_ table: TableInfo, _ changes: [TableRebuild.Change]) throws -> [String]? {
        TableRebuild(table: table, schema: schema, objects: try objects()).lines(changes)
    }

    /// The record type that names `table` in the session, when it is a Swift identifier.
    func typeName(_ table: String) -> String? {
        environment.typeNames.type(forTable: table).flatMap { Naming.isIdentifier($0) ? $0 : nil }
    }

    /// True when a declared association uses `columns` of `child` as its foreign key: a
    /// BelongsTo of `child`, or a HasOne/HasMany of `parent` to `child`.
    func declaresForeignKey(_ columns: [String], child: String, parent: String) -> Bool {
        let folded = columns.map(\.sqlFolded)
        func uses(_ entry: AssociationCatalog.Entry, origin: String, destination: String?) -> Bool {
            guard entry.isDeclared, case .direct(_, let o, let d, _, let fk?) = entry.plan.base,
                o.sqlFolded == origin.sqlFolded, destination.map({ d.sqlFolded == $0.sqlFolded }) ?? true
            else { return false }
            return fk.originColumns.map(\.sqlFolded) == folded
        }
        return environment.catalog.associations(of: child).contains {
            $0.plan.base.kind == .belongsTo && uses($0, origin: child, destination: nil)
        }
            || environment.catalog.associations(of: parent).contains {
                $0.plan.base.kind != .belongsTo && uses($0, origin: parent, destination: child)
            }
    }
}

extension AdviceContext {
    /// The foreign keys of other tables (and of `table` itself) that reference `table`.
    func keys(to table: String) -> [(child: TableInfo, fk: ArborCore.ForeignKeyInfo)] {
        if keysByParent == nil {
            var map: [String: [(TableInfo, ArborCore.ForeignKeyInfo)]] = [:]
            for child in schema.tables where child.kind == .table {
                for fk in child.foreignKeys { map[fk.destinationTable.sqlFolded, default: []].append((child, fk)) }
            }
            keysByParent = map
        }
        return keysByParent?[table.sqlFolded] ?? []
    }

    /// True when a declared association from `origin` to `destination` gives its key
    /// (`key:`) and uses `columns` as its foreign key (or names none, leaving GRDB to infer it).
    func declaresKeyedAssociation(origin: String, destination: String, columns: [String]) -> Bool {
        environment.catalog.associations(of: origin).contains { entry in
            guard entry.isDeclared, case .direct(_, let o, let d, let key?, let fk) = entry.plan.base,
                o.sqlFolded == origin.sqlFolded, d.sqlFolded == destination.sqlFolded, !key.isEmpty
            else { return false }
            return fk.map { $0.originColumns.map(\.sqlFolded) == columns.map(\.sqlFolded) } ?? true
        }
    }
}

/// `body`'s value, or nil when SQLite fails on one object (a view over a missing
/// table, a foreign key to a non-unique key); an interruption (Ctrl-C) still stops
/// the whole advice.
func skippingBrokenObjects<T>(_ body: () throws -> T) throws -> T? {
    do {
        return try body()
    } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
        throw error
    } catch {
        return nil
    }
}
