import ArborCore
@_spi(RawSyntax) import SwiftSyntax

/// Type declarations: `extension`, `struct`, `class`, `enum` and `actor` bodies with
/// the members arbor reads (properties, functions, initializers, enum cases, type
/// aliases, nested types). Other members (subscripts, operators…) hold nothing for GRDB.
extension SwiftLowering {
    /// The type declarations among `items` (a file's top level, or a paste, in `tree`),
    /// with `#if` branches chosen and other top-level code counted as skipped.
    mutating func typeDeclarations(
        in items: Located<RawCodeBlockItemListSyntax>, of tree: SourceFileSyntax, skipped: inout SkippedTopLevelText,
        cancellation: Cancellation?
    ) -> [TypeDeclaration] {
        var declarations: [TypeDeclaration] = []
        for item in items.elements(RawCodeBlockItemSyntax.self) {
            if cancellation?.isCancelled == true { break }
            let content = item.locate(item.node.item)
            if let decl = content.as(RawDeclSyntax.self) {
                if let group = decl.as(RawIfConfigDeclSyntax.self) {
                    if let inner = activeElements(of: group)?.as(RawCodeBlockItemListSyntax.self) {
                        declarations += typeDeclarations(
                            in: inner, of: tree, skipped: &skipped, cancellation: cancellation)
                    }
                } else if let declaration = typeDeclaration(decl) {
                    declarations.append(declaration)
                } else if let variable = decl.as(RawVariableDeclSyntax.self) {
                    // `private let abbreviations = [...]`: read as a static of `TopLevelConstants`.
                    var constants: [TypeDeclaration.Member] = []
                    properties(variable, into: &constants)
                    topLevelConstants += constants.map { member in
                        guard case .property(var property) = member else { return member }
                        property.isStatic = true
                        return .property(property)
                    }
                    if isFileScoped(variable.node.modifiers) {
                        fileScopedConstants.formUnion(constants.map(\.name))
                    }
                } else if let alias = decl.as(RawTypeAliasDeclSyntax.self) {
                    // `fileprivate typealias RootColumns = Root.Columns`: a name the file's methods use.
                    let initializer = alias.locate(alias.node.initializer)
                    topLevelTypeAliases.append(
                        .typeAlias(
                            name: name(alias.node.name), nameRange: range(alias.locate(alias.node.name)),
                            target: typeText(initializer.locate(initializer.node.value)), range: range(alias)))
                } else if decl.kind == .missingDecl {
                    skipped.add(lineRange(item, of: tree))
                }
            } else {
                // Imports, protocols, functions and globals are Swift arbor does not read;
                // statements and text that is not Swift are said, once per file.
                skipped.add(lineRange(item, of: tree))
            }
        }
        return declarations
    }

    /// From the start of `item` to the end of its line, with what the parser left unread.
    func lineRange(_ item: Located<RawCodeBlockItemSyntax>, of tree: SourceFileSyntax) -> TextRange {
        var end = item.trimmedEnd
        // The item's last token, found from the root: the walk to the line's end crosses items.
        var token = end > item.trimmedStart ? tree.token(at: AbsolutePosition(utf8Offset: end - 1)) : nil
        while let next = token?.nextToken(viewMode: .all), next.tokenKind != .endOfFile,
            !next.leadingTrivia.contains(where: \.isNewline),
            !(token?.trailingTrivia.contains(where: \.isNewline) ?? false)
        {
            end = next.endPositionBeforeTrailingTrivia.utf8Offset
            token = next
        }
        return TextRange(range(item).lowerBound, baseOffset + end)
    }

