import GRDB

/// Runs `SchemaCall`s through GRDB's own schema API: `create(table:)` with a body that
/// replays the members on GRDB's `TableDefinition`, `alter(table:)` on its
/// `TableAlteration`, and so on. The SQL is GRDB's, never arbor's.
enum SchemaReplay {
    static func run(_ call: SchemaCall, in db: Database) throws {
        switch call {
        case .createTable(let name, let options, let members):
            try db.create(table: name, options: tableOptions(options)) { t in
                for member in members { apply(member, to: t) }
            }
        case .alterTable(let name, let changes):
            try db.alter(table: name) { t in
                for change in changes {
                    switch change {
                    case .add(let column): modify(t.add(column: column.name, columnType(column.type)), column.modifiers)
                    case .addColumnSQL(let sql): t.addColumn(sql: sql)
                    case .rename(let old, let new): t.rename(column: old, to: new)
                    case .drop(let column): t.drop(column: column)
                    }
                }
            }
        case .createIndex(let index):
            var options: IndexOptions = []
            if index.unique { options.insert(.unique) }
            if index.ifNotExists { options.insert(.ifNotExists) }
            let condition = index.condition.map(sqlExpression)
            if let expressions = index.expressions {
                try db.create(
                    index: index.name ?? "", on: index.table, expressions: expressions.map(sqlExpression),
                    options: options, condition: condition)
            } else if let name = index.name {
                try db.create(
                    index: name, on: index.table, columns: index.columns, options: options, condition: condition)
            } else {
                try db.create(indexOn: index.table, columns: index.columns, options: options, condition: condition)
            }
        case .dropTable(let name): try db.drop(table: name)
        case .dropIndex(let name): try db.drop(index: name)
        case .dropIndexOn(let table, let columns): try db.drop(indexOn: table, columns: columns)
        case .dropView(let name): try db.drop(view: name)
        case .renameTable(let name, let newName): try db.rename(table: name, to: newName)
        case .createView(let name, let options, let columns, let sql):
            var viewOptions: ViewOptions = []
            if options.contains("ifNotExists") { viewOptions.insert(.ifNotExists) }
            if options.contains("temporary") { viewOptions.insert(.temporary) }
            try db.create(view: name, options: viewOptions, columns: columns, as: SQLRequest<Row>(sql: sql))
        case .createViewRequest(let name, let options, let columns, let view):
            var viewOptions: ViewOptions = []
            if options.contains("ifNotExists") { viewOptions.insert(.ifNotExists) }
            if options.contains("temporary") { viewOptions.insert(.temporary) }
            var request = Table<Row>(view.table).all()
            if let selection = view.selection { request = request.select(selection.map(sqlExpression)) }
            for filter in view.filters { request = request.filter(sqlExpression(filter)) }
            if !view.orderings.isEmpty {
                request = request.order(
                    view.orderings.map { ordering -> any SQLOrderingTerm in
                        let x = sqlExpression(ordering.expression)
                        switch ordering.descending {
                        case true?: return x.desc
                        case false?: return x.asc
                        case nil: return x
                        }
                    })
            }
            if let limit = view.limit { request = request.limit(limit) }
            try db.create(view: name, options: viewOptions, columns: columns, as: request)
        case .createFTS5(let name, let options, let table):
            var tableOptions: VirtualTableOptions = []
            if options.contains("ifNotExists") { tableOptions.insert(.ifNotExists) }
            if options.contains("temporary") { tableOptions.insert(.temporary) }
            try db.create(virtualTable: name, options: tableOptions, using: FTS5()) { t in
                for column in table.columns {
                    let definition = t.column(column.name)
                    if !column.indexed { definition.notIndexed() }
                }
                if let components = table.tokenizer, !components.isEmpty {
                    t.tokenizer = FTS5TokenizerDescriptor(components: components)
                }
                if let synchronized = table.synchronizedTable { t.synchronize(withTable: synchronized) }
                if let content = table.content { t.content = content }
                if let rowID = table.contentRowID { t.contentRowID = rowID }
                if let prefixes = table.prefixes { t.prefixes = Set(prefixes) }
                if let size = table.columnSize { t.columnSize = size }
                if let detail = table.detail { t.detail = detail }
            }
        case .createFTS4(let name, let options, let table):
            var tableOptions: VirtualTableOptions = []
            if options.contains("ifNotExists") { tableOptions.insert(.ifNotExists) }
            if options.contains("temporary") { tableOptions.insert(.temporary) }
            try db.create(virtualTable: name, options: tableOptions, using: FTS4()) { t in
                for column in table.columns {
                    let definition = t.column(column.name)
                    if !column.indexed { definition.notIndexed() }
                    if column.isLanguageID { definition.asLanguageId() }
                }
                switch table.tokenizer {
                case .simple?: t.tokenizer = .simple
                case .porter?: t.tokenizer = .porter
                case .unicode61(let keepsDiacritics, let separators, let tokenCharacters)?:
                    t.tokenizer = .unicode61(
                        diacritics: keepsDiacritics ? .keep : .removeLegacy, separators: separators,
                        tokenCharacters: tokenCharacters)
                case nil: break
                }
                if let synchronized = table.synchronizedTable { t.synchronize(withTable: synchronized) }
                if let content = table.content { t.content = content }
                if let compress = table.compress { t.compress = compress }
                if let uncompress = table.uncompress { t.uncompress = uncompress }
                if let matchinfo = table.matchinfo { t.matchinfo = matchinfo }
                if let prefixes = table.prefixes { t.prefixes = Set(prefixes) }
            }
        case .dropFTS4SynchronizationTriggers(let table):
            try db.dropFTS4SynchronizationTriggers(forTable: table)
        case .createVirtualTable(let name, let ifNotExists, let module):
            try db.create(virtualTable: name, ifNotExists: ifNotExists, using: module)
        case .execute(let sql, let arguments):
            try db.execute(sql: sql, arguments: StatementArguments(arguments.map(databaseValue)))
        }
    }

