import ArborCore
import SwiftSyntax

/// Type declarations: `extension`, `struct`, `class`, `enum` and `actor` bodies with
/// the members arbor reads (properties, functions, initializers, enum cases, type
/// aliases, nested types). Other members (subscripts, operators…) hold nothing for GRDB.
extension SwiftLowering {
    /// The type declarations among `items` (a file's top level, or a paste),
    /// with `#if` branches chosen and other top-level code counted as skipped.
    mutating func typeDeclarations(
        in items: CodeBlockItemListSyntax, skipped: inout SkippedTopLevelText, cancellation: Cancellation?
    ) -> [TypeDeclaration] {
        var declarations: [TypeDeclaration] = []
        for item in items {
            if cancellation?.isCancelled == true { break }
            switch item.item {
            case .decl(let decl):
                if let group = decl.as(IfConfigDeclSyntax.self) {
                    if case .statements(let inner)? = activeClause(of: group)?.elements {
                        declarations += typeDeclarations(in: inner, skipped: &skipped, cancellation: cancellation)
                    }
                } else if Self.isUnclosed(decl) {
                    // A body left open is an error (said by `SyntaxRefusals`), not a declaration.
                    continue
                } else if let declaration = typeDeclaration(decl) {
                    declarations.append(declaration)
                } else if let variable = decl.as(VariableDeclSyntax.self) {
                    // `private let abbreviations = [...]`: read as a static of `TopLevelConstants`.
                    topLevelConstants += properties(variable).map { member in
                        guard case .property(var property) = member else { return member }
                        property.isStatic = true
                        return .property(property)
                    }
                } else if decl.is(MissingDeclSyntax.self) {
                    skipped.add(lineRange(item))
                }
            // Imports, protocols, functions and globals are Swift arbor does not read;
            // statements and text that is not Swift are said, once per file.
            case .stmt, .expr:
                skipped.add(lineRange(item))
            }
        }
        return declarations
    }

    /// From the start of `item` to the end of its line, with what the parser left unread.
    func lineRange(_ item: CodeBlockItemSyntax) -> TextRange {
        var end = item.endPositionBeforeTrailingTrivia.utf8Offset
        var token = item.lastToken(viewMode: .sourceAccurate)
        while let next = token?.nextToken(viewMode: .all), next.tokenKind != .endOfFile,
            !next.leadingTrivia.contains(where: \.isNewline),
            !(token?.trailingTrivia.contains(where: \.isNewline) ?? false)
        {
            end = next.endPositionBeforeTrailingTrivia.utf8Offset
            token = next
        }
        return TextRange(range(item).lowerBound, baseOffset + foldOffset + end)
    }

    /// `extension Book: TableRecord { … }`, `struct Book { … }`…; nil for other declarations.
    mutating func typeDeclaration(_ decl: DeclSyntax) -> TypeDeclaration? {
        let keyword: TypeDeclaration.Keyword
        let nameNode: Syntax
        let name: String
        var genericArguments: [String] = []
        let inheritance: InheritanceClauseSyntax?
        let whereClause: GenericWhereClauseSyntax?
        let memberBlock: MemberBlockSyntax
        if let e = decl.as(ExtensionDeclSyntax.self) {
            keyword = .extension
            nameNode = Syntax(e.extendedType)
            if let identifier = e.extendedType.as(IdentifierTypeSyntax.self),
                let clause = identifier.genericArgumentClause
            {
                name = self.name(identifier.name)
                genericArguments = clause.arguments.map { typeText($0.argument) }
            } else {
                name = typeText(e.extendedType)
            }
            (inheritance, whereClause, memberBlock) = (e.inheritanceClause, e.genericWhereClause, e.memberBlock)
        } else if let s = decl.as(StructDeclSyntax.self) {
            (keyword, nameNode, name) = (.struct, Syntax(s.name), self.name(s.name))
            (inheritance, whereClause, memberBlock) = (s.inheritanceClause, s.genericWhereClause, s.memberBlock)
        } else if let c = decl.as(ClassDeclSyntax.self) {
            (keyword, nameNode, name) = (.class, Syntax(c.name), self.name(c.name))
            (inheritance, whereClause, memberBlock) = (c.inheritanceClause, c.genericWhereClause, c.memberBlock)
        } else if let e = decl.as(EnumDeclSyntax.self) {
            (keyword, nameNode, name) = (.enum, Syntax(e.name), self.name(e.name))
            (inheritance, whereClause, memberBlock) = (e.inheritanceClause, e.genericWhereClause, e.memberBlock)
        } else if let a = decl.as(ActorDeclSyntax.self) {
            (keyword, nameNode, name) = (.actor, Syntax(a.name), self.name(a.name))
            (inheritance, whereClause, memberBlock) = (a.inheritanceClause, a.genericWhereClause, a.memberBlock)
        } else {
            return nil
        }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Parser.nestingLimit else { return nil }
        var declaration = TypeDeclaration(
            keyword: keyword, name: name, nameRange: range(nameNode), members: members(of: memberBlock.members),
            range: range(decl))
        declaration.genericArguments = genericArguments
        declaration.inheritance = inheritance?.inheritedTypes.map { typeText($0.type) } ?? []
        declaration.sameTypeRequirements =
            whereClause?.requirements.compactMap { requirement -> TypeDeclaration.SameTypeRequirement? in
                guard case .sameTypeRequirement(let same) = requirement.requirement else { return nil }
                return .init(left: typeText(same.leftType), right: typeText(same.rightType))
            } ?? []
        return declaration
    }

