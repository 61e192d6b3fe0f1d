import ArborCore
@_spi(RawSyntax) import SwiftSyntax

/// Enum case patterns, in a `switch`'s cases and in `if case`/`guard case` conditions:
/// `.tag(let name)`, `let .range(low, high)`, `Filter.tag(_)`, `.tag("x")`. Lowered to a
/// `CasePattern`, which the interpreter matches against a case and its associated values.
extension SwiftLowering {
    /// The case pattern `pattern` is, if it is one. `requiresValues`: only a pattern written
    /// with its associated values (`.tag(…)`) is one; a bare `.all` stays an expression there.
    mutating func casePattern(_ pattern: Located<RawPatternSyntax>, requiresValues: Bool) -> CasePattern? {
        var bindsNames = false
        var current = pattern
        // `let .range(low, high)`: every name inside is bound.
        if let binding = current.as(RawValueBindingPatternSyntax.self) {
            bindsNames = true
            current = binding.locate(binding.node.pattern)
        }
        guard let expressionPattern = current.as(RawExpressionPatternSyntax.self) else { return nil }
        let expr = expressionPattern.locate(expressionPattern.node.expression)
        if let call = expr.as(RawFunctionCallExprSyntax.self), call.node.trailingClosure == nil,
            let access = call.locate(call.node.calledExpression).as(RawMemberAccessExprSyntax.self)
        {
            let declName = access.locate(access.node.declName)
            let elements = call.locate(call.node.arguments).elements(RawLabeledExprSyntax.self).map { argument in
                CasePattern.Element(
                    label: argument.node.label.map { name($0) },
                    kind: elementKind(argument.locate(argument.node.expression), bindsNames: bindsNames),
                    range: range(argument))
            }
            return CasePattern(
                type: access.locate(access.node.base).map { expression($0) }, caseName: name(declName.node.baseName),
                nameRange: range(declName), elements: elements, range: range(pattern))
        }
        if !requiresValues, let access = expr.as(RawMemberAccessExprSyntax.self) {
            let declName = access.locate(access.node.declName)
            return CasePattern(
                type: access.locate(access.node.base).map { expression($0) }, caseName: name(declName.node.baseName),
                nameRange: range(declName), elements: nil, range: range(pattern))
        }
        return nil
    }

    /// `let name`, `_`, or a value to compare; a bare name in `let .tag(name)` binds it.
    private mutating func elementKind(_ expr: Located<RawExprSyntax>, bindsNames: Bool) -> CasePattern.Element.Kind {
        if expr.kind == .discardAssignmentExpr { return .wildcard }
        if let patternExpr = expr.as(RawPatternExprSyntax.self) {
            var inner = patternExpr.locate(patternExpr.node.pattern)
            if let binding = inner.as(RawValueBindingPatternSyntax.self) {
                inner = binding.locate(binding.node.pattern)
            }
            if let identifier = inner.as(RawIdentifierPatternSyntax.self) {
                return .binding(name(identifier.node.identifier))
            }
            if inner.is(RawWildcardPatternSyntax.self) { return .wildcard }
            return .value(unsupported("this pattern", inner))
        }
        if bindsNames, let reference = expr.as(RawDeclReferenceExprSyntax.self) {
            return .binding(name(reference.node.baseName))
        }
        return .value(expression(expr))
    }
}
