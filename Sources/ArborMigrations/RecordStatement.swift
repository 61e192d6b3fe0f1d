import SwiftSyntax

/// Data statements a migration writes with records: `try Player(name: "Arthur", score: 0).insert(db)`
/// and `try Player.deleteAll(db)`, run as the SQL GRDB would run on them (`save` and `upsert`
/// depend on the rows already there: they are notes). The record's columns are its memberwise initializer's labels (or its
/// `CodingKeys`' raw values); its table is its `databaseTableName`.
struct RecordStatement {
    var evaluator: ValueEvaluator

    static let methods: Set<String> = ["insert", "deleteAll"]

    /// `Record(…).insert(db)` or `Record.deleteAll(db)`, given the migration's database.
    static func isRecordCall(_ call: FunctionCallExprSyntax, databaseName: String) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            methods.contains(member.declName.baseName.text), call.arguments.count == 1,
            call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == databaseName,
            let base = member.base
        else { return false }
        if member.declName.baseName.text == "deleteAll" { return ValueEvaluator.typePath(base) != nil }
        guard let construction = base.as(FunctionCallExprSyntax.self) else { return false }
        return ValueEvaluator.typePath(construction.calledExpression) != nil
    }

    func call(_ call: FunctionCallExprSyntax) throws -> SchemaCall {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            throw EvaluationFailure(node: Syntax(call), message: "arbor can not read this record statement")
        }
        if member.declName.baseName.text == "deleteAll", let type = ValueEvaluator.typePath(base) {
            let table = evaluator.constants.tableName(ofType: resolved(type))
            return .execute(sql: "DELETE FROM \"\(table)\"", arguments: [])
        }
        guard let construction = base.as(FunctionCallExprSyntax.self),
            let type = ValueEvaluator.typePath(construction.calledExpression)
        else { throw EvaluationFailure(node: Syntax(call), message: "arbor can not read this record statement") }
        let owner = resolved(type)
        var columns: [String] = []
        var values: [LiteralValue] = []
        for argument in construction.arguments {
            guard let label = argument.label?.text,
                case .literal(let value) = try evaluator.evaluate(argument.expression)
            else {
                throw EvaluationFailure(
                    node: Syntax(argument),
                    message: "arbor inserts records whose properties are literals, not `\(argument.trimmedDescription)`"
                )
            }
            // The properties given to the initializer; one left to its Swift default is left to
            // the column's default here.
            let key = try evaluator.constants.value(of: owner + ".CodingKeys", label, evaluator: evaluator)?.text
            columns.append(key ?? label)
            values.append(value)
        }
        guard !columns.isEmpty else {
            throw EvaluationFailure(node: Syntax(construction), message: "arbor can not read this record's properties")
        }
        let table = evaluator.constants.tableName(ofType: owner)
        let names = columns.map { "\"" + $0 + "\"" }.joined(separator: ", ")
        let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
        return .execute(sql: "INSERT INTO \"\(table)\" (\(names)) VALUES (\(marks))", arguments: values)
    }

    /// `Self` is the type whose code holds the migration.
    private func resolved(_ type: String) -> String {
        type == "Self" ? evaluator.enclosingType ?? type : type
    }
}