    /// A type declaration whose body has no `}`.
    static func isUnclosed(_ decl: DeclSyntax) -> Bool {
        // By kind, not `asProtocol(DeclGroupSyntax.self)`: a dynamic cast for every member costs.
        let memberBlock: MemberBlockSyntax? =
            switch decl.as(DeclSyntaxEnum.self) {
            case .structDecl(let d): d.memberBlock
            case .classDecl(let d): d.memberBlock
            case .enumDecl(let d): d.memberBlock
            case .extensionDecl(let d): d.memberBlock
            case .actorDecl(let d): d.memberBlock
            case .protocolDecl(let d): d.memberBlock
            default: nil
            }
        return memberBlock?.rightBrace.presence == .missing
    }

    mutating func members(of list: MemberBlockItemListSyntax) -> [TypeDeclaration.Member] {
        var members: [TypeDeclaration.Member] = []
        for item in list {
            let decl = item.decl
            if let group = decl.as(IfConfigDeclSyntax.self) {
                if case .decls(let inner)? = activeClause(of: group)?.elements { members += self.members(of: inner) }
            } else if Self.isUnclosed(decl) {
                continue
            } else if let nested = typeDeclaration(decl) {
                members.append(.nested(nested))
            } else if !decl.hasError {
                // A member the compiler would refuse is an error (`SyntaxRefusals`), not read.
                members += member(decl)
            }
        }
        return members
    }

    /// One member declaration: none (skipped), one, or several (`case a, b`, `let a = 1, b = 2`).
    mutating func member(_ decl: DeclSyntax) -> [TypeDeclaration.Member] {
        if let variable = decl.as(VariableDeclSyntax.self) {
            return properties(variable)
        }
        if let function = decl.as(FunctionDeclSyntax.self) {
            guard let body = function.body else { return [] }
            var declaration = FunctionDeclaration(
                isStatic: isStatic(function.modifiers), name: name(function.name), nameRange: range(function.name),
                parameters: parameters(function.signature.parameterClause),
                returnType: function.signature.returnClause.map { typeText($0.type) },
                body: statements(body.statements), range: range(function))
            declaration.genericConstraints = genericConstraints(function)
            return [.function(declaration)]
        }
        // `init(ordering: SortOrder? = .forward) { self.ordering = ordering }`: a function named `init`.
        if let initializer = decl.as(InitializerDeclSyntax.self) {
            guard let body = initializer.body else { return [] }
            return [
                .function(
                    FunctionDeclaration(
                        isStatic: false, name: "init", nameRange: range(initializer.initKeyword),
                        parameters: parameters(initializer.signature.parameterClause), returnType: nil,
                        body: statements(body.statements), range: range(initializer)))
            ]
        }
        if let cases = decl.as(EnumCaseDeclSyntax.self) {
            // `case other(Int)` (with associated values) is not a column or a raw value.
            return cases.elements.compactMap { element in
                guard element.parameterClause == nil else { return nil }
                return .enumCase(
                    EnumCase(
                        name: name(element.name), nameRange: range(element.name),
                        rawValue: element.rawValue.map { expression($0.value) }))
            }
        }
        if let alias = decl.as(TypeAliasDeclSyntax.self) {
            return [
                .typeAlias(
                    name: name(alias.name), nameRange: range(alias.name), target: typeText(alias.initializer.value),
                    range: range(alias))
            ]
        }
        return []
    }

