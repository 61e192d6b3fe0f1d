import ArborCore

/// Tables and views without a primary key. A table's rows then have no identity of
/// their own: GRDB falls back to the hidden rowid, which `VACUUM` may renumber, and
/// associations to it need `ForeignKey(…, to: […])`. The migration makes `id` the
/// primary key (a column `id` holding the old rowids when there is none). A view
/// never has one: the app tells GRDB with a `DatabaseSchemaSource` (GRDB 7).
enum MissingPrimaryKeyRule {
    static func advice(_ table: TableInfo, _ context: AdviceContext) -> [Advice] {
        switch table.kind {
        case .table where table.primaryKey == ["rowid"] && table.column(named: "rowid") == nil:
            let change: TableRebuild.Change
            if let id = table.column(named: "id") {
                change = .tableConstraint("PRIMARY KEY (\(MigrationCode.sqlName(id.name)))")
            } else {
                change = .leadingColumn(definition: "\"id\" INTEGER PRIMARY KEY", name: "id", source: "rowid")
            }
            return [
                Advice(
                    rule: .missingPrimaryKey, table: table.name,
                    what:
                        "table \(SchemaText.name(table.name)) has no primary key: its rows have no identity of their own "
                        + "(GRDB falls back to the hidden rowid, which VACUUM may renumber), and associations to it need `ForeignKey(…, to: […])`",
                    why: GuideWords.primaryKey,
                    fix: AdviceFix(title: "Give \(table.name) a primary key", rebuild: [change]))
            ]
        case .view:
            let key = table.column(named: "id")?.name ?? table.columns.first?.name ?? "id"
            return [
                Advice(
                    rule: .viewPrimaryKey, table: table.name,
                    what:
                        "view \(SchemaText.name(table.name)) has no primary key: GRDB can not `filter(key:)`, count associations to it, "
                        + "or infer a foreign key to it, unless the app's configuration names the columns that identify its rows",
                    why: GuideWords.primaryKey,
                    appCode: """
                        struct AppSchemaSource: DatabaseSchemaSource {
                            func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
                                if view.name == \(MigrationCode.string(table.name)) { return \(MigrationCode.strings([key])) }
                                return nil
                            }
                        }
                        // var config = Configuration()
                        // config.schemaSource = AppSchemaSource()
                        """)
            ]
        default:
            return []
        }
    }
}
