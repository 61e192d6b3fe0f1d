import SwiftParser
import SwiftSyntax

/// The app's constants that migrations name: `static let`s and single-expression
/// computed statics of every type (`databaseTableName`, `Columns.name`), enum cases
/// with their raw values (`enum Columns: String, ColumnExpression`, `CodingKeys`), and
/// top-level `let`s. Each is evaluated when a migration reads it.
struct SourceConstants {
    private enum Entry {
        case expression(ExprSyntax, type: String?)
        case value(MigrationValue)
    }

    /// By type path (`""` for the top level), then member name.
    private var entries: [String: [String: Entry]] = [:]

    init(files: [ParsedSourceFile]) {
        for file in files {
            for item in file.tree.statements {
                if let decl = item.item.as(DeclSyntax.self) { collect(decl, in: nil) }
            }
        }
    }

    private mutating func collect(_ decl: DeclSyntax, in type: String?) {
        if let nested = TypeScope.name(of: decl) {
            let path = type.map { $0 + "." + nested.name } ?? nested.name
            let isColumns = nested.inherits.contains("ColumnExpression")
            for member in nested.members {
                if let cases = member.decl.as(EnumCaseDeclSyntax.self) {
                    for element in cases.elements {
                        let raw =
                            element.rawValue?.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                            ?? element.name.text
                        let value: MigrationValue = isColumns ? .expression(.column(raw)) : .literal(.text(raw))
                        entries[path, default: [:]][element.name.text] = .value(value)
                    }
                } else {
                    collect(member.decl, in: path)
                }
            }
            return
        }
        guard let variable = decl.as(VariableDeclSyntax.self) else { return }
        let isStatic = variable.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
        guard type == nil || isStatic else { return }
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if let value = binding.initializer?.value {
                entries[type ?? "", default: [:]][name] = .expression(value, type: type)
            } else if let expression = Self.singleExpression(binding.accessorBlock) {
                entries[type ?? "", default: [:]][name] = .expression(expression, type: type)
            }
        }
    }

    /// `{ "player" }` or `{ return "player" }`: the expression of a one-statement getter.
    static func singleExpression(_ accessors: AccessorBlockSyntax?) -> ExprSyntax? {
        guard let accessors else { return nil }
        let statements: CodeBlockItemListSyntax
        switch accessors.accessors {
        case .getter(let items): statements = items
        case .accessors(let list):
            guard let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
                let body = getter.body
            else { return nil }
            statements = body.statements
        }
        guard statements.count == 1, let only = statements.first else { return nil }
        if let expression = only.item.as(ExprSyntax.self) { return expression }
        return only.item.as(ReturnStmtSyntax.self)?.expression
    }

    /// The value of `type.name` (or a top-level `name` when `type` is nil).
    func value(of type: String?, _ name: String, evaluator: ValueEvaluator) throws -> MigrationValue? {
        guard let (entry, owner) = lookup(type, name) else { return nil }
        switch entry {
        case .value(let value): return value
        case .expression(let expression, _):
            var inner = ValueEvaluator(constants: self)
            inner.enclosingType = owner.isEmpty ? nil : owner
            inner.depth = evaluator.depth + 1
            return try inner.evaluate(expression)
        }
    }

    private func lookup(_ type: String?, _ name: String) -> (Entry, String)? {
        guard let type else { return entries[""]?[name].map { ($0, "") } }
        if let entry = entries[type]?[name] { return (entry, type) }
        // `Columns.name` written inside `Player`: the nested type whose path ends so.
        let matches = entries.keys.filter { $0.hasSuffix("." + type) && entries[$0]?[name] != nil }
        guard matches.count == 1, let path = matches.first, let entry = entries[path]?[name] else { return nil }
        return (entry, path)
    }

    /// The record type's table: its `databaseTableName`, else GRDB's default (the type
    /// name with its leading capitals lowercased, `TableRecord.defaultDatabaseTableName`).
    func tableName(ofType type: String) -> String {
        if case .expression(let expression, let owner)? = lookup(type, "databaseTableName")?.0,
            let value = try? ValueEvaluator(constants: self, enclosingType: owner).evaluate(expression),
            let text = value.text
        {
            return text
        }
        let typeName = String(type.split(separator: ".").last ?? Substring(type))
        let initial = typeName.prefix { $0.isUppercase }
        switch initial.count {
        case typeName.count: return typeName.lowercased()
        case 0: return typeName
        case 1: return initial.lowercased() + typeName.dropFirst()
        default: return initial.dropLast().lowercased() + typeName.dropFirst(initial.count - 1)
        }
    }
}

/// A type declaration's name, inherited types and members (struct, class, enum, actor, extension).
struct TypeScope {
    var name: String
    var inherits: [String]
    var members: MemberBlockItemListSyntax

    static func name(of decl: DeclSyntax) -> TypeScope? {
        func inherited(_ clause: InheritanceClauseSyntax?) -> [String] {
            clause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        }
        if let d = decl.as(StructDeclSyntax.self) {
            return TypeScope(
                name: d.name.text, inherits: inherited(d.inheritanceClause), members: d.memberBlock.members)
        }
        if let d = decl.as(ClassDeclSyntax.self) {
            return TypeScope(
                name: d.name.text, inherits: inherited(d.inheritanceClause), members: d.memberBlock.members)
        }
        if let d = decl.as(EnumDeclSyntax.self) {
            return TypeScope(
                name: d.name.text, inherits: inherited(d.inheritanceClause), members: d.memberBlock.members)
        }
        if let d = decl.as(ActorDeclSyntax.self) {
            return TypeScope(
                name: d.name.text, inherits: inherited(d.inheritanceClause), members: d.memberBlock.members)
        }
        if let d = decl.as(ExtensionDeclSyntax.self) {
            return TypeScope(
                name: d.extendedType.trimmedDescription, inherits: inherited(d.inheritanceClause),
                members: d.memberBlock.members)
        }
        return nil
    }
}