    static func tableOptions(_ names: Set<String>) -> TableOptions {
        var options: TableOptions = []
        if names.contains("ifNotExists") { options.insert(.ifNotExists) }
        if names.contains("temporary") { options.insert(.temporary) }
        if names.contains("withoutRowID") { options.insert(.withoutRowID) }
        if names.contains("strict") { options.insert(.strict) }
        return options
    }

    private static func apply(_ member: TableMember, to t: TableDefinition) {
        switch member {
        case .column(let column): modify(t.column(column.name, columnType(column.type)), column.modifiers)
        case .columnSQL(let sql): t.column(sql: sql)
        case .primaryKeyColumn(let column, let conflict):
            if let type = column.type {
                modify(
                    t.primaryKey(
                        column.name, Database.ColumnType(rawValue: type), onConflict: conflict.flatMap(resolution)),
                    column.modifiers)
            } else {
                modify(t.column(column.name).primaryKey(onConflict: conflict.flatMap(resolution)), column.modifiers)
            }
        case .autoIncrementedPrimaryKey(let column, let conflict):
            modify(t.autoIncrementedPrimaryKey(column.name, onConflict: conflict.flatMap(resolution)), column.modifiers)
        case .primaryKey(let columns, let conflict):
            t.primaryKey(columns, onConflict: conflict.flatMap(resolution))
        case .primaryKeyBody(let members, let conflict):
            t.primaryKey(onConflict: conflict.flatMap(resolution)) {
                for member in members { apply(member, to: t) }
            }
        case .belongsTo(let call):
            let foreignKey = t.belongsTo(
                call.name, inTable: call.table, onDelete: call.onDelete.flatMap(action),
                onUpdate: call.onUpdate.flatMap(action), deferred: call.deferred, indexed: call.indexed)
            if let notNull = call.notNull { foreignKey.notNull(onConflict: notNull.flatMap(resolution)) }
            if call.unique { foreignKey.unique() }
        case .foreignKey(let columns, let table, let destination, let onDelete, let onUpdate, let deferred):
            t.foreignKey(
                columns, references: table, columns: destination, onDelete: onDelete.flatMap(action),
                onUpdate: onUpdate.flatMap(action), deferred: deferred)
        case .uniqueKey(let columns, let conflict): t.uniqueKey(columns, onConflict: conflict.flatMap(resolution))
        case .check(let expression): t.check(sqlExpression(expression))
        case .checkSQL(let sql): t.check(sql: sql)
        case .constraintSQL(let sql): t.constraint(sql: sql)
        }
    }