    /// `extension Book: TableRecord { … }`, `struct Book { … }`…; nil for other declarations,
    /// and for one whose body has no `}` (an error `SyntaxRefusals` says, not a declaration).
    mutating func typeDeclaration(_ decl: Located<RawDeclSyntax>) -> TypeDeclaration? {
        let keyword: TypeDeclaration.Keyword
        let nameRange: TextRange
        let name: String
        var genericArguments: [String] = []
        let inheritance: Located<RawInheritanceClauseSyntax>?
        let whereClause: Located<RawGenericWhereClauseSyntax>?
        let memberBlock: Located<RawMemberBlockSyntax>
        // By kind, one test, rather than a cast tried for each keyword in turn.
        switch decl.kind {
        case .extensionDecl:
            guard let e = decl.as(RawExtensionDeclSyntax.self) else { return nil }
            keyword = .extension
            let extended = e.locate(e.node.extendedType)
            nameRange = range(extended)
            if let identifier = extended.as(RawIdentifierTypeSyntax.self),
                let clause = identifier.locate(identifier.node.genericArgumentClause)
            {
                name = self.name(identifier.node.name)
                let arguments = clause.locate(clause.node.arguments)
                genericArguments = arguments.elements(RawGenericArgumentSyntax.self).map {
                    typeText($0.locate($0.node.argument))
                }
            } else {
                name = typeText(extended)
            }
            (inheritance, whereClause) = (e.locate(e.node.inheritanceClause), e.locate(e.node.genericWhereClause))
            memberBlock = e.locate(e.node.memberBlock)
        case .structDecl:
            guard let s = decl.as(RawStructDeclSyntax.self) else { return nil }
            (keyword, nameRange, name) = (.struct, range(s.locate(s.node.name)), self.name(s.node.name))
            (inheritance, whereClause) = (s.locate(s.node.inheritanceClause), s.locate(s.node.genericWhereClause))
            memberBlock = s.locate(s.node.memberBlock)
        case .classDecl:
            guard let c = decl.as(RawClassDeclSyntax.self) else { return nil }
            (keyword, nameRange, name) = (.class, range(c.locate(c.node.name)), self.name(c.node.name))
            (inheritance, whereClause) = (c.locate(c.node.inheritanceClause), c.locate(c.node.genericWhereClause))
            memberBlock = c.locate(c.node.memberBlock)
        case .enumDecl:
            guard let e = decl.as(RawEnumDeclSyntax.self) else { return nil }
            (keyword, nameRange, name) = (.enum, range(e.locate(e.node.name)), self.name(e.node.name))
            (inheritance, whereClause) = (e.locate(e.node.inheritanceClause), e.locate(e.node.genericWhereClause))
            memberBlock = e.locate(e.node.memberBlock)
        case .actorDecl:
            guard let a = decl.as(RawActorDeclSyntax.self) else { return nil }
            (keyword, nameRange, name) = (.actor, range(a.locate(a.node.name)), self.name(a.node.name))
            (inheritance, whereClause) = (a.locate(a.node.inheritanceClause), a.locate(a.node.genericWhereClause))
            memberBlock = a.locate(a.node.memberBlock)
        default:
            return nil
        }
        guard memberBlock.node.rightBrace.presence == .present else { return nil }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Parser.nestingLimit else { return nil }
        var declaration = TypeDeclaration(
            keyword: keyword, name: name, nameRange: nameRange,
            members: members(of: memberBlock.locate(memberBlock.node.members)), range: range(decl))
        declaration.genericArguments = genericArguments
        if let inheritance {
            declaration.inheritance = inheritance.locate(inheritance.node.inheritedTypes)
                .elements(RawInheritedTypeSyntax.self).map { typeText($0.locate($0.node.type)) }
        }
        if let whereClause {
            declaration.sameTypeRequirements = whereClause.locate(whereClause.node.requirements)
                .elements(RawGenericRequirementSyntax.self).compactMap { requirement in
                    guard
                        let same = requirement.locate(requirement.node.requirement)
                            .as(RawSameTypeRequirementSyntax.self)
                    else { return nil }
                    return .init(
                        left: typeText(same.locate(same.node.leftType)),
                        right: typeText(same.locate(same.node.rightType)))
                }
            declaration.conformanceRequirements = whereClause.locate(whereClause.node.requirements)
                .elements(RawGenericRequirementSyntax.self).compactMap { requirement in
                    guard
                        let conformance = requirement.locate(requirement.node.requirement)
                            .as(RawConformanceRequirementSyntax.self)
                    else { return nil }
                    return .init(
                        left: typeText(conformance.locate(conformance.node.leftType)),
                        right: typeText(conformance.locate(conformance.node.rightType)))
                }
        }
        return declaration
    }

    mutating func members(of list: Located<RawMemberBlockItemListSyntax>) -> [TypeDeclaration.Member] {
        var members: [TypeDeclaration.Member] = []
        // Mostly one member a declaration: the room at once, not grown from one to two.
        members.reserveCapacity(list.count)
        for item in list.elements(RawMemberBlockItemSyntax.self) {
            let decl = item.locate(item.node.decl)
            if let group = decl.as(RawIfConfigDeclSyntax.self) {
                if let inner = activeElements(of: group)?.as(RawMemberBlockItemListSyntax.self) {
                    members += self.members(of: inner)
                }
            } else if let nested = typeDeclaration(decl) {
                members.append(.nested(nested))
            } else if !decl.node.hasError {
                // A member the compiler would refuse is an error (`SyntaxRefusals`), not read.
                member(decl, into: &members)
            }
        }
        return members
    }

