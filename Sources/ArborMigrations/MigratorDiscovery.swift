import SwiftSyntax

/// A `DatabaseMigrator` the app builds: where, and the migrations it registers in order.
public struct FoundMigrator {
    /// `AppDatabase.migrator`: the enclosing type and the function, property or initializer.
    public var name: String
    public var file: String
    public var line: Int
    public var migrations: [DeclaredMigration]
    public var erasesDatabaseOnSchemaChange: Bool
    /// Registrations arbor could not follow (a loop, a call it does not know).
    public var notes: [MigrationNote]
}

/// One `registerMigration` call: its identifier, options, and the body to read.
public struct DeclaredMigration {
    public var identifier: String
    public var foreignKeyChecksImmediate: Bool
    public var merging: [String]
    var body: MigrationBody?
    var file: ParsedSourceFile
    var node: Syntax
    /// The migrator's own `let`s before the registration, which a closure body captures
    /// (`let epoch0 = …` then `.defaults(to: epoch0)`).
    var captured: [VariableDeclSyntax] = []
}

/// The statements of a migration and the name its `Database` parameter has in them.
struct MigrationBody {
    var statements: CodeBlockItemListSyntax
    var databaseName: String
    var enclosingType: String?
}

/// Finds the migrators in the app's files: every function, property getter, closure
/// initializer or initializer body that makes a `DatabaseMigrator()` and registers
/// migrations on it, directly or through helpers that take the migrator `inout` (or
/// extend `DatabaseMigrator`), and every method registering on its type's stored
/// migrator (`var migrator = DatabaseMigrator()`).
public struct MigratorDiscovery {
    /// A function, getter, closure or initializer body, and where it is.
    struct CodeBody {
        var name: String
        var enclosingType: String?
        var statements: CodeBlockItemListSyntax
        var file: ParsedSourceFile
        var node: Syntax
        /// The parameters' labels, names, types and default values (functions only).
        var parameters: [(label: String?, name: String, type: String, defaultValue: ExprSyntax?)]
    }

    let files: [ParsedSourceFile]
    let flags: Set<String>
    let constants: SourceConstants
    private(set) var bodies: [CodeBody] = []
    /// Types that keep their migrator in a stored property (`var migrator = DatabaseMigrator()`),
    /// by type path: the property's name, which the type's methods register on.
    private(set) var storedMigrators: [String: String] = [:]

    public init(files: [ParsedSourceFile], flags: Set<String> = ["DEBUG"]) {
        self.files = files
        self.flags = flags
        constants = SourceConstants(files: files)
        for file in files {
            for item in file.tree.statements {
                if let decl = item.item.as(DeclSyntax.self) { collect(decl, in: nil, file: file) }
            }
        }
    }

