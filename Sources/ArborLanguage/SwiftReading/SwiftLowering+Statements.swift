import ArborCore
@_spi(RawSyntax) import SwiftSyntax

/// The statements of function bodies, getters and closures: bindings, assignments,
/// `return`, `guard`, `if`, `switch`, `throw`, `for … in`. Other statements (`while`, `do`…) are
/// kept as `unsupported`, an error only when a request reaches them.
extension SwiftLowering {
    mutating func statements(_ items: Located<RawCodeBlockItemListSyntax>) -> [BodyStatement] {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Parser.nestingLimit else {
            return [.unsupported(what: "code nested this deep", range: range(items))]
        }
        var statements: [BodyStatement] = []
        for item in items.elements(RawCodeBlockItemSyntax.self) {
            let content = item.locate(item.node.item)
            if let decl = content.as(RawDeclSyntax.self) {
                if let group = decl.as(RawIfConfigDeclSyntax.self) {
                    if let inner = activeElements(of: group)?.as(RawCodeBlockItemListSyntax.self) {
                        statements += self.statements(inner)
                    }
                } else if let variable = decl.as(RawVariableDeclSyntax.self) {
                    statements += bindings(variable)
                } else {
                    statements.append(.unsupported(what: "a local declaration", range: range(decl)))
                }
            } else if let stmt = content.as(RawStmtSyntax.self) {
                statements.append(statement(stmt))
            } else if let expr = content.as(RawExprSyntax.self) {
                statements.append(expressionStatement(expr))
            }
        }
        return statements
    }

    /// `let name = value`, `var name: Type = value`, `var name: Type`.
    mutating func bindings(_ variable: Located<RawVariableDeclSyntax>) -> [BodyStatement] {
        let isVariable = variable.node.bindingSpecifier.text == "var"
        return variable.locate(variable.node.bindings).elements(RawPatternBindingSyntax.self).map { binding in
            guard let identifier = binding.locate(binding.node.pattern).as(RawIdentifierPatternSyntax.self) else {
                return .unsupported(what: "a tuple pattern", range: range(binding))
            }
            let value = binding.locate(binding.node.initializer).map { expression($0.locate($0.node.value)) }
            return .binding(
                name: name(identifier.node.identifier), nameRange: range(identifier),
                type: binding.locate(binding.node.typeAnnotation).map { typeText($0.locate($0.node.type)) },
                value: value, isVariable: isVariable,
                range: TextRange(range(variable).lowerBound, range(binding).upperBound))
        }
    }

    mutating func statement(_ stmt: Located<RawStmtSyntax>) -> BodyStatement {
        if let r = stmt.as(RawReturnStmtSyntax.self) {
            return .returnValue(r.locate(r.node.expression).map { expression($0) }, range: range(r))
        }
        if let g = stmt.as(RawGuardStmtSyntax.self) {
            let body = g.locate(g.node.body)
            return .guardElse(
                conditions: conditions(g.locate(g.node.conditions)),
                elseBody: statements(body.locate(body.node.statements)), range: range(g))
        }
        if let e = stmt.as(RawExpressionStmtSyntax.self) {
            return expressionStatement(e.locate(e.node.expression))
        }
        if let t = stmt.as(RawThrowStmtSyntax.self) {
            return .throwError(expression(t.locate(t.node.expression)), range: range(t))
        }
        if let f = stmt.as(RawForStmtSyntax.self), let loop = forInStatement(f) { return loop }
        var keyword = "statement"
        stmt.forEachToken { token, _ in
            keyword = token.text
            return false
        }
        return .unsupported(what: "`\(keyword)`", range: range(stmt))
    }

    /// `for name in sequence where condition { … }`; nil for the loops arbor does not run
    /// (`for try await`, `for case`, a tuple pattern), kept as `unsupported`.
    mutating func forInStatement(_ f: Located<RawForStmtSyntax>) -> BodyStatement? {
        guard f.node.tryKeyword == nil, f.node.awaitKeyword == nil, f.node.caseKeyword == nil else { return nil }
        let pattern = f.locate(f.node.pattern)
        let name: String?
        if let identifier = pattern.as(RawIdentifierPatternSyntax.self) {
            name = self.name(identifier.node.identifier)
        } else if pattern.is(RawWildcardPatternSyntax.self) {
            name = nil
        } else {
            return nil
        }
        let condition = f.locate(f.node.whereClause).map { expression($0.locate($0.node.condition)) }
        let body = f.locate(f.node.body)
        return .forIn(
            name: name, sequence: expression(f.locate(f.node.sequence)), condition: condition,
            body: statements(body.locate(body.node.statements)), range: range(f))
    }

    /// An expression used as a statement: `if` and `switch`, assignments, or a value.
    mutating func expressionStatement(_ expr: Located<RawExprSyntax>) -> BodyStatement {
        if let i = expr.as(RawIfExprSyntax.self) { return ifStatement(i) }
        if let s = expr.as(RawSwitchExprSyntax.self) { return switchStatement(s) }
        if expr.kind == .sequenceExpr {
            return withFoldedOperators(expr) { lowering, folded in
                lowering.assignmentStatement(folded) ?? .expression(lowering.expression(folded))
            }
        }
        return .expression(expression(expr))
    }

    /// `name = value`, `count += 1`; nil for other expressions.
    private mutating func assignmentStatement(_ folded: Located<RawExprSyntax>) -> BodyStatement? {
        guard let infix = folded.as(RawInfixOperatorExprSyntax.self) else { return nil }
        let target = infix.locate(infix.node.leftOperand)
        let operation = infix.locate(infix.node.operator)
        if operation.kind == .assignmentExpr {
            return assignment(
                target: target, value: expression(infix.locate(infix.node.rightOperand)), range: range(infix))
        }
        // `count += 1`: the assignment of `count + 1`.
        guard let op = operation.as(RawBinaryOperatorExprSyntax.self)?.node,
            Self.compoundAssignments.contains(op.operator.text),
            let binary = BinaryOperator(rawValue: String(op.operator.text.dropLast()))
        else { return nil }
        let value = Expr(
            .binary(binary, expression(target), expression(infix.locate(infix.node.rightOperand))), range(infix))
        return assignment(target: target, value: value, range: range(infix))
    }

