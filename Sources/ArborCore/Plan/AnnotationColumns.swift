/// How many of a level's base columns are annotations, read from the plan: GRDB
/// appends the columns of `annotated(with:)`, `annotated(withRequired:)` and
/// `annotated(withOptional:)` after the level's own selection (before the scopes
/// of its to-one includes), and a later `select` drops them. Views show them first.
public enum AnnotationColumns {
    /// The annotation columns of a level of `table` refined by `operations`; nil when
    /// the plan can not tell (raw SQL selections, every column of a table the schema
    /// does not know).
    public static func count(_ operations: [RequestOperation], table: String, schema: SchemaGraph?) -> Int? {
        var count: Int? = 0
        for operation in operations {
            switch operation {
            case .select, .databaseSelection, .selectSQL, .selectLiteral:
                // GRDB: `select` replaces the whole selection, annotations included.
                count = 0
            case .annotated(let items):
                count = sum(count, width(of: items, table: table, schema: schema))
            case .annotatedWithRequired(let association), .annotatedWithOptional(let association):
                count = sum(count, selectionWidth(of: association, schema: schema))
            default:
                continue
            }
        }
        return count
    }

    /// The columns an association's selection gives (`Player.team.select(Column("color"))`
    /// gives one; `Player.team` every column of `team`).
    static func selectionWidth(of association: AssociationPlan, schema: SchemaGraph?) -> Int? {
        let table = association.destination
        var width = allColumns(of: table, schema: schema)
        for operation in association.operations {
            switch operation {
            case .select(let items), .databaseSelection(_, let items):
                width = self.width(of: items, table: table, schema: schema)
            case .selectSQL, .selectLiteral:
                width = nil
            case .annotated(let items):
                width = sum(width, self.width(of: items, table: table, schema: schema))
            case .annotatedWithRequired(let inner), .annotatedWithOptional(let inner):
                width = sum(width, selectionWidth(of: inner, schema: schema))
            default:
                continue
            }
        }
        return width
    }

    static func width(of items: [Selectable], table: String, schema: SchemaGraph?) -> Int? {
        var width: Int? = 0
        for item in items {
            switch item {
            case .expression: width = sum(width, 1)
            case .allColumns(alias: nil): width = sum(width, allColumns(of: table, schema: schema))
            case .allColumns, .allColumnsExcluding: width = nil
            }
        }
        return width
    }

    /// `*`: the table's columns but the hidden ones of a virtual table.
    static func allColumns(of table: String, schema: SchemaGraph?) -> Int? {
        schema?.table(named: table).map { $0.columns.filter { $0.hidden != 1 }.count }
    }

    private static func sum(_ a: Int?, _ b: Int?) -> Int? {
        guard let a, let b else { return nil }
        return a + b
    }
}