    private mutating func collect(_ decl: DeclSyntax, in type: String?, file: ParsedSourceFile) {
        if let scope = TypeScope.name(of: decl) {
            let path = type.map { $0 + "." + scope.name } ?? scope.name
            for member in scope.members { collect(member.decl, in: path, file: file) }
            return
        }
        if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            guard let clause = activeClause(ifConfig) else { return }
            switch clause.elements {
            case .decls(let members)?: for member in members { collect(member.decl, in: type, file: file) }
            case .statements(let items)?:
                for item in items { if let d = item.item.as(DeclSyntax.self) { collect(d, in: type, file: file) } }
            default: break
            }
            return
        }
        func qualified(_ name: String) -> String { type.map { $0 + "." + name } ?? name }
        if let function = decl.as(FunctionDeclSyntax.self), let body = function.body {
            let parameters = function.signature.parameterClause.parameters.map { parameter in
                let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
                return (
                    label, (parameter.secondName ?? parameter.firstName).text, parameter.type.trimmedDescription,
                    parameter.defaultValue?.value
                )
            }
            bodies.append(
                CodeBody(
                    name: qualified(function.name.text), enclosingType: type, statements: body.statements, file: file,
                    node: Syntax(function), parameters: parameters))
        } else if let initializer = decl.as(InitializerDeclSyntax.self), let body = initializer.body {
            bodies.append(
                CodeBody(
                    name: qualified("init"), enclosingType: type, statements: body.statements, file: file,
                    node: Syntax(initializer), parameters: []))
        } else if let variable = decl.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if let type, Self.isStoredMigrator(binding) { storedMigrators[type] = name }
                if let statements = Self.getter(binding.accessorBlock) {
                    bodies.append(
                        CodeBody(
                            name: qualified(name), enclosingType: type, statements: statements, file: file,
                            node: Syntax(binding), parameters: []))
                } else if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                    let closure = call.calledExpression.as(ClosureExprSyntax.self)
                {
                    // `static let migrator: DatabaseMigrator = { … }()`
                    bodies.append(
                        CodeBody(
                            name: qualified(name), enclosingType: type, statements: closure.statements, file: file,
                            node: Syntax(binding), parameters: []))
                }
            }
        }
    }

    /// `var migrator = DatabaseMigrator()`, `var migrator: DatabaseMigrator` (set by an
    /// initializer): a stored property holding the migrator.
    static func isStoredMigrator(_ binding: PatternBindingSyntax) -> Bool {
        guard binding.accessorBlock == nil else { return false }
        if binding.typeAnnotation?.type.trimmedDescription.hasSuffix("DatabaseMigrator") == true { return true }
        guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) else { return false }
        return call.calledExpression.trimmedDescription.hasSuffix("DatabaseMigrator") && call.arguments.isEmpty
    }

    static func getter(_ accessors: AccessorBlockSyntax?) -> CodeBlockItemListSyntax? {
        switch accessors?.accessors {
        case .getter(let items)?: return items
        case .accessors(let list)?:
            return list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) })?.body?.statements
        case nil: return nil
        }
    }

    // MARK: #if

    /// The clause of `#if … #elseif … #else` that the flags select.
    func activeClause(_ decl: IfConfigDeclSyntax) -> IfConfigClauseSyntax? {
        for clause in decl.clauses {
            guard let condition = clause.condition else { return clause }
            if isTrue(condition) { return clause }
        }
        return nil
    }

    private func isTrue(_ condition: ExprSyntax) -> Bool {
        if let ref = condition.as(DeclReferenceExprSyntax.self) { return flags.contains(ref.baseName.text) }
        if let b = condition.as(BooleanLiteralExprSyntax.self) { return b.literal.tokenKind == .keyword(.true) }
        if let p = condition.as(PrefixOperatorExprSyntax.self), p.operator.text == "!" { return !isTrue(p.expression) }
        if let t = condition.as(TupleExprSyntax.self), let only = t.elements.first, t.elements.count == 1 {
            return isTrue(only.expression)
        }
        if let s = condition.as(SequenceExprSyntax.self) {
            // `a && b || c`: || binds looser.
            var orGroups: [[ExprSyntax]] = [[]]
            for (i, element) in s.elements.enumerated() {
                if i % 2 == 1 {
                    if element.as(BinaryOperatorExprSyntax.self)?.operator.text == "||" { orGroups.append([]) }
                } else {
                    orGroups[orGroups.count - 1].append(element)
                }
            }
            return orGroups.contains { $0.allSatisfy(isTrue) }
        }
        if let call = condition.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            let argument = call.arguments.first?.expression.trimmedDescription ?? ""
            switch name {
            case "os": return argument == "Linux"
            case "canImport": return ["Foundation", "GRDB", "Dispatch"].contains(argument)
            case "swift", "compiler", "hasFeature": return true
            default: return false
            }
        }
        return false
    }

    // MARK: Migrators

    /// Every body that makes a `DatabaseMigrator()` and registers migrations (or tries to, in a
    /// way arbor does not follow: then with no migration and a note).
    public func migrators() -> [FoundMigrator] {
        var found: [FoundMigrator] = bodies.compactMap { body in
            guard !isHelper(body), Self.makesMigrator(body.statements) else { return nil }
            var reading = RegistrationReading(discovery: self, body: body)
            reading.read(body.statements, migratorNames: [], depth: 0)
            // A migrator whose registrations arbor can not follow is kept with its notes: never dropped in silence.
            guard !reading.migrations.isEmpty || !reading.notes.isEmpty else { return nil }
            let location = body.node.startLocation(converter: body.file.converter)
            return FoundMigrator(
                name: body.name, file: body.file.name, line: location.line, migrations: reading.migrations,
                erasesDatabaseOnSchemaChange: reading.erases, notes: reading.notes)
        }
        found += storedPropertyMigrators()
        return found
    }

    /// A type's stored migrator (`var migrator = DatabaseMigrator()`): one migrator, named
    /// after the property, with what each method registers on it (`migrator.registerMigration`,
    /// `self.migrator.registerMigration`), in the order the methods are declared.
    private func storedPropertyMigrators() -> [FoundMigrator] {
        var found: [FoundMigrator] = []
        for (type, property) in storedMigrators.sorted(by: { $0.key < $1.key }) {
            let registering = bodies.filter { body in
                body.enclosingType == type && !isHelper(body) && !Self.makesMigrator(body.statements)
                    && body.statements.description.contains("registerMigration")
            }
            guard let first = registering.first else { continue }
            var migrations: [DeclaredMigration] = []
            var notes: [MigrationNote] = []
            var erases = false
            for body in registering {
                var reading = RegistrationReading(discovery: self, body: body)
                reading.read(body.statements, migratorNames: [property, "self.\(property)"], depth: 0)
                migrations += reading.migrations
                notes += reading.notes
                erases = erases || reading.erases
            }
            guard !migrations.isEmpty || !notes.isEmpty else { continue }
            let location = first.node.startLocation(converter: first.file.converter)
            found.append(
                FoundMigrator(
                    name: "\(type).\(property)", file: first.file.name, line: location.line, migrations: migrations,
                    erasesDatabaseOnSchemaChange: erases, notes: notes))
        }
        return found
    }

    /// A body that takes the migrator from its caller (`inout DatabaseMigrator`, or a method of
    /// `DatabaseMigrator` itself) registers for another.
    func isHelper(_ body: CodeBody) -> Bool {
        body.enclosingType == "DatabaseMigrator" || body.parameters.contains { $0.type.contains("DatabaseMigrator") }
    }

    static func makesMigrator(_ statements: CodeBlockItemListSyntax) -> Bool {
        statements.description.contains("DatabaseMigrator()")
    }

    /// The helper body a call names: `registerV1(&migrator)`, `Self.v2(in: &migrator)`,
    /// `migrator.registerV3()` (an extension of `DatabaseMigrator`).
    func helper(named name: String, onMigrator: Bool) -> CodeBody? {
        let candidates = bodies.filter { body in
            let last = body.name.split(separator: ".").last.map(String.init) ?? body.name
            guard last == name else { return false }
            return onMigrator ? body.enclosingType == "DatabaseMigrator" : isHelper(body)
        }
        return candidates.first
    }

    /// A function that a `migrate:` argument names: `migrate: Self.v1`, `migrate: createPlayers`.
    func function(named path: String, from type: String?) -> CodeBody? {
        functions(named: path, from: type).first
    }

    /// Every function `path` can name from `type`, the type's own first, then free functions:
    /// overloads are told apart by the call's labels (`HelperArguments`).
    func functions(named path: String, from type: String?) -> [CodeBody] {
        let parts = path.split(separator: ".").map(String.init)
        guard let last = parts.last else { return [] }
        let owner = parts.dropLast().joined(separator: ".")
        let matches = bodies.filter { body in
            guard body.name.split(separator: ".").last.map(String.init) == last, !body.parameters.isEmpty else {
                return false
            }
            if owner.isEmpty || owner == "Self" { return type == nil || body.enclosingType == type }
            // `TransactionRecord.create` is not `FiatTransactionRecord.create`: whole names only.
            guard let enclosing = body.enclosingType else { return false }
            return enclosing == owner || enclosing.hasSuffix("." + owner)
        }
        // A free function named from inside a type.
        return matches
            + bodies.filter {
                $0.enclosingType == nil && $0.name == last && owner.isEmpty && !$0.parameters.isEmpty
            }
    }
}
