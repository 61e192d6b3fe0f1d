import SwiftSyntax

/// One call of a chain: `column("name", .text)` then `notNull()` in `t.column("name", .text).notNull()`.
struct ChainLink {
    var name: String
    var call: FunctionCallExprSyntax
    var arguments: [String: ExprSyntax] {
        var result: [String: ExprSyntax] = [:]
        var unlabeled = 0
        for argument in call.arguments {
            if let label = argument.label?.text {
                result[label] = argument.expression
            } else {
                result[unlabeled == 0 ? "_" : "_\(unlabeled)"] = argument.expression
                unlabeled += 1
            }
        }
        return result
    }

    /// The calls of `expr` from the receiver out, when the receiver is `parameter`.
    static func chain(_ expr: ExprSyntax, on parameter: String) -> [ChainLink]? {
        var links: [ChainLink] = []
        var current = expr
        while true {
            while let e = current.as(TryExprSyntax.self) { current = e.expression }
            guard let call = current.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base
            else { return nil }
            links.insert(ChainLink(name: member.declName.baseName.text, call: call), at: 0)
            if base.as(DeclReferenceExprSyntax.self)?.baseName.text == parameter { return links }
            current = base
        }
    }
}

/// Reads the body of `create(table:)` into `TableMember`s and that of `alter(table:)`
/// into `TableChange`s, each member with the modifiers chained on it.
struct TableBodyReading {
    var evaluator: ValueEvaluator
    let file: ParsedSourceFile
    let parameter: String
    var failures: [EvaluationFailure] = []
    /// GRDB stops the app on a second primary key: the first one counts.
    private var hasPrimaryKey = false

    init(evaluator: ValueEvaluator, file: ParsedSourceFile, parameter: String) {
        self.evaluator = evaluator
        self.file = file
        self.parameter = parameter
    }

    private mutating func fail(_ node: some SyntaxProtocol, _ message: String) {
        failures.append(EvaluationFailure(node: Syntax(node), message: message))
    }

