import SwiftSyntax

/// A migration read: the schema calls arbor runs, and a note for each statement it can
/// not run (the migration is then incomplete, and says so).
public struct ReadMigration: Sendable {
    public var identifier: String
    public var foreignKeyChecksImmediate: Bool
    public var merging: [String]
    public var calls: [SchemaCall]
    /// Where each call is in the source (a note without a message yet).
    public var places: [MigrationNote] = []
    public var notes: [MigrationNote]
    public var isComplete: Bool { notes.isEmpty }
}

/// Reads the statements of a migration's body into `SchemaCall`s: `db.create(table:)`,
/// `db.alter(table:)`, indexes, views, FTS5 tables, drops, renames and `execute`.
struct MigrationReading {
    var file: ParsedSourceFile
    let flags: Set<String>
    let identifier: String
    var databaseName: String
    var evaluator: ValueEvaluator
    /// How deep helper functions called with the database are followed.
    var depth = 0
    /// The helpers being read (a call to one of them again is recursion), and how many calls
    /// were followed: a helper calling others ten times each, sixteen deep, must not take forever.
    var helperStack: [String] = []
    var followedHelpers = 0
    var notedHelperLimit = false
    var notedPlaces: Set<String> = []
    static let maximumDepth = 16
    static let maximumHelperCalls = 1_000
    var calls: [SchemaCall] = []
    var places: [MigrationNote] = []
    var notes: [MigrationNote] = []

    static func read(_ migration: DeclaredMigration, discovery: MigratorDiscovery) -> ReadMigration {
        var result = ReadMigration(
            identifier: migration.identifier, foreignKeyChecksImmediate: migration.foreignKeyChecksImmediate,
            merging: migration.merging, calls: [], notes: [])
        guard let body = migration.body else {
            result.notes.append(
                migration.file.note(
                    migration.node,
                    "arbor can not find the code of migration \(migration.identifier.debugDescription): it is left empty"
                ))
            return result
        }
        var reading = MigrationReading(
            file: migration.file, flags: discovery.flags, identifier: migration.identifier,
            databaseName: body.databaseName,
            evaluator: ValueEvaluator(constants: discovery.constants, enclosingType: body.enclosingType))
        // What the closure captures from the migrator's body, read first as Swift ran it first.
        for variable in migration.captured { reading.bind(variable) }
        reading.readStatements(body.statements, discovery: discovery)
        result.calls = reading.calls
        result.places = reading.places
        result.notes = reading.notes
        return result
    }

    mutating func note(_ node: some SyntaxProtocol, _ why: String) {
        let note = file.note(node, "\(why); migration \(identifier.debugDescription) is incomplete without it")
        // A helper read several times says what it says once.
        guard notedPlaces.insert(note.description).inserted else { return }
        notes.append(note)
    }

    mutating func readStatements(_ statements: CodeBlockItemListSyntax, discovery: MigratorDiscovery) {
        for item in statements {
            if let variable = item.item.as(VariableDeclSyntax.self) {
                bind(variable)
            } else if let ifConfig = item.item.as(IfConfigDeclSyntax.self) {
                if case .statements(let inner)? = discovery.activeClause(ifConfig)?.elements {
                    readStatements(inner, discovery: discovery)
                }
            } else if let expr = item.item.as(ExprSyntax.self) {
                readExpression(expr, discovery: discovery)
            } else if item.item.is(ReturnStmtSyntax.self) {
                return
            } else if let doStatement = item.item.as(DoStmtSyntax.self) {
                readStatements(doStatement.body.statements, discovery: discovery)
            } else {
                note(item, "arbor does not run this statement")
            }
        }
    }

