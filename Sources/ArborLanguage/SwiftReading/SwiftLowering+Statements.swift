import ArborCore
import SwiftSyntax

/// The statements of function bodies, getters and closures: bindings, assignments,
/// `return`, `guard`, `if`, `switch`, `throw`. Other statements (`for`, `do`…) are
/// kept as `unsupported`, an error only when a request reaches them.
extension SwiftLowering {
    mutating func statements(_ items: CodeBlockItemListSyntax) -> [BodyStatement] {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Parser.nestingLimit else {
            return [.unsupported(what: "code nested this deep", range: range(items))]
        }
        var statements: [BodyStatement] = []
        for item in items {
            switch item.item {
            case .decl(let decl):
                if let group = decl.as(IfConfigDeclSyntax.self) {
                    if case .statements(let inner)? = activeClause(of: group)?.elements {
                        statements += self.statements(inner)
                    }
                } else if let variable = decl.as(VariableDeclSyntax.self) {
                    statements += bindings(variable)
                } else {
                    statements.append(.unsupported(what: "a local declaration", range: range(decl)))
                }
            case .stmt(let stmt):
                statements.append(statement(stmt))
            case .expr(let expr):
                statements.append(expressionStatement(expr))
            }
        }
        return statements
    }

    /// `let name = value`, `var name: Type = value`, `var name: Type`.
    mutating func bindings(_ variable: VariableDeclSyntax) -> [BodyStatement] {
        variable.bindings.map { binding in
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
                return .unsupported(what: "a tuple pattern", range: range(binding))
            }
            let value = binding.initializer.map { expression($0.value) }
            return .binding(
                name: name(identifier.identifier), nameRange: range(identifier),
                type: binding.typeAnnotation.map { typeText($0.type) }, value: value,
                isVariable: variable.bindingSpecifier.text == "var",
                range: TextRange(range(variable).lowerBound, range(binding).upperBound))
        }
    }

    mutating func statement(_ stmt: StmtSyntax) -> BodyStatement {
        if let r = stmt.as(ReturnStmtSyntax.self) {
            return .returnValue(r.expression.map { expression($0) }, range: range(r))
        }
        if let g = stmt.as(GuardStmtSyntax.self) {
            return .guardElse(
                conditions: conditions(g.conditions), elseBody: statements(g.body.statements), range: range(g))
        }
        if let e = stmt.as(ExpressionStmtSyntax.self) {
            return expressionStatement(e.expression)
        }
        if let t = stmt.as(ThrowStmtSyntax.self) { return .throwError(expression(t.expression), range: range(t)) }
        let keyword = stmt.firstToken(viewMode: .sourceAccurate)?.text ?? "statement"
        return .unsupported(what: "`\(keyword)`", range: range(stmt))
    }

    /// An expression used as a statement: `if` and `switch`, assignments, or a value.
    mutating func expressionStatement(_ expr: ExprSyntax) -> BodyStatement {
        if let i = expr.as(IfExprSyntax.self) { return ifStatement(i) }
        if let s = expr.as(SwitchExprSyntax.self) { return switchStatement(s) }
        if expr.is(SequenceExprSyntax.self) {
            return withFoldedOperators(expr) { lowering, folded in
                lowering.assignmentStatement(folded) ?? .expression(lowering.expression(folded))
            }
        }
        return .expression(expression(expr))
    }

    /// `name = value`, `count += 1`; nil for other expressions.
    private mutating func assignmentStatement(_ folded: ExprSyntax) -> BodyStatement? {
        guard let infix = folded.as(InfixOperatorExprSyntax.self) else { return nil }
        if infix.operator.is(AssignmentExprSyntax.self) {
            return assignment(target: infix.leftOperand, value: expression(infix.rightOperand), range: range(infix))
        }
        // `count += 1`: the assignment of `count + 1`.
        guard let op = infix.operator.as(BinaryOperatorExprSyntax.self),
            Self.compoundAssignments.contains(op.operator.text),
            let binary = BinaryOperator(rawValue: String(op.operator.text.dropLast()))
        else { return nil }
        let value = Expr(.binary(binary, expression(infix.leftOperand), expression(infix.rightOperand)), range(infix))
        return assignment(target: infix.leftOperand, value: value, range: range(infix))
    }

    static let compoundAssignments: Set<String> = ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="]

    /// `name = value`, `self.name = value` (as initializers write it), `container["x"] = value`.
    mutating func assignment(target: ExprSyntax, value: Expr, range: TextRange) -> BodyStatement {
        // `_ = value`: evaluated, its value dropped.
        if target.is(DiscardAssignmentExprSyntax.self) { return .expression(value) }
        if let reference = target.as(DeclReferenceExprSyntax.self) {
            return .assignment(
                name: name(reference.baseName), nameRange: self.range(reference), value: value, range: range)
        }
        if let member = target.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            return .assignment(
                name: name(member.declName.baseName), nameRange: self.range(member.declName), value: value,
                range: range)
        }
        if target.is(SubscriptCallExprSyntax.self) {
            return .subscriptAssignment(target: expression(target), value: value, range: range)
        }
        return .unsupported(what: "an assignment to `\(target.trimmedDescription)`", range: range)
    }

    mutating func ifStatement(_ i: IfExprSyntax) -> BodyStatement {
        var branches: [BodyStatement.ConditionalBranch] = []
        var elseBody: [BodyStatement]?
        var current: IfExprSyntax? = i
        while let branch = current {
            branches.append(.init(conditions: conditions(branch.conditions), body: statements(branch.body.statements)))
            current = nil
            switch branch.elseBody {
            case .ifExpr(let next)?: current = next
            case .codeBlock(let block)?: elseBody = statements(block.statements)
            case nil: break
            }
        }
        return .ifElse(branches: branches, elseBody: elseBody, range: range(i))
    }

    mutating func conditions(_ list: ConditionElementListSyntax) -> [BodyStatement.Condition] {
        list.map { element in
            switch element.condition {
            case .expression(let e):
                return .boolean(expression(e))
            case .optionalBinding(let binding):
                let name =
                    binding.pattern.as(IdentifierPatternSyntax.self).map { self.name($0.identifier) }
                    ?? binding.pattern.trimmedDescription
                return .optionalBinding(
                    name: name, nameRange: range(binding.pattern),
                    value: binding.initializer.map { expression($0.value) })
            default:
                return .boolean(unsupported("this condition", element))
            }
        }
    }

    mutating func switchStatement(_ s: SwitchExprSyntax) -> BodyStatement {
        var cases: [BodyStatement.SwitchCase] = []
        collectCases(s.cases, into: &cases)
        return .switchValue(subject: expression(s.subject), cases: cases, range: range(s))
    }

    private mutating func collectCases(_ list: SwitchCaseListSyntax, into cases: inout [BodyStatement.SwitchCase]) {
        for element in list {
            switch element {
            case .switchCase(let switchCase):
                let body = statements(switchCase.statements)
                switch switchCase.label {
                case .default:
                    cases.append(.init(patterns: [], body: body))
                case .case(let label):
                    let patterns = label.caseItems.map { item -> Expr in
                        guard item.whereClause == nil, let pattern = item.pattern.as(ExpressionPatternSyntax.self)
                        else { return unsupported("this pattern", item) }
                        return expression(pattern.expression)
                    }
                    cases.append(.init(patterns: patterns, body: body))
                }
            case .ifConfigDecl(let group):
                if case .switchCases(let inner)? = activeClause(of: group)?.elements {
                    collectCases(inner, into: &cases)
                }
            }
        }
    }
}