    /// One member declaration: none (skipped), one, or several (`case a, b`, `let a = 1, b = 2`).
    mutating func member(_ decl: Located<RawDeclSyntax>, into members: inout [TypeDeclaration.Member]) {
        if let variable = decl.as(RawVariableDeclSyntax.self) {
            return properties(variable, into: &members)
        }
        if let function = decl.as(RawFunctionDeclSyntax.self) {
            guard let body = function.locate(function.node.body) else { return }
            let signature = function.locate(function.node.signature)
            var declaration = FunctionDeclaration(
                isStatic: isStatic(function.node.modifiers), name: name(function.node.name),
                nameRange: range(function.locate(function.node.name)),
                parameters: parameters(signature.locate(signature.node.parameterClause)),
                returnType: signature.locate(signature.node.returnClause).map { typeText($0.locate($0.node.type)) },
                body: statements(body.locate(body.node.statements)), range: range(function))
            declaration.genericConstraints = genericConstraints(function)
            return members.append(.function(declaration))
        }
        // `init(ordering: SortOrder? = .forward) { self.ordering = ordering }`: a function named `init`.
        if let initializer = decl.as(RawInitializerDeclSyntax.self) {
            guard let body = initializer.locate(initializer.node.body) else { return }
            let signature = initializer.locate(initializer.node.signature)
            return members.append(
                .function(
                    FunctionDeclaration(
                        isStatic: false, name: "init",
                        nameRange: range(initializer.locate(initializer.node.initKeyword)),
                        parameters: parameters(signature.locate(signature.node.parameterClause)), returnType: nil,
                        body: statements(body.locate(body.node.statements)), range: range(initializer))))
        }
        if let cases = decl.as(RawEnumCaseDeclSyntax.self) {
            // `case tag(String)`: its associated values' labels and types (no column, no raw value).
            for element in cases.locate(cases.node.elements).elements(RawEnumCaseElementSyntax.self) {
                let associatedValues = element.locate(element.node.parameterClause).map { clause in
                    clause.locate(clause.node.parameters).elements(RawEnumCaseParameterSyntax.self).map { parameter in
                        EnumCase.AssociatedValue(
                            label: parameter.node.firstName.map(name).flatMap { $0 == "_" ? nil : $0 },
                            type: typeText(parameter.locate(parameter.node.type)))
                    }
                }
                members.append(
                    .enumCase(
                        EnumCase(
                            name: name(element.node.name), nameRange: range(element.locate(element.node.name)),
                            rawValue: element.locate(element.node.rawValue).map {
                                expression($0.locate($0.node.value))
                            },
                            associatedValues: associatedValues)))
            }
            return
        }
        if let alias = decl.as(RawTypeAliasDeclSyntax.self) {
            let initializer = alias.locate(alias.node.initializer)
            return members.append(
                .typeAlias(
                    name: name(alias.node.name), nameRange: range(alias.locate(alias.node.name)),
                    target: typeText(initializer.locate(initializer.node.value)), range: range(alias)))
        }
    }

    /// `static let name = value`, `var name: Type { getter }`, `let a = 1, b = 2`.
    mutating func properties(_ variable: Located<RawVariableDeclSyntax>, into members: inout [TypeDeclaration.Member]) {
        let isStatic = isStatic(variable.node.modifiers)
        let bindings = variable.locate(variable.node.bindings)
        let isSingle = bindings.count == 1
        for binding in bindings.elements(RawPatternBindingSyntax.self) {
            let pattern = binding.locate(binding.node.pattern)
            guard let identifier = pattern.as(RawIdentifierPatternSyntax.self) else {
                // `static let (a, b) = …`: Swift arbor does not read.
                members.append(
                    .unreadable(
                        name: pattern.detached.trimmedDescription, isStatic: isStatic,
                        mentionsGRDB: Self.mentionsGRDB(binding), reason: "a tuple pattern is not read",
                        range: range(variable)))
                continue
            }
            var value: PropertyDeclaration.PropertyValue?
            if let initializer = binding.locate(binding.node.initializer) {
                value = .initializer(expression(initializer.locate(initializer.node.value)))
            } else if let accessors = binding.locate(binding.node.accessorBlock) {
                let content = accessors.locate(accessors.node.accessors)
                if let items = content.as(RawCodeBlockItemListSyntax.self) {
                    value = .getter(statements(items))
                } else if let list = content.as(RawAccessorDeclListSyntax.self) {
                    // Observers (`didSet`) do not matter; a getter is the value.
                    for accessor in list.elements(RawAccessorDeclSyntax.self)
                    where accessor.node.accessorSpecifier.isKeyword("get") {
                        value = .getter(
                            accessor.locate(accessor.node.body).map { statements($0.locate($0.node.statements)) } ?? [])
                        break
                    }
                }
            }
            members.append(
                .property(
                    PropertyDeclaration(
                        isStatic: isStatic, name: name(identifier.node.identifier), nameRange: range(identifier),
                        type: binding.locate(binding.node.typeAnnotation).map { typeText($0.locate($0.node.type)) },
                        value: value, range: isSingle ? range(variable) : range(binding))))
        }
    }