    /// `let name = value`: known to the statements after it. A value arbor can not evaluate
    /// (a fetch, say) is a note only where a schema call uses it.
    private mutating func bind(_ variable: VariableDeclSyntax) {
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value
            else { continue }
            if let evaluated = try? evaluator.evaluate(value) {
                evaluator.locals[name] = evaluated
                evaluator.unknownLocals.remove(name)
            } else {
                evaluator.locals[name] = nil
                evaluator.unknownLocals.insert(name)
            }
        }
    }

    private mutating func readExpression(_ statement: ExprSyntax, discovery: MigratorDiscovery) {
        var expr = statement
        while let e = expr.as(TryExprSyntax.self) { expr = e.expression }
        if let call = expr.as(FunctionCallExprSyntax.self), followHelper(call, discovery: discovery) { return }
        if let call = expr.as(FunctionCallExprSyntax.self),
            RecordStatement.isRecordCall(call, databaseName: databaseName)
        {
            do {
                calls.append(try RecordStatement(evaluator: evaluator).call(call))
                places.append(file.note(expr, ""))
            } catch let failure as EvaluationFailure {
                note(failure.node, failure.message)
            } catch {
                note(expr, "\(error)")
            }
            return
        }
        guard let call = expr.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.trimmedDescription == databaseName
        else {
            note(statement, "arbor does not run `\(Self.abridged(statement))`")
            return
        }
        do {
            if let call = try schemaCall(member.declName.baseName.text, call) {
                calls.append(call)
                places.append(file.note(expr, ""))
            } else {
                note(expr, "arbor does not run `\(databaseName).\(member.declName.baseName.text)(…)`")
            }
        } catch let failure as EvaluationFailure {
            note(failure.node, failure.message)
        } catch {
            note(expr, "\(error)")
        }
    }

    /// `try createTables(db)`, `try Player.createTable(in: db)`, `try createNamedTable(db, name: "author")`:
    /// a function of the app given the migration's database, read as part of the migration (its
    /// statements, its parameters bound to the call's arguments or their default values).
    private mutating func followHelper(_ call: FunctionCallExprSyntax, discovery: MigratorDiscovery) -> Bool {
        guard
            call.arguments.contains(where: {
                $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == databaseName
            })
        else { return false }
        let callee = call.calledExpression.trimmedDescription
        // A function named by a path (`createTables`, `Player.createTable`), not a call chain.
        guard !callee.hasPrefix(databaseName + "."), !callee.contains("("), !callee.contains(" ") else { return false }
        guard case (let function, let bound)? = helper(named: callee, call, discovery: discovery) else {
            // `cols(db, "a", "b")` for `func cols(_ db: Database, _ names: String...)`.
            let functions = discovery.functions(named: callee, from: evaluator.enclosingType)
            if let variadic = functions.lazy.compactMap(Self.variadicParameter).first {
                note(call, "arbor does not follow `\(callee)`: its parameter `\(variadic)` is variadic")
                return true
            }
            return false
        }
        let identity = "\(function.file.name):\(function.node.position.utf8Offset)"
        if helperStack.contains(identity) {
            note(
                call,
                "`\(callee)` calls itself before it returns (recursion, endless in Swift): arbor does not follow it")
            return true
        }
        if depth >= Self.maximumDepth {
            note(call, "arbor follows helpers \(Self.maximumDepth) deep, and `\(callee)` is deeper")
            return true
        }
        if followedHelpers >= Self.maximumHelperCalls {
            if !notedHelperLimit {
                notedHelperLimit = true
                note(
                    call,
                    "arbor follows \(Self.maximumHelperCalls) helper calls in a migration: this one and those after it are left out"
                )
            }
            return true
        }
        followedHelpers += 1
        var parameterDatabase: String?
        var locals: [String: MigrationValue] = [:]
        var unknown: Set<String> = []
        for (parameter, argument) in bound.pairs {
            if argument?.as(DeclReferenceExprSyntax.self)?.baseName.text == databaseName {
                parameterDatabase = parameter.name
                continue
            }
            // Arguments are the caller's values; a default value is read in the function's type.
            var context = evaluator
            if argument == nil {
                context.locals = [:]
                context.unknownLocals = []
                context.enclosingType = function.enclosingType
            }
            if let expr = argument ?? parameter.defaultValue, let value = try? context.evaluate(expr) {
                locals[parameter.name] = value
            } else {
                unknown.insert(parameter.name)
            }
        }
        guard let parameterDatabase else { return false }
        let saved = (file, databaseName, evaluator.enclosingType, evaluator.locals, evaluator.unknownLocals)
        file = function.file
        databaseName = parameterDatabase
        evaluator.enclosingType = function.enclosingType
        evaluator.locals = locals
        evaluator.unknownLocals = unknown
        depth += 1
        helperStack.append(identity)
        readStatements(function.statements, discovery: discovery)
        helperStack.removeLast()
        depth -= 1
        (file, databaseName, evaluator.enclosingType, evaluator.locals, evaluator.unknownLocals) = saved
        return true
    }

    /// `names: String...`: the first variadic parameter of a function.
    static func variadicParameter(_ function: MigratorDiscovery.CodeBody) -> String? {
        guard let declaration = function.node.as(FunctionDeclSyntax.self) else { return nil }
        guard let parameter = declaration.signature.parameterClause.parameters.first(where: { $0.ellipsis != nil })
        else { return nil }
        return "\((parameter.secondName ?? parameter.firstName).text): \(parameter.type.trimmedDescription)..."
    }

    /// The first function of that name whose parameters the call's arguments match.
    private func helper(named callee: String, _ call: FunctionCallExprSyntax, discovery: MigratorDiscovery)
        -> (MigratorDiscovery.CodeBody, HelperArguments)?
    {
        for function in discovery.functions(named: callee, from: evaluator.enclosingType) {
            if let bound = HelperArguments(call, function.parameters) { return (function, bound) }
        }
        return nil
    }

    static func abridged(_ node: some SyntaxProtocol) -> String {
        let text = node.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    // MARK: Database methods

    private func labeled(_ call: FunctionCallExprSyntax) -> [String: ExprSyntax] {
        var result: [String: ExprSyntax] = [:]
        for argument in call.arguments { result[argument.label?.text ?? "_"] = argument.expression }
        return result
    }

    private func text(_ expr: ExprSyntax?, _ what: String, in call: FunctionCallExprSyntax) throws -> String {
        guard let expr else { throw EvaluationFailure(node: Syntax(call), message: "no \(what) in this call") }
        guard let text = try evaluator.evaluate(expr).text else {
            throw EvaluationFailure(
                node: Syntax(expr), message: "arbor can not read the \(what) `\(expr.trimmedDescription)`")
        }
        return text
    }

    private func strings(_ expr: ExprSyntax?, in call: FunctionCallExprSyntax) throws -> [String] {
        guard let expr else { throw EvaluationFailure(node: Syntax(call), message: "no columns in this call") }
        guard let strings = try evaluator.evaluate(expr).strings else {
            throw EvaluationFailure(
                node: Syntax(expr), message: "arbor can not read the names `\(expr.trimmedDescription)`")
        }
        return strings
    }

    private func bool(_ expr: ExprSyntax?) throws -> Bool {
        guard let expr else { return false }
        return try evaluator.evaluate(expr).bool ?? false
    }

    /// `[.ifNotExists, .strict]`, `.ifNotExists`: the option names.
    private func options(_ expr: ExprSyntax?) throws -> Set<String> {
        guard let expr else { return [] }
        switch try evaluator.evaluate(expr) {
        case .array(let values): return Set(values.compactMap(\.memberName))
        case .member(let name, []): return [name]
        default: throw EvaluationFailure(node: Syntax(expr), message: "arbor can not read these options")
        }
    }

    private func body(_ call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        call.trailingClosure ?? labeled(call)["body"]?.as(ClosureExprSyntax.self)
    }

    private mutating func schemaCall(_ method: String, _ call: FunctionCallExprSyntax) throws -> SchemaCall? {
        let arguments = labeled(call)
        switch method {
        case "create":
            if let name = arguments["table"] {
                var options = try self.options(arguments["options"])
                for legacy in ["temporary", "ifNotExists", "withoutRowID"] where try bool(arguments[legacy]) {
                    options.insert(legacy)
                }
                guard let closure = body(call) else { throw EvaluationFailure(node: Syntax(call), message: "no body") }
                var table = TableBodyReading(
                    evaluator: evaluator, file: file, parameter: RegistrationReading.firstParameter(closure) ?? "$0")
                let members = table.members(closure.statements)
                for failure in table.failures { note(failure.node, failure.message) }
                let tableName = try text(name, "table name", in: call)
                if members.isEmpty {
                    // SQLite's own word for `CREATE TABLE "t" ()` is "near ")": syntax error".
                    throw EvaluationFailure(
                        node: Syntax(call),
                        message: table.failures.isEmpty
                            ? "table \(tableName.debugDescription) has no column (SQLite refuses a table without columns)"
                            : "arbor reads no column of table \(tableName.debugDescription): it is not created")
                }
                return .createTable(name: tableName, options: options, members: members)
            }
            if arguments["index"] != nil || arguments["indexOn"] != nil { return try index(call, arguments) }
            if let name = arguments["view"] {
                let request = arguments["as"] ?? arguments["asLiteral"]
                guard let request else { return nil }
                let columns = try arguments["columns"].map { try strings($0, in: call) }
                let viewName = try text(name, "view name", in: call)
                let options = try self.options(arguments["options"])
                // A query-interface request (`Player.select(…).filter(…)`): GRDB writes its SQL.
                if arguments["as"] != nil, let viewRequest = try ViewRequestReading(evaluator: evaluator).read(request)
                {
                    return .createViewRequest(name: viewName, options: options, columns: columns, request: viewRequest)
                }
                let value =
                    arguments["asLiteral"] != nil ? try evaluator.sqlLiteral(request) : try evaluator.evaluate(request)
                guard case .sql(let sql, let values) = value, values.isEmpty else {
                    throw EvaluationFailure(
                        node: Syntax(request),
                        message: "arbor can not write the SQL of the request `\(Self.abridged(request))`")
                }
                return .createView(name: viewName, options: options, columns: columns, sql: sql)
            }
            if let name = arguments["virtualTable"] { return try virtualTable(name, call, arguments) }
            return nil
        case "alter":
            guard let closure = body(call) else { return nil }
            var table = TableBodyReading(
                evaluator: evaluator, file: file, parameter: RegistrationReading.firstParameter(closure) ?? "$0")
            let changes = table.changes(closure.statements)
            for failure in table.failures { note(failure.node, failure.message) }
            return .alterTable(name: try text(arguments["table"], "table name", in: call), changes: changes)
        case "drop":
            if let name = arguments["table"] { return .dropTable(try text(name, "table name", in: call)) }
            if let name = arguments["index"] { return .dropIndex(try text(name, "index name", in: call)) }
            if let name = arguments["view"] { return .dropView(try text(name, "view name", in: call)) }
            if let table = arguments["indexOn"] {
                return .dropIndexOn(
                    table: try text(table, "table name", in: call), columns: try strings(arguments["columns"], in: call)
                )
            }
            return nil
        case "dropFTS4SynchronizationTriggers":
            return .dropFTS4SynchronizationTriggers(table: try text(arguments["forTable"], "table name", in: call))
        case "rename":
            guard let table = arguments["table"], let to = arguments["to"] else { return nil }
            return .renameTable(try text(table, "table name", in: call), to: try text(to, "table name", in: call))
        case "execute":
            let value: MigrationValue
            if let sql = arguments["sql"] {
                value = try evaluator.evaluate(sql)
            } else if let literal = arguments["literal"] {
                value = try evaluator.sqlLiteral(literal)
            } else {
                return nil
            }
            var (sql, values): (String, [LiteralValue])
            switch value {
            case .literal(.text(let text)): (sql, values) = (text, [])
            case .sql(let text, let args): (sql, values) = (text, args)
            default: throw EvaluationFailure(node: Syntax(call), message: "arbor can not read this SQL")
            }
            if let extra = arguments["arguments"] {
                guard case .array(let list) = try evaluator.evaluate(extra) else {
                    throw EvaluationFailure(node: Syntax(extra), message: "arbor can not read these arguments")
                }
                for item in list {
                    guard case .literal(let literal) = item else {
                        throw EvaluationFailure(node: Syntax(extra), message: "arbor can not read these arguments")
                    }
                    values.append(literal)
                }
            }
            return .execute(sql: sql, arguments: values)
        default:
            return nil
        }
    }

    private func index(_ call: FunctionCallExprSyntax, _ arguments: [String: ExprSyntax]) throws -> SchemaCall {
        var options = try self.options(arguments["options"])
        if try bool(arguments["unique"]) { options.insert("unique") }
        if try bool(arguments["ifNotExists"]) { options.insert("ifNotExists") }
        let table = try text(arguments["on"] ?? arguments["indexOn"], "table name", in: call)
        let name = try arguments["index"].map { try text($0, "index name", in: call) }
        var expressions: [SchemaExpression]?
        var columns: [String] = []
        if let list = arguments["expressions"] {
            guard case .array(let values) = try evaluator.evaluate(list) else {
                throw EvaluationFailure(node: Syntax(list), message: "arbor can not read these expressions")
            }
            expressions = try values.map { value in
                guard let expression = value.schemaExpression else {
                    throw EvaluationFailure(node: Syntax(list), message: "arbor can not read these expressions")
                }
                return expression
            }
        } else {
            columns = try strings(arguments["columns"], in: call)
        }
        var condition: SchemaExpression?
        if let expr = arguments["condition"] {
            guard let value = try evaluator.evaluate(expr).schemaExpression else {
                throw EvaluationFailure(node: Syntax(expr), message: "arbor can not read this condition")
            }
            condition = value
        }
        return .createIndex(
            IndexCall(
                name: name, table: table, columns: columns, expressions: expressions,
                unique: options.contains("unique"), ifNotExists: options.contains("ifNotExists"), condition: condition))
    }

    private mutating func virtualTable(
        _ nameExpr: ExprSyntax, _ call: FunctionCallExprSyntax, _ arguments: [String: ExprSyntax]
    )
        throws -> SchemaCall?
    {
        let name = try text(nameExpr, "table name", in: call)
        var options = try self.options(arguments["options"])
        if try bool(arguments["ifNotExists"]) { options.insert("ifNotExists") }
        guard let module = arguments["using"] else { return nil }
        let value = try evaluator.evaluate(module)
        if case .literal(.text(let text)) = value {
            return .createVirtualTable(name: name, ifNotExists: options.contains("ifNotExists"), module: text)
        }
        if case .construction("FTS4", let moduleArguments) = value, moduleArguments.isEmpty {
            guard let closure = body(call) else { throw EvaluationFailure(node: Syntax(call), message: "no body") }
            var reading = FTS4BodyReading(
                evaluator: evaluator, parameter: RegistrationReading.firstParameter(closure) ?? "$0")
            let table = reading.read(closure.statements)
            for failure in reading.failures { note(failure.node, failure.message) }
            if options.contains("temporary"), table.synchronizedTable != nil {
                throw EvaluationFailure(
                    node: Syntax(call), message: "GRDB stops the app on a temporary synchronized FTS4 table")
            }
            return .createFTS4(name: name, options: options, table: table)
        }
        guard case .construction("FTS5", _) = value else {
            throw EvaluationFailure(
                node: Syntax(module),
                message: "arbor runs FTS4 and FTS5 virtual tables, not `\(module.trimmedDescription)`")
        }
        guard let closure = body(call) else { throw EvaluationFailure(node: Syntax(call), message: "no body") }
        var reading = FTS5BodyReading(
            evaluator: evaluator, parameter: RegistrationReading.firstParameter(closure) ?? "$0")
        let table = reading.read(closure.statements)
        for failure in reading.failures { note(failure.node, failure.message) }
        if table.columns.isEmpty {
            // GRDB stops the app on an FTS5 table without columns.
            throw EvaluationFailure(
                node: Syntax(call), message: "an FTS5 table needs at least one column (GRDB stops the app)")
        }
        if options.contains("temporary"), table.synchronizedTable != nil {
            throw EvaluationFailure(
                node: Syntax(call), message: "GRDB stops the app on a temporary synchronized FTS5 table")
        }
        return .createFTS5(name: name, options: options, table: table)
    }
}