    private static func modify(_ column: ColumnDefinition, _ modifiers: [ColumnModifier]) {
        for modifier in modifiers {
            switch modifier {
            case .notNull(let conflict): column.notNull(onConflict: conflict.flatMap(resolution))
            case .unique(let conflict): column.unique(onConflict: conflict.flatMap(resolution))
            case .primaryKey(let conflict, let autoincrement):
                column.primaryKey(onConflict: conflict.flatMap(resolution), autoincrement: autoincrement)
            case .indexed: column.indexed()
            case .defaults(let value): column.defaults(to: databaseValue(value))
            case .defaultsSQL(let sql): column.defaults(sql: sql)
            case .collate(let name): column.collate(Database.CollationName(rawValue: name))
            case .check(let expression):
                let condition = sqlExpression(expression)
                column.check { _ in condition }
            case .checkSQL(let sql): column.check(sql: sql)
            case .references(let table, let destination, let onDelete, let onUpdate, let deferred):
                column.references(
                    table, column: destination, onDelete: onDelete.flatMap(action), onUpdate: onUpdate.flatMap(action),
                    deferred: deferred)
            case .generatedAs(let expression, let stored):
                column.generatedAs(sqlExpression(expression), stored ? .stored : .virtual)
            case .generatedAsSQL(let sql, let stored): column.generatedAs(sql: sql, stored ? .stored : .virtual)
            }
        }
    }

    static func columnType(_ raw: String?) -> Database.ColumnType? { raw.map(Database.ColumnType.init(rawValue:)) }

    static func action(_ name: String) -> Database.ForeignKeyAction? {
        switch name {
        case "cascade": .cascade
        case "restrict": .restrict
        case "setNull": .setNull
        case "setDefault": .setDefault
        default: nil
        }
    }

    static func resolution(_ name: String) -> Database.ConflictResolution? {
        switch name {
        case "rollback": .rollback
        case "abort": .abort
        case "fail": .fail
        case "ignore": .ignore
        case "replace": .replace
        default: nil
        }
    }

    static func databaseValue(_ value: LiteralValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let i): i.databaseValue
        case .real(let d): d.databaseValue
        case .text(let s): s.databaseValue
        case .bool(let b): b.databaseValue
        }
    }

    /// A `SchemaExpression` built again with GRDB's operators and functions.
    static func sqlExpression(_ expression: SchemaExpression) -> SQLExpression {
        switch expression {
        case .column(let name): return Column(name).sqlExpression
        case .value(let value): return databaseValue(value).sqlExpression
        case .sql(let sql): return SQL(sql: sql).sqlExpression
        case .not(let x): return !sqlExpression(x)
        case .negated(let x): return -sqlExpression(x)
        case .like(let x, let pattern): return sqlExpression(x).like(sqlExpression(pattern))
        case .contains(let list, let x): return list.map(sqlExpression).contains(sqlExpression(x))
        case .function(let name, let arguments):
            // Only GRDB's `length` and `abs` are read (`ValueEvaluator.sqlFunctions`).
            let x = arguments.first.map(sqlExpression) ?? DatabaseValue.null.sqlExpression
            return name == "length" ? length(x) : abs(x)
        case .binary(let op, let a, let b):
            let x = sqlExpression(a)
            let y = sqlExpression(b)
            switch op {
            case "==": return x == y
            case "!=": return x != y
            case "<": return x < y
            case "<=": return x <= y
            case ">": return x > y
            case ">=": return x >= y
            case "&&": return x && y
            case "||": return x || y
            case "+": return x + y
            case "-": return x - y
            case "*": return x * y
            default: return x / y
            }
        }
    }
}
