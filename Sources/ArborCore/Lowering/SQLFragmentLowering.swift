import GRDB

extension Lowering {
    /// GRDB's `SQL` for a fragment, built piece by piece with `SQLInterpolation`
    /// as Swift builds `SQL("… \(x) …")`: GRDB writes every piece.
    func sql(_ fragment: SQLFragment) throws -> SQL {
        if fragment.pieces.count == 1, case .sql(let sql, let arguments) = fragment.pieces[0] {
            return SQL(sql: sql, arguments: Self.arguments(arguments))
        }
        var interpolation = SQLInterpolation(literalCapacity: 0, interpolationCount: fragment.pieces.count)
        for piece in fragment.pieces {
            switch piece {
            case .text(let text):
                interpolation.appendLiteral(text)
            case .sql(let sql, let arguments):
                interpolation.appendInterpolation(sql: sql, arguments: Self.arguments(arguments))
            case .expression(.value(.null)):
                interpolation.appendInterpolation(nil as (any SQLExpressible)?)
            case .expression(.value(let value)):
                interpolation.appendInterpolation(value.databaseValue)
            case .expression(let e):
                interpolation.appendInterpolation(try expression(lower(e)))
            case .ordering(let term):
                interpolation.appendInterpolation(try ordering(term))
            case .selection(let selection):
                interpolation.appendInterpolation(try selectable(selection))
            case .table(let name):
                interpolation.appendInterpolation(Table<Row>(name))
            case .identifier(let name):
                interpolation.appendInterpolation(identifier: name)
            case .literal(let inner):
                interpolation.appendInterpolation(try sql(inner))
            case .columnsOf(let table, let selection, let alias):
                let record = SelectionOfTable.Current(
                    table: table, selection: try selection.map { try $0.map(selectable) } ?? [AllColumns()])
                // GRDB reads the type's name and selection while appending: the task-local holds for that call.
                SelectionOfTable.$current.withValue(record) {
                    interpolation.appendInterpolation(columnsOf: SelectionOfTable.self, tableAlias: alias)
                }
            case .list(let list):
                interpolation.appendInterpolation(try list.map { try expression(lower($0)) })
            case .subquery(let plan):
                interpolation.appendInterpolation(try subquery(plan))
            case .commonTable(let cte):
                interpolation.appendInterpolation(try commonTableExpression(cte))
            case .commonTableDefinition(let cte):
                interpolation.appendInterpolation(definitionFor: try commonTableExpression(cte))
            }
        }
        return SQL(stringInterpolation: interpolation)
    }

    static func arguments(_ arguments: SQLArguments) -> StatementArguments {
        let positional = StatementArguments(arguments.positional.map(\.databaseValue))
        guard !arguments.named.isEmpty else { return positional }
        let named = StatementArguments(arguments.named.mapValues(\.databaseValue))
        return arguments.positional.isEmpty ? named : named + positional
    }
}