    static let compoundAssignments: Set<String> = ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="]

    /// `name = value`, `self.name = value` (as initializers write it), `container["x"] = value`.
    mutating func assignment(target: Located<RawExprSyntax>, value: Expr, range: TextRange) -> BodyStatement {
        // `_ = value`: evaluated, its value dropped.
        if target.kind == .discardAssignmentExpr { return .expression(value) }
        if let reference = target.as(RawDeclReferenceExprSyntax.self) {
            return .assignment(
                name: name(reference.node.baseName), nameRange: self.range(reference), value: value, range: range)
        }
        if let member = target.as(RawMemberAccessExprSyntax.self),
            member.node.base?.as(RawDeclReferenceExprSyntax.self)?.baseName.isKeyword("self") == true
        {
            let declName = member.locate(member.node.declName)
            return .assignment(
                name: name(declName.node.baseName), nameRange: self.range(declName), value: value, range: range)
        }
        if target.kind == .subscriptCallExpr {
            return .subscriptAssignment(target: expression(target), value: value, range: range)
        }
        return .unsupported(what: "an assignment to `\(target.detached.trimmedDescription)`", range: range)
    }

    mutating func ifStatement(_ i: Located<RawIfExprSyntax>) -> BodyStatement {
        var branches: [BodyStatement.ConditionalBranch] = []
        var elseBody: [BodyStatement]?
        var current: Located<RawIfExprSyntax>? = i
        while let branch = current {
            let body = branch.locate(branch.node.body)
            branches.append(
                .init(
                    conditions: conditions(branch.locate(branch.node.conditions)),
                    body: statements(body.locate(body.node.statements))))
            current = nil
            if let next = branch.locate(branch.node.elseBody) {
                if let nextIf = next.as(RawIfExprSyntax.self) {
                    current = nextIf
                } else if let block = next.as(RawCodeBlockSyntax.self) {
                    elseBody = statements(block.locate(block.node.statements))
                }
            }
        }
        return .ifElse(branches: branches, elseBody: elseBody, range: range(i))
    }

    mutating func conditions(_ list: Located<RawConditionElementListSyntax>) -> [BodyStatement.Condition] {
        list.elements(RawConditionElementSyntax.self).map { element in
            let condition = element.locate(element.node.condition)
            if let e = condition.as(RawExprSyntax.self) {
                return .boolean(expression(e))
            }
            if let binding = condition.as(RawOptionalBindingConditionSyntax.self) {
                let pattern = binding.locate(binding.node.pattern)
                let name =
                    pattern.as(RawIdentifierPatternSyntax.self).map { self.name($0.node.identifier) }
                    ?? pattern.detached.trimmedDescription
                return .optionalBinding(
                    name: name, nameRange: range(pattern),
                    value: binding.locate(binding.node.initializer).map { expression($0.locate($0.node.value)) })
            }
            // `case .tag(let name) = filter`.
            if let matching = condition.as(RawMatchingPatternConditionSyntax.self),
                let pattern = casePattern(matching.locate(matching.node.pattern), requiresValues: false)
            {
                let initializer = matching.locate(matching.node.initializer)
                return .casePattern(pattern, value: expression(initializer.locate(initializer.node.value)))
            }
            return .boolean(unsupported("this condition", element))
        }
    }

    mutating func switchStatement(_ s: Located<RawSwitchExprSyntax>) -> BodyStatement {
        var cases: [BodyStatement.SwitchCase] = []
        collectCases(s.locate(s.node.cases), into: &cases)
        return .switchValue(subject: expression(s.locate(s.node.subject)), cases: cases, range: range(s))
    }

    private mutating func collectCases(
        _ list: Located<RawSwitchCaseListSyntax>, into cases: inout [BodyStatement.SwitchCase]
    ) {
        for element in list.elements(RawSyntax.self) {
            if let switchCase = element.as(RawSwitchCaseSyntax.self) {
                let body = statements(switchCase.locate(switchCase.node.statements))
                let label = switchCase.locate(switchCase.node.label)
                if let caseLabel = label.as(RawSwitchCaseLabelSyntax.self) {
                    let items = caseLabel.locate(caseLabel.node.caseItems)
                    var patterns: [Expr] = []
                    var casePatterns: [CasePattern] = []
                    for item in items.elements(RawSwitchCaseItemSyntax.self) {
                        let pattern = item.locate(item.node.pattern)
                        if item.node.whereClause != nil {
                            patterns.append(unsupported("this pattern", item))
                        } else if let casePattern = casePattern(pattern, requiresValues: true) {
                            casePatterns.append(casePattern)
                        } else if let expressionPattern = pattern.as(RawExpressionPatternSyntax.self) {
                            patterns.append(expression(expressionPattern.locate(expressionPattern.node.expression)))
                        } else {
                            patterns.append(unsupported("this pattern", item))
                        }
                    }
                    cases.append(.init(patterns: patterns, casePatterns: casePatterns, body: body))
                } else {
                    cases.append(.init(patterns: [], body: body))
                }
            } else if let group = element.as(RawIfConfigDeclSyntax.self) {
                if let inner = activeElements(of: group)?.as(RawSwitchCaseListSyntax.self) {
                    collectCases(inner, into: &cases)
                }
            }
        }
    }
}