    /// The statements of a body, `#if` resolved and `let`s bound.
    private mutating func expressions(_ statements: CodeBlockItemListSyntax) -> [ExprSyntax] {
        var result: [ExprSyntax] = []
        for item in statements {
            if let expr = item.item.as(ExprSyntax.self) {
                result.append(expr)
            } else if let variable = item.item.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let value = binding.initializer?.value
                    else { continue }
                    evaluator.locals[name] = try? evaluator.evaluate(value)
                    if evaluator.locals[name] == nil {
                        evaluator.unknownLocals.insert(name)
                    } else {
                        evaluator.unknownLocals.remove(name)
                    }
                }
            } else if let ifConfig = item.item.as(IfConfigDeclSyntax.self) {
                let active = ifConfig.clauses.first { clause in
                    clause.condition.map { ["DEBUG", "true"].contains($0.trimmedDescription) } ?? true
                }
                if case .statements(let inner)? = active?.elements { result += expressions(inner) }
            } else {
                fail(item, "arbor does not run `\(MigrationReading.abridged(item))` in a table body")
            }
        }
        return result
    }

    // MARK: create(table:)

    mutating func members(_ statements: CodeBlockItemListSyntax, inPrimaryKey: Bool = false) -> [TableMember] {
        var members: [TableMember] = []
        for expr in expressions(statements) {
            guard let links = ChainLink.chain(expr, on: parameter), let first = links.first else {
                fail(expr, "arbor does not run `\(MigrationReading.abridged(expr))` in a table body")
                continue
            }
            do {
                if let member = try member(first, modifiers: Array(links.dropFirst()), inPrimaryKey: inPrimaryKey) {
                    members.append(member)
                }
            } catch let failure as EvaluationFailure {
                failures.append(failure)
            } catch {
                fail(expr, "\(error)")
            }
        }
        return members
    }

    private mutating func member(_ link: ChainLink, modifiers: [ChainLink], inPrimaryKey: Bool) throws -> TableMember? {
        let arguments = link.arguments
        let conflict = try arguments["onConflict"].map(caseName)
        switch link.name {
        case "column":
            if let sql = arguments["sql"] ?? arguments["literal"] {
                // GRDB stops the app on a raw SQL column in a primary key body.
                guard !inPrimaryKey else {
                    throw EvaluationFailure(
                        node: Syntax(link.call), message: "GRDB stops the app on a SQL column inside `primaryKey { }`")
                }
                return .columnSQL(try text(sql))
            }
            return .column(try column(link, modifiers: modifiers))
        case "autoIncrementedPrimaryKey":
            try claimPrimaryKey(link)
            return .autoIncrementedPrimaryKey(
                ColumnCall(name: try text(arguments["_"]), type: "INTEGER", modifiers: try columnModifiers(modifiers)),
                onConflict: conflict)
        case "primaryKey":
            try claimPrimaryKey(link)
            if let closure = link.call.trailingClosure ?? arguments["body"]?.as(ClosureExprSyntax.self) {
                let inner = self.members(closure.statements, inPrimaryKey: true)
                return .primaryKeyBody(inner, onConflict: conflict)
            }
            if let columns = arguments["_"], case .array = try evaluator.evaluate(columns) {
                return .primaryKey(try strings(columns), onConflict: conflict)
            }
            let type = try columnType(arguments["_1"])
            return .primaryKeyColumn(
                ColumnCall(name: try text(arguments["_"]), type: type, modifiers: try columnModifiers(modifiers)),
                onConflict: conflict)
        case "belongsTo":
            var call = BelongsToCall(
                name: try text(arguments["_"]), table: try arguments["inTable"].map(text),
                onDelete: try arguments["onDelete"].map(caseName), onUpdate: try arguments["onUpdate"].map(caseName),
                deferred: try bool(arguments["deferred"]), indexed: try arguments["indexed"].map(bool) ?? true,
                notNull: nil, unique: false)
            for modifier in modifiers {
                switch modifier.name {
                case "notNull": call.notNull = .some(try modifier.arguments["onConflict"].map(caseName))
                case "unique": call.unique = true
                default: throw unknown(modifier, "a foreign key")
                }
            }
            return .belongsTo(call)
        case "foreignKey":
            return .foreignKey(
                columns: try strings(arguments["_"]), table: try text(arguments["references"]),
                destination: try arguments["columns"].map(strings), onDelete: try arguments["onDelete"].map(caseName),
                onUpdate: try arguments["onUpdate"].map(caseName), deferred: try bool(arguments["deferred"]))
        case "uniqueKey":
            return .uniqueKey(try strings(arguments["_"]), onConflict: conflict)
        case "check":
            if let sql = arguments["sql"] { return .checkSQL(try text(sql)) }
            return .check(try expression(arguments["_"]))
        case "constraint":
            return .constraintSQL(try text(arguments["sql"] ?? arguments["literal"]))
        default:
            throw unknown(link, "a table definition")
        }
    }

    private mutating func claimPrimaryKey(_ link: ChainLink) throws {
        guard !hasPrimaryKey else {
            throw EvaluationFailure(
                node: Syntax(link.call), message: "a second primary key (GRDB stops the app on this)")
        }
        hasPrimaryKey = true
    }

    private func unknown(_ link: ChainLink, _ receiver: String) -> EvaluationFailure {
        EvaluationFailure(node: Syntax(link.call), message: "arbor does not know `\(link.name)` of \(receiver)")
    }

    private func column(_ link: ChainLink, modifiers: [ChainLink]) throws -> ColumnCall {
        let arguments = link.arguments
        let name = try text(arguments["_"] ?? arguments["column"])
        return ColumnCall(
            name: name, type: try columnType(arguments["_1"]), modifiers: try columnModifiers(modifiers, column: name))
    }

    private func columnModifiers(_ links: [ChainLink], column: String = "") throws -> [ColumnModifier] {
        try links.map { link in
            let arguments = link.arguments
            let conflict = try arguments["onConflict"].map(caseName)
            switch link.name {
            case "notNull": return .notNull(onConflict: conflict)
            case "unique": return .unique(onConflict: conflict)
            case "primaryKey":
                return .primaryKey(onConflict: conflict, autoincrement: try bool(arguments["autoincrement"]))
            case "indexed": return .indexed
            case "defaults":
                if let sql = arguments["sql"] { return .defaultsSQL(try text(sql)) }
                guard let value = arguments["to"], case .literal(let literal) = try evaluator.evaluate(value) else {
                    throw EvaluationFailure(node: Syntax(link.call), message: "arbor can not read this default value")
                }
                return .defaults(literal)
            case "collate":
                let value = try evaluator.evaluate(arguments["_"] ?? ExprSyntax(link.call))
                switch value {
                case .member(let name, []): return .collate(name.uppercased())
                case .member("init", let args): return .collate(args.first?.value.text ?? "")
                default:
                    throw EvaluationFailure(node: Syntax(link.call), message: "arbor can not read this collation")
                }
            case "check":
                if let sql = arguments["sql"] { return .checkSQL(try text(sql)) }
                guard let closure = link.call.trailingClosure ?? arguments["_"]?.as(ClosureExprSyntax.self),
                    closure.statements.count == 1, let only = closure.statements.first
                else { throw EvaluationFailure(node: Syntax(link.call), message: "arbor can not read this check") }
                var inner = evaluator
                inner.columnParameter = (RegistrationReading.firstParameter(closure) ?? "$0", column)
                let body = only.item.as(ReturnStmtSyntax.self)?.expression ?? only.item.as(ExprSyntax.self)
                guard let body, let expression = try inner.evaluate(body).schemaExpression else {
                    throw EvaluationFailure(node: Syntax(link.call), message: "arbor can not read this check")
                }
                return .check(expression)
            case "references":
                return .references(
                    table: try text(arguments["_"]), column: try arguments["column"].map(text),
                    onDelete: try arguments["onDelete"].map(caseName),
                    onUpdate: try arguments["onUpdate"].map(caseName),
                    deferred: try bool(arguments["deferred"]))
            case "generatedAs":
                let stored = arguments["_1"]?.trimmedDescription.hasSuffix("stored") ?? false
                if let sql = arguments["sql"] { return .generatedAsSQL(try text(sql), stored: stored) }
                return .generatedAs(try expression(arguments["_"]), stored: stored)
            default:
                throw unknown(link, "a column")
            }
        }
    }

    // MARK: alter(table:)

    mutating func changes(_ statements: CodeBlockItemListSyntax) -> [TableChange] {
        var changes: [TableChange] = []
        for expr in expressions(statements) {
            guard let links = ChainLink.chain(expr, on: parameter), let first = links.first else {
                fail(expr, "arbor does not run `\(MigrationReading.abridged(expr))` in a table alteration")
                continue
            }
            do {
                let arguments = first.arguments
                switch first.name {
                case "add":
                    let name = try text(arguments["column"])
                    changes.append(
                        .add(
                            ColumnCall(
                                name: name, type: try columnType(arguments["_"]),
                                modifiers: try columnModifiers(Array(links.dropFirst()), column: name))))
                case "addColumn": changes.append(.addColumnSQL(try text(arguments["sql"] ?? arguments["literal"])))
                case "rename": changes.append(.rename(try text(arguments["column"]), to: try text(arguments["to"])))
                case "drop": changes.append(.drop(try text(arguments["column"])))
                default: throw unknown(first, "a table alteration")
                }
            } catch let failure as EvaluationFailure {
                failures.append(failure)
            } catch {
                fail(expr, "\(error)")
            }
        }
        return changes
    }

    // MARK: Values

    private func text(_ expr: ExprSyntax?) throws -> String {
        guard let expr else { throw EvaluationFailure(node: Syntax(parameterNode), message: "a name is missing") }
        guard let text = try evaluator.evaluate(expr).text else {
            throw EvaluationFailure(node: Syntax(expr), message: "arbor can not read `\(expr.trimmedDescription)`")
        }
        return text
    }

    private var parameterNode: TokenSyntax { .identifier(parameter) }

    private func strings(_ expr: ExprSyntax?) throws -> [String] {
        guard let expr else { return [] }
        guard let strings = try evaluator.evaluate(expr).strings else {
            throw EvaluationFailure(node: Syntax(expr), message: "arbor can not read `\(expr.trimmedDescription)`")
        }
        return strings
    }

    private func bool(_ expr: ExprSyntax?) throws -> Bool {
        guard let expr else { return false }
        guard let value = try evaluator.evaluate(expr).bool else {
            throw EvaluationFailure(node: Syntax(expr), message: "arbor can not read `\(expr.trimmedDescription)`")
        }
        return value
    }

    private func caseName(_ expr: ExprSyntax) throws -> String {
        guard let name = try evaluator.evaluate(expr).memberName else {
            throw EvaluationFailure(node: Syntax(expr), message: "arbor can not read `\(expr.trimmedDescription)`")
        }
        return name
    }

    private func expression(_ expr: ExprSyntax?) throws -> SchemaExpression {
        guard let expr, let value = try evaluator.evaluate(expr).schemaExpression else {
            throw EvaluationFailure(
                node: Syntax(expr ?? ExprSyntax(DeclReferenceExprSyntax(baseName: parameterNode))),
                message: "arbor can not read this SQL expression")
        }
        return value
    }

    /// `.text`, `.integer`, `Database.ColumnType("VARCHAR(20)")`, `.init(rawValue:)`: the SQL type.
    private func columnType(_ expr: ExprSyntax?) throws -> String? {
        guard let expr else { return nil }
        switch try evaluator.evaluate(expr) {
        case .member("init", let arguments):
            if let raw = arguments.first?.value.text { return raw }
        case .member(let name, []):
            if let raw = Self.columnTypes[name] { return raw }
        case .literal(.null):
            return nil
        default: break
        }
        throw EvaluationFailure(
            node: Syntax(expr), message: "arbor can not read the column type `\(expr.trimmedDescription)`")
    }

    /// `Database.ColumnType`'s constants and their SQL (GRDB 7.10).
    static let columnTypes: [String: String] = [
        "text": "TEXT", "jsonText": "TEXT", "jsonb": "BLOB", "integer": "INTEGER", "double": "DOUBLE", "real": "REAL",
        "numeric": "NUMERIC", "boolean": "BOOLEAN", "blob": "BLOB", "date": "DATE", "datetime": "DATETIME",
        "any": "ANY",
    ]
}
