import SwiftSyntax

/// Reads a migrator's body in order: the variables holding the migrator,
/// `eraseDatabaseOnSchemaChange`, each `registerMigration`, and the helpers the
/// migrator is passed to. What registers in a way arbor does not follow is a note.
struct RegistrationReading {
    let discovery: MigratorDiscovery
    var body: MigratorDiscovery.CodeBody
    var migrations: [DeclaredMigration] = []
    var erases = false
    var notes: [MigrationNote] = []
    /// The `let`s and `var`s read so far in the migrator's body, for the closures that capture them.
    var capturedVariables: [VariableDeclSyntax] = []
    /// The helpers being read (one passed the migrator again is recursion), and how many were
    /// followed: helpers calling others ten times each, sixteen deep, must not take forever.
    private var helperStack: [String] = []
    private var followedHelpers = 0
    private var notedHelperLimit = false
    private var notedPlaces: Set<String> = []

    init(discovery: MigratorDiscovery, body: MigratorDiscovery.CodeBody) {
        self.discovery = discovery
        self.body = body
    }

    mutating func read(_ statements: CodeBlockItemListSyntax, migratorNames: Set<String>, depth: Int) {
        var names = migratorNames
        for item in statements {
            if let variable = item.item.as(VariableDeclSyntax.self) {
                capturedVariables.append(variable)
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                        call.calledExpression.trimmedDescription == "DatabaseMigrator"
                    else { continue }
                    names.insert(name)
                }
            } else if let ifConfig = item.item.as(IfConfigDeclSyntax.self) {
                if case .statements(let inner)? = discovery.activeClause(ifConfig)?.elements {
                    read(inner, migratorNames: names, depth: depth)
                }
            } else if let expr = item.item.as(ExprSyntax.self) {
                readExpression(expr, names: names, depth: depth)
            } else if item.item.is(ReturnStmtSyntax.self) {
                return
            } else if item.item.trimmedDescription.contains("registerMigration") {
                noteOnce(
                    body.file.note(
                        item, "arbor does not follow registrations inside this statement: its migrations are left out"))
            }
        }
    }

    private mutating func readExpression(_ expr: ExprSyntax, names: Set<String>, depth: Int) {
        var expr = expr
        while true {
            if let e = expr.as(TryExprSyntax.self) {
                expr = e.expression
            } else if let e = expr.as(AwaitExprSyntax.self) {
                expr = e.expression
            } else {
                break
            }
        }
        func isMigrator(_ base: ExprSyntax?) -> Bool {
            guard let base else { return names.contains("self") }
            let text = base.trimmedDescription
            return names.contains(text) || (text == "self" && names.contains("self"))
        }
        // `migrator.eraseDatabaseOnSchemaChange = true`
        if let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let target = sequence.elements.first?.as(MemberAccessExprSyntax.self),
            target.declName.baseName.text == "eraseDatabaseOnSchemaChange", isMigrator(target.base),
            let value = sequence.elements.last?.as(BooleanLiteralExprSyntax.self)
        {
            erases = value.literal.tokenKind == .keyword(.true)
            return
        }
        guard let call = expr.as(FunctionCallExprSyntax.self) else {
            noteIfRegistering(expr)
            return
        }
        let callee: (base: ExprSyntax?, name: String)?
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            callee = (member.base, member.declName.baseName.text)
        } else if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            callee = (nil, ref.baseName.text)
        } else {
            callee = nil
        }
        if let callee, callee.name == "registerMigration", isMigrator(callee.base) {
            register(call)
            return
        }
        // `migrator.registerV1()`: a method of an extension of `DatabaseMigrator`.
        if let callee, let base = callee.base, isMigrator(base),
            let helper = discovery.helper(named: callee.name, onMigrator: true)
        {
            follow(helper, migratorNames: ["self"], depth: depth, call: call)
            return
        }
        // `registerV1(&migrator)`, `Self.v2(in: &migrator)`.
        if let callee,
            let passed = call.arguments.firstIndex(where: { argument in
                guard let passed = argument.expression.as(InOutExprSyntax.self) else { return false }
                return names.contains(passed.expression.trimmedDescription)
            }), let helper = discovery.helper(named: callee.name, onMigrator: false)
        {
            let index = call.arguments.distance(from: call.arguments.startIndex, to: passed)
            let parameter =
                helper.parameters.indices.contains(index)
                ? helper.parameters[index].name
                : helper.parameters.first { $0.type.contains("DatabaseMigrator") }?.name
            if let parameter {
                follow(helper, migratorNames: [parameter], depth: depth, call: call)
                return
            }
        }
        noteIfRegistering(expr)
    }

    private mutating func follow(
        _ helper: MigratorDiscovery.CodeBody, migratorNames: Set<String>, depth: Int, call: FunctionCallExprSyntax
    ) {
        let identity = "\(helper.file.name):\(helper.node.position.utf8Offset)"
        let name = call.calledExpression.trimmedDescription
        if helperStack.contains(identity) {
            noteOnce(
                body.file.note(
                    call,
                    "`\(name)` is called again before it returns (recursion, endless in Swift): arbor does not follow it"
                ))
            return
        }
        if depth >= MigrationReading.maximumDepth {
            noteOnce(
                body.file.note(
                    call,
                    "arbor follows helpers \(MigrationReading.maximumDepth) deep, and `\(name)` is deeper: its migrations are left out"
                ))
            return
        }
        if followedHelpers >= MigrationReading.maximumHelperCalls {
            if !notedHelperLimit {
                notedHelperLimit = true
                noteOnce(
                    body.file.note(
                        call,
                        "arbor follows \(MigrationReading.maximumHelperCalls) helper calls in a migrator: this one and those after it are left out"
                    ))
            }
            return
        }
        followedHelpers += 1
        let caller = body
        body = helper
        helperStack.append(identity)
        read(helper.statements, migratorNames: migratorNames, depth: depth + 1)
        helperStack.removeLast()
        body = caller
    }

    /// A helper read several times says what it says once.
    private mutating func noteOnce(_ note: MigrationNote) {
        guard notedPlaces.insert(note.description).inserted else { return }
        notes.append(note)
    }

    private mutating func noteIfRegistering(_ expr: ExprSyntax) {
        guard expr.trimmedDescription.contains("registerMigration") else { return }
        noteOnce(body.file.note(expr, "arbor does not follow this registration: its migrations are left out"))
    }

    /// `registerMigration(_:foreignKeyChecks:merging:migrate:)`.
    private mutating func register(_ call: FunctionCallExprSyntax) {
        let evaluator = ValueEvaluator(constants: discovery.constants, enclosingType: body.enclosingType)
        var identifier: String?
        var immediate = false
        var merging: [String] = []
        var migrate: ExprSyntax? = call.trailingClosure.map(ExprSyntax.init)
        for argument in call.arguments {
            switch argument.label?.text {
            case nil: identifier = (try? evaluator.evaluate(argument.expression))?.text
            case "foreignKeyChecks":
                immediate = argument.expression.trimmedDescription.hasSuffix("immediate")
            case "merging":
                merging = (try? evaluator.evaluate(argument.expression))?.strings ?? []
            case "migrate": migrate = argument.expression
            default: break
            }
        }
        guard let identifier else {
            noteOnce(
                body.file.note(
                    call, "arbor can not read this migration's identifier: the migration is left out"))
            return
        }
        if migrations.contains(where: { $0.identifier == identifier }) {
            // GRDB stops the process on a second registration of one identifier.
            noteOnce(
                body.file.note(
                    call,
                    "migration \(identifier.debugDescription) is registered twice (GRDB stops the app on this): the second is left out"
                ))
            return
        }
        var declared = DeclaredMigration(
            identifier: identifier, foreignKeyChecksImmediate: immediate, merging: merging, body: nil,
            file: body.file, node: Syntax(call))
        if let closure = migrate?.as(ClosureExprSyntax.self) {
            declared.captured = capturedVariables
            declared.body = MigrationBody(
                statements: closure.statements, databaseName: Self.firstParameter(closure) ?? "$0",
                enclosingType: body.enclosingType)
        } else if let reference = migrate,
            let function = discovery.function(
                named: reference.trimmedDescription, from: body.enclosingType),
            let parameter = function.parameters.first
        {
            declared.body = MigrationBody(
                statements: function.statements, databaseName: parameter.name, enclosingType: function.enclosingType)
            declared.file = function.file
        }
        migrations.append(declared)
    }

    /// `{ db in … }`, `{ (db: Database) in … }`, `{ db, _ in … }`.
    static func firstParameter(_ closure: ClosureExprSyntax) -> String? {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: return list.first?.name.text
        case .parameterClause(let clause)?:
            return clause.parameters.first.map { ($0.secondName ?? $0.firstName).text }
        case nil: return nil
        }
    }
}