    /// `static let name = value`, `var name: Type { getter }`, `let a = 1, b = 2`.
    mutating func properties(_ variable: VariableDeclSyntax) -> [TypeDeclaration.Member] {
        let isStatic = isStatic(variable.modifiers)
        var members: [TypeDeclaration.Member] = []
        for binding in variable.bindings {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
                // `static let (a, b) = …`: Swift arbor does not read.
                members.append(
                    .unreadable(
                        name: binding.pattern.trimmedDescription, isStatic: isStatic,
                        mentionsGRDB: Self.mentionsGRDB(binding), reason: "a tuple pattern is not read",
                        range: range(variable)))
                continue
            }
            var value: PropertyDeclaration.PropertyValue?
            if let initializer = binding.initializer {
                value = .initializer(expression(initializer.value))
            } else if let accessors = binding.accessorBlock {
                switch accessors.accessors {
                case .getter(let items):
                    value = .getter(statements(items))
                case .accessors(let list):
                    // Observers (`didSet`) do not matter; a getter is the value.
                    if let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }) {
                        value = .getter(getter.body.map { statements($0.statements) } ?? [])
                    }
                }
            }
            members.append(
                .property(
                    PropertyDeclaration(
                        isStatic: isStatic, name: name(identifier.identifier), nameRange: range(identifier),
                        type: binding.typeAnnotation.map { typeText($0.type) }, value: value,
                        range: variable.bindings.count == 1 ? range(variable) : range(binding))))
        }
        return members
    }

    /// `<T: DerivableRequest>` and `where T: DerivableRequest`: each parameter's conformances.
    func genericConstraints(_ function: FunctionDeclSyntax) -> [String: String] {
        var constraints: [String: String] = [:]
        // `if let`, not `?? []`: an empty literal would build a syntax node for each function.
        if let parameters = function.genericParameterClause?.parameters {
            for parameter in parameters {
                if let inherited = parameter.inheritedType { constraints[name(parameter.name)] = typeText(inherited) }
            }
        }
        if let requirements = function.genericWhereClause?.requirements {
            for requirement in requirements {
                if case .conformanceRequirement(let conformance) = requirement.requirement {
                    constraints[typeText(conformance.leftType)] = typeText(conformance.rightType)
                }
            }
        }
        return constraints
    }

    func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// `label name: Type = default`, `_ name: Type`, `name: Type`.
    mutating func parameters(_ clause: FunctionParameterClauseSyntax) -> [FunctionDeclaration.Parameter] {
        clause.parameters.map { parameter in
            let first = name(parameter.firstName)
            let second = parameter.secondName.map(name)
            return FunctionDeclaration.Parameter(
                label: first == "_" ? nil : first, name: second ?? first, type: typeText(parameter.type),
                defaultValue: parameter.defaultValue.map { expression($0.value) }, range: range(parameter))
        }
    }

    /// Names that make a member GRDB code worth reporting when arbor cannot read it.
    static let grdbWords: Set<String> = [
        "belongsTo", "hasMany", "hasOne", "ForeignKey", "Column", "databaseTableName", "including", "joining",
        "filter", "order", "annotated", "request", "QueryInterfaceRequest", "DerivableRequest", "select", "having",
        "matching", "association", "CommonTableExpression", "SQL", "ColumnExpression",
    ]

    static func mentionsGRDB(_ node: some SyntaxProtocol) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { grdbWords.contains($0.text) }
    }
}

/// Top-level code and text that is not a declaration, skipped: said once per file,
/// at the first place, with how many places in all (a text file named `.swift` is
/// not loaded in silence).
struct SkippedTopLevelText {
    private var first: TextRange?
    private var count = 0

    mutating func add(_ range: TextRange) {
        if first == nil { first = range }
        count += 1
    }

    var note: ArborError? {
        guard let first else { return nil }
        let more = count > 1 ? " (and \(count - 1) more place\(count > 2 ? "s" : "") in this file)" : ""
        return ArborError(
            "top-level code or text that is not a declaration is skipped\(more)", at: first,
            suggestion: "arbor reads the types and extensions of app code; statements run at the prompt")
    }
}
