import ArborCore

/// GRDB's `SQL` literals and `StatementArguments` written as Swift source.
enum SwiftLiterals {
    /// `[1, "a"]`, `["name": "a"]`, or both added (`["name": "a"] + [1]`).
    static func arguments(_ args: SQLArguments) -> String {
        let positional = "[" + args.positional.map(\.description).joined(separator: ", ") + "]"
        guard !args.named.isEmpty else { return positional }
        let named =
            "["
            + args.named.sorted { $0.key < $1.key }.map { "\(SQLValue.swiftQuoted($0.key)): \($0.value)" }
            .joined(separator: ", ") + "]"
        return args.positional.isEmpty ? named : "StatementArguments(\(named)) + \(positional)"
    }

    /// `SQL("name = \(Column("name"))")`, or `SQL(sql:arguments:)` for one raw piece.
    static func sql(_ fragment: SQLFragment, printer: SwiftPrinter) -> String {
        if fragment.pieces.count == 1, case .sql(let sql, let args) = fragment.pieces[0] {
            return "SQL(sql: \(SQLValue.swiftQuoted(sql))\(args.isEmpty ? "" : ", arguments: " + arguments(args)))"
        }
        var body = ""
        for piece in fragment.pieces {
            switch piece {
            case .text(let text): body += String(SQLValue.swiftQuoted(text).dropFirst().dropLast())
            case .sql(let sql, let args):
                body += "\\(sql: \(SQLValue.swiftQuoted(sql))\(args.isEmpty ? "" : ", arguments: " + arguments(args)))"
            // A bare `nil` would be ambiguous among GRDB's interpolations: GRDB writes NULL for a nil value.
            case .expression(.value(.null)): body += "\\(nil as DatabaseValue?)"
            case .expression(let e): body += "\\(\(printer.expression(e)))"
            case .ordering(let term): body += "\\(\(printer.ordering(term)))"
            case .selection(let selection): body += "\\(\(printer.selectable(selection)))"
            case .table(let table): body += "\\(\(printer.type(table)).self)"
            case .identifier(let name): body += "\\(identifier: \(SQLValue.swiftQuoted(name)))"
            case .literal(let inner): body += "\\(\(sql(inner, printer: printer)))"
            case .columnsOf(let table, _, let alias):
                body += "\\(columnsOf: \(printer.type(table)).self"
                body += (alias.map { ", tableAlias: \(SQLValue.swiftQuoted($0))" } ?? "") + ")"
            case .list(let list): body += "\\([" + list.map(printer.expression).joined(separator: ", ") + "])"
            case .subquery(let plan): body += "\\(\(printer.request(plan)))"
            case .commonTable(let cte): body += "\\(\(printer.commonTableExpression(cte)))"
            case .commonTableDefinition(let cte): body += "\\(definitionFor: \(printer.commonTableExpression(cte)))"
            }
        }
        return "SQL(\"\(body)\")"
    }
}