    /// `<T: DerivableRequest>` and `where T: DerivableRequest`: each parameter's conformances.
    func genericConstraints(_ function: Located<RawFunctionDeclSyntax>) -> [String: String] {
        var constraints: [String: String] = [:]
        if let clause = function.locate(function.node.genericParameterClause) {
            for parameter in clause.locate(clause.node.parameters).elements(RawGenericParameterSyntax.self) {
                if let inherited = parameter.locate(parameter.node.inheritedType) {
                    constraints[name(parameter.node.name)] = typeText(inherited)
                }
            }
        }
        if let clause = function.locate(function.node.genericWhereClause) {
            for requirement in clause.locate(clause.node.requirements).elements(RawGenericRequirementSyntax.self) {
                if let conformance = requirement.locate(requirement.node.requirement)
                    .as(RawConformanceRequirementSyntax.self)
                {
                    constraints[typeText(conformance.locate(conformance.node.leftType))] = typeText(
                        conformance.locate(conformance.node.rightType))
                }
            }
        }
        return constraints
    }

    /// `private` or `fileprivate`: at a file's top level, both keep a name to its file.
    func isFileScoped(_ modifiers: RawDeclModifierListSyntax) -> Bool {
        Located(node: modifiers, offset: 0).elements(RawDeclModifierSyntax.self).contains {
            $0.node.name.isKeyword("private") || $0.node.name.isKeyword("fileprivate")
        }
    }

    func isStatic(_ modifiers: RawDeclModifierListSyntax) -> Bool {
        Located(node: modifiers, offset: 0).elements(RawDeclModifierSyntax.self).contains {
            $0.node.name.isKeyword("static") || $0.node.name.isKeyword("class")
        }
    }

    /// `label name: Type = default`, `_ name: Type`, `name: Type`.
    mutating func parameters(_ clause: Located<RawFunctionParameterClauseSyntax>) -> [FunctionDeclaration.Parameter] {
        clause.locate(clause.node.parameters).elements(RawFunctionParameterSyntax.self).map { parameter in
            let first = name(parameter.node.firstName)
            let second = parameter.node.secondName.map(name)
            return FunctionDeclaration.Parameter(
                label: first == "_" ? nil : first, name: second ?? first,
                type: typeText(parameter.locate(parameter.node.type)),
                defaultValue: parameter.locate(parameter.node.defaultValue).map {
                    expression($0.locate($0.node.value))
                },
                range: range(parameter))
        }
    }

    /// Names that make a member GRDB code worth reporting when arbor cannot read it.
    static let grdbWords: Set<String> = [
        "belongsTo", "hasMany", "hasOne", "ForeignKey", "Column", "databaseTableName", "including", "joining",
        "filter", "order", "annotated", "request", "QueryInterfaceRequest", "DerivableRequest", "select", "having",
        "matching", "association", "CommonTableExpression", "SQL", "ColumnExpression",
    ]

    static func mentionsGRDB(_ node: Located<some RawSyntaxNodeProtocol>) -> Bool {
        !node.forEachToken { token, _ in !grdbWords.contains(token.text) }
    }
}

/// Top-level code and text that is not a declaration, skipped: said once per file,
/// at the first place, with how many places in all (a text file named `.swift` is
/// not loaded in silence).
struct SkippedTopLevelText: Sendable {
    private var first: TextRange?
    private var count = 0

    mutating func add(_ range: TextRange) {
        if first == nil { first = range }
        count += 1
    }

    /// Adds what was skipped in text after this one's (a later piece of the file).
    mutating func append(_ later: SkippedTopLevelText) {
        if first == nil { first = later.first }
        count += later.count
    }

    var note: ArborError? {
        guard let first else { return nil }
        let more = count > 1 ? " (and \(count - 1) more place\(count > 2 ? "s" : "") in this file)" : ""
        return ArborError(
            "top-level code or text that is not a declaration is skipped\(more)", at: first,
            suggestion: "arbor reads the types and extensions of app code; statements run at the prompt")
    }
}
