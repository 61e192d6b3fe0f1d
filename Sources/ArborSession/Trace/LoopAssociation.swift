import ArborCore
import ArborLanguage

/// An association seen from the statements of a loop that walks it by hand: the
/// table the loop reads, and the key columns each of its statements pins to one
/// row's values (`"book"."authorId" = 1` for `Author.books`), as GRDB's
/// `record.request(for: association)` writes it.
struct LoopAssociation: Equatable {
    /// `Author.books`, as the app names it.
    var swiftName: String
    /// The association's own name (`books`), for `including(…: Author.books)`.
    var name: String
    var origin: String
    /// The table the loop's statements read (the association's destination).
    var destination: String
    var isToMany: Bool
    var kind: AssociationKind
    /// The table that holds the columns the loop pins: the destination, or the
    /// pivot of a through association.
    var keyTable: String
    var keyColumns: [String]
    /// The origin's columns whose values the loop pins `keyColumns` to, in the same order.
    var originColumns: [String]
    /// Declared by the app (or the demo's prelude) rather than inferred.
    var isDeclared: Bool
    /// Refined with `filter`, `order`, …: a loop matches it only less surely.
    var isRefined: Bool

    /// Every association of the environment whose loops can be recognized.
    static func all(in environment: Environment) -> [LoopAssociation] {
        let resolver = ForeignKeyResolver(schema: environment.schema)
        var result: [LoopAssociation] = []
        for table in environment.schema.tables where !table.isView {
            for entry in environment.catalog.associations(of: table.name) {
                guard let key = key(of: entry.plan, resolver: resolver, schema: environment.schema) else { continue }
                let type = environment.displayName(ofTable: entry.plan.origin)
                result.append(
                    LoopAssociation(
                        swiftName: "\(type).\(entry.name)", name: entry.name, origin: entry.plan.origin,
                        destination: entry.plan.destination, isToMany: entry.plan.isToMany,
                        kind: entry.plan.base.kind, keyTable: key.table, keyColumns: key.columns,
                        originColumns: key.originColumns, isDeclared: entry.isDeclared,
                        isRefined: !entry.plan.operations.isEmpty))
            }
        }
        // Declared and plain associations first: the app's own words are the fix.
        return result.enumerated().sorted { a, b in
            let ra = (a.element.isRefined ? 2 : 0) + (a.element.isDeclared ? 0 : 1)
            let rb = (b.element.isRefined ? 2 : 0) + (b.element.isDeclared ? 0 : 1)
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }

    /// The columns a request for one origin row pins, and the origin's columns they take.
    private static func key(of plan: AssociationPlan, resolver: ForeignKeyResolver, schema: SchemaGraph) -> (
        table: String, columns: [String], originColumns: [String]
    )? {
        switch plan.base {
        case .direct(let kind, let origin, let destination, _, let foreignKey):
            guard
                let spec = try? resolver.resolve(
                    kind: kind, origin: origin, destination: destination, foreignKey: foreignKey,
                    displayName: plan.displayName, range: nil)
            else { return nil }
            let referenced = kind == .belongsTo ? destination : origin
            var referencedColumns = spec.destinationColumns ?? []
            if referencedColumns.isEmpty { referencedColumns = schema.table(named: referenced)?.primaryKey ?? [] }
            guard referencedColumns.count == spec.originColumns.count else { return nil }
            if kind == .belongsTo {
                return (destination, referencedColumns, spec.originColumns)
            }
            return (destination, spec.originColumns, referencedColumns)
        case .through(_, _, let pivot, _, _):
            return key(of: pivot, resolver: resolver, schema: schema)
        case .commonTable:
            return nil
        }
    }

    /// The parameters of `shape` that hold this association's key, in key column
    /// order, when the statement reads the destination and pins every key column.
    func keyParameters(in shape: StatementShape) -> [Int]? {
        guard let table = shape.table, table.sqlFolded == destination.sqlFolded else { return nil }
        var parameters: [Int] = []
        for column in keyColumns {
            let match = shape.keyComparisons.first { comparison in
                guard comparison.column.sqlFolded == column.sqlFolded else { return false }
                guard let qualifier = comparison.qualifier else { return keyTable.sqlFolded == table.sqlFolded }
                return qualifier.sqlFolded == keyTable.sqlFolded
            }
            guard let match else { return nil }
            parameters.append(match.parameter)
        }
        return parameters
    }
}
