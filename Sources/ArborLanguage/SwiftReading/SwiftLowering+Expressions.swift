import ArborCore
import SwiftOperators
@_spi(Compiler) import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// Expressions, operators folded by Swift's own precedence table (SwiftOperators).
extension SwiftLowering {
    /// What arbor does not interpret, kept where it stands: an error only if evaluated.
    func unsupported(_ what: String, _ node: Located<some RawSyntaxNodeProtocol>) -> Expr {
        Expr(.unsupported(what), range(node))
    }

    /// A sequence `a + b * c` as the tree Swift's precedence gives, lowered by `body` with
    /// its positions kept; a sequence longer than the nesting limit is left unfolded (and
    /// unsupported) rather than recursed into.
    mutating func withFoldedOperators<T>(
        _ expr: Located<RawExprSyntax>, _ body: (inout SwiftLowering, Located<RawExprSyntax>) -> T
    ) -> T {
        guard let sequence = expr.as(RawSequenceExprSyntax.self),
            sequence.node.elements.layoutView.children.count <= 2 * Parser.nestingLimit + 1,
            let syntax = expr.detached.as(SequenceExprSyntax.self),
            let folded = try? OperatorTable.standardOperators.foldSingle(syntax),
            // The folded tree is a tree of its own, its text the sequence's.
            let located = Located(node: folded.raw, offset: expr.offset).as(RawExprSyntax.self)
        else { return body(&self, expr) }
        return withExtendedLifetime(folded) { body(&self, located) }
    }

    /// A closure read as any expression (nesting counted alike).
    static func asExpression(_ closure: Located<RawClosureExprSyntax>) -> Located<RawExprSyntax> {
        Located(node: RawExprSyntax(closure.node), offset: closure.offset)
    }

    /// `a == b`: one binary operator, the tree folding would give, without folding
    /// (SwiftOperators builds a new syntax tree for every sequence it folds).
    private mutating func singleBinary(_ sequence: Located<RawSequenceExprSyntax>) -> Expr? {
        let elements = sequence.locate(sequence.node.elements)
        guard elements.count == 3 else { return nil }
        var iterator = elements.elements(RawExprSyntax.self).makeIterator()
        guard let left = iterator.next(), let op = iterator.next()?.as(RawBinaryOperatorExprSyntax.self),
            let right = iterator.next(),
            let binary = BinaryOperator(rawValue: op.node.operator.text),
            // Folding moves a `try` or `await` of the left operand over the whole expression.
            left.kind != .tryExpr, left.kind != .awaitExpr, left.kind != .unsafeExpr
        else { return nil }
        return Expr(.binary(binary, expression(left), expression(right)), range(sequence))
    }

    mutating func expression(_ syntax: Located<RawExprSyntax>) -> Expr {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Parser.nestingLimit else { return unsupported("code nested this deep", syntax) }
        if let sequence = syntax.as(RawSequenceExprSyntax.self) {
            if let binary = singleBinary(sequence) { return binary }
            return withFoldedOperators(syntax) { lowering, folded in
                folded.kind == .sequenceExpr
                    ? lowering.unsupported("an expression this long", folded) : lowering.expression(folded)
            }
        }
        // Each case takes the range it needs: most hand their node to a function that takes it again.
        switch syntax.kind {
        case .declReferenceExpr:
            guard let reference = syntax.as(RawDeclReferenceExprSyntax.self) else { break }
            guard reference.node.argumentNames == nil else { return unsupported("a function reference", syntax) }
            let baseName = reference.node.baseName
            if baseName.tokenKind == .dollarIdentifier, let index = Int(baseName.text.dropFirst()) {
                return Expr(.anonymousArgument(index), range(syntax))
            }
            return Expr(.identifier(name(baseName)), range(syntax))
        case .integerLiteralExpr:
            guard let literal = syntax.as(RawIntegerLiteralExprSyntax.self)?.node else { break }
            return integer(literal.literal.text, negative: false, range: range(syntax))
        case .floatLiteralExpr:
            guard let literal = syntax.as(RawFloatLiteralExprSyntax.self)?.node else { break }
            return double(literal.literal.text, negative: false, range: range(syntax))
        case .booleanLiteralExpr:
            guard let literal = syntax.as(RawBooleanLiteralExprSyntax.self)?.node else { break }
            return Expr(.bool(literal.literal.isKeyword("true")), range(syntax))
        case .nilLiteralExpr:
            return Expr(.nilLiteral, range(syntax))
        case .stringLiteralExpr:
            guard let literal = syntax.as(RawStringLiteralExprSyntax.self) else { break }
            return string(literal)
        case .arrayExpr:
            guard let array = syntax.as(RawArrayExprSyntax.self) else { break }
            let elements = array.locate(array.node.elements).elements(RawArrayElementSyntax.self)
            return Expr(.array(elements.map { expression($0.locate($0.node.expression)) }), range(syntax))
        case .dictionaryExpr:
            guard let dictionary = syntax.as(RawDictionaryExprSyntax.self) else { break }
            guard let elements = dictionary.locate(dictionary.node.content).as(RawDictionaryElementListSyntax.self)
            else { return Expr(.dictionary([]), range(syntax)) }
            return Expr(
                .dictionary(
                    elements.elements(RawDictionaryElementSyntax.self).map {
                        DictionaryEntry(
                            key: expression($0.locate($0.node.key)), value: expression($0.locate($0.node.value)))
                    }), range(syntax))
        case .memberAccessExpr:
            guard let access = syntax.as(RawMemberAccessExprSyntax.self) else { break }
            let declName = access.locate(access.node.declName)
            let memberName = name(declName.node.baseName)
            guard let base = access.locate(access.node.base) else {
                return Expr(.implicitMember(memberName), range(syntax))
            }
            return Expr(.member(expression(base), name: memberName, nameRange: range(declName)), range(syntax))
        case .functionCallExpr:
            guard let call = syntax.as(RawFunctionCallExprSyntax.self) else { break }
            var arguments = self.arguments(call.locate(call.node.arguments))
            if let closure = call.locate(call.node.trailingClosure) {
                arguments.append(
                    Argument(
                        label: nil, labelRange: nil, value: expression(Self.asExpression(closure)),
                        isTrailingClosure: true))
            }
            let extras = call.locate(call.node.additionalTrailingClosures)
            for extra in extras.elements(RawMultipleTrailingClosureElementSyntax.self) {
                arguments.append(
                    Argument(
                        label: name(extra.node.label), labelRange: range(extra.locate(extra.node.label)),
                        value: expression(Self.asExpression(extra.locate(extra.node.closure))),
                        isTrailingClosure: true))
            }
            return Expr(.call(expression(call.locate(call.node.calledExpression)), arguments: arguments), range(syntax))
        case .subscriptCallExpr:
            guard let call = syntax.as(RawSubscriptCallExprSyntax.self) else { break }
            return Expr(
                .subscripted(
                    expression(call.locate(call.node.calledExpression)),
                    arguments: arguments(call.locate(call.node.arguments))), range(syntax))
        case .infixOperatorExpr:
            guard let infix = syntax.as(RawInfixOperatorExprSyntax.self) else { break }
            let operation = infix.locate(infix.node.operator)
            guard let op = operation.as(RawBinaryOperatorExprSyntax.self)?.node,
                let binary = BinaryOperator(rawValue: op.operator.text)
            else { return unsupported("the operator `\(operation.detached.trimmedDescription)`", syntax) }
            return Expr(
                .binary(
                    binary, expression(infix.locate(infix.node.leftOperand)),
                    expression(infix.locate(infix.node.rightOperand))), range(syntax))
        case .prefixOperatorExpr:
            guard let prefix = syntax.as(RawPrefixOperatorExprSyntax.self) else { break }
            let text = prefix.node.operator.text
            let operand = prefix.locate(prefix.node.expression)
            // `-1`, `-9223372036854775808`: negative literals, as Swift reads them.
            if text == "-", let literal = operand.as(RawIntegerLiteralExprSyntax.self)?.node {
                return integer(literal.literal.text, negative: true, range: range(syntax))
            }
            if text == "-", let literal = operand.as(RawFloatLiteralExprSyntax.self)?.node {
                return double(literal.literal.text, negative: true, range: range(syntax))
            }
            guard let op = PrefixOperator(rawValue: text) else { return unsupported("the operator `\(text)`", syntax) }
            return Expr(.prefix(op, expression(operand)), range(syntax))
        case .tupleExpr:
            guard let tuple = syntax.as(RawTupleExprSyntax.self) else { break }
            let elements = tuple.locate(tuple.node.elements)
            var iterator = elements.elements(RawLabeledExprSyntax.self).makeIterator()
            guard elements.count == 1, let only = iterator.next(), only.node.label == nil else {
                return unsupported("a tuple", syntax)
            }
            return Expr(.parenthesized(expression(only.locate(only.node.expression))), range(syntax))
        case .ternaryExpr:
            guard let ternary = syntax.as(RawTernaryExprSyntax.self) else { break }
            return Expr(
                .conditional(
                    expression(ternary.locate(ternary.node.condition)),
                    then: expression(ternary.locate(ternary.node.thenExpression)),
                    else: expression(ternary.locate(ternary.node.elseExpression))), range(syntax))
        case .closureExpr:
            guard let closure = syntax.as(RawClosureExprSyntax.self) else { break }
            return self.closure(closure)
        case .keyPathExpr:
            guard let keyPath = syntax.as(RawKeyPathExprSyntax.self) else { break }
            return self.keyPath(keyPath)
        // `try`, `await`, `unsafe`, `!` and casts change no SQL: the value is its operand's.
        case .tryExpr:
            guard let e = syntax.as(RawTryExprSyntax.self) else { break }
            return expression(e.locate(e.node.expression))
        case .awaitExpr:
            guard let e = syntax.as(RawAwaitExprSyntax.self) else { break }
            return expression(e.locate(e.node.expression))
        case .unsafeExpr:
            guard let e = syntax.as(RawUnsafeExprSyntax.self) else { break }
            return expression(e.locate(e.node.expression))
        case .asExpr:
            guard let e = syntax.as(RawAsExprSyntax.self) else { break }
            return Expr(expression(e.locate(e.node.expression)).kind, range(syntax))
        case .forceUnwrapExpr:
            guard let e = syntax.as(RawForceUnwrapExprSyntax.self) else { break }
            return Expr(.forceUnwrapped(expression(e.locate(e.node.expression))), range(syntax))
        case .optionalChainingExpr:
            guard let e = syntax.as(RawOptionalChainingExprSyntax.self) else { break }
            // `String?.fetchAll(db, …)`: the optional type, whose fetches keep NULL.
            if let reference = e.node.expression.as(RawDeclReferenceExprSyntax.self),
                name(reference.baseName).first?.isUppercase == true
            {
                return Expr(.identifier(name(reference.baseName) + "?"), range(syntax))
            }
            return expression(e.locate(e.node.expression))
        case .genericSpecializationExpr:
            guard let generic = syntax.as(RawGenericSpecializationExprSyntax.self) else { break }
            // `Optional<String>` is `String?`; `SQLRequest<Book>`, `Table<Book>` and
            // `CommonTableExpression<Book>` keep the type their rows decode as; other type
            // arguments (`TableAlias<Book>()`) change no SQL.
            let clause = generic.locate(generic.node.genericArgumentClause)
            var arguments = clause.locate(clause.node.arguments).elements(RawGenericArgumentSyntax.self).makeIterator()
            if let reference = generic.node.expression.as(RawDeclReferenceExprSyntax.self),
                let argument = arguments.next()
            {
                switch name(reference.baseName) {
                case "Optional":
                    return Expr(.identifier(typeText(argument.locate(argument.node.argument)) + "?"), range(syntax))
                case "SQLRequest", "Table", "CommonTableExpression":
                    let base = name(reference.baseName)
                    return Expr(
                        .identifier("\(base)<\(typeText(argument.locate(argument.node.argument)))>"), range(syntax))
                default: break
                }
            }
            return expression(generic.locate(generic.node.expression))
        case .typeExpr:
            guard let type = syntax.as(RawTypeExprSyntax.self) else { break }
            return Expr(.identifier(typeText(type.locate(type.node.type))), range(syntax))
        case .discardAssignmentExpr:
            return Expr(.identifier("_"), range(syntax))
        case .postfixIfConfigExpr:
            guard let postfix = syntax.as(RawPostfixIfConfigExprSyntax.self) else { break }
            // `Book\n#if X\n.all()\n#endif`: the members of the branch taken follow the base.
            let base =
                postfix.locate(postfix.node.base).map { expression($0) }
                ?? unsupported("a `#if` without a base", syntax)
            guard let chain = activeElements(of: postfix.locate(postfix.node.config))?.as(RawExprSyntax.self)
            else { return base }
            return Self.graft(base, onto: expression(chain))
        case .ifExpr: return unsupported("an `if` expression", syntax)
        case .switchExpr: return unsupported("a `switch` expression", syntax)
        case .isExpr: return unsupported("an `is` test", syntax)
        case .macroExpansionExpr:
            guard let macro = syntax.as(RawMacroExpansionExprSyntax.self)?.node else { break }
            return unsupported("`#\(macro.macroName.text)`", syntax)
        default:
            break
        }
        return unsupported("`\(syntax.detached.trimmedDescription.prefix(40))`", syntax)
    }

    /// `chain` with its leading implicit member (`.all()` of a postfix `#if`) read as a member of `base`.
    static func graft(_ base: Expr, onto chain: Expr) -> Expr {
        var grafted = chain
        switch chain.kind {
        case .implicitMember(let name):
            grafted.kind = .member(base, name: name, nameRange: chain.range)
        case .member(let inner, let name, let nameRange):
            grafted.kind = .member(graft(base, onto: inner), name: name, nameRange: nameRange)
        case .call(let callee, let arguments):
            grafted.kind = .call(graft(base, onto: callee), arguments: arguments)
        case .subscripted(let inner, let arguments):
            grafted.kind = .subscripted(graft(base, onto: inner), arguments: arguments)
        default:
            return chain
        }
        grafted.range = base.range.union(chain.range)
        return grafted
    }

    mutating func arguments(_ list: Located<RawLabeledExprListSyntax>) -> [Argument] {
        // The room at once: mapped, the array grew from nothing for every call.
        var arguments: [Argument] = []
        arguments.reserveCapacity(list.count)
        for argument in list.elements(RawLabeledExprSyntax.self) {
            arguments.append(
                Argument(
                    label: argument.node.label.map(name),
                    labelRange: argument.locate(argument.node.label).map { range($0) },
                    value: expression(argument.locate(argument.node.expression))))
        }
        return arguments
    }

    /// `42`, `0x2A`, `1_000`, as Swift reads them; beyond `Int64` a located error.
    func integer(_ text: String, negative: Bool, range: TextRange) -> Expr {
        // Decimal digits alone, the usual literal, read as they are: no `_` to drop (filtering
        // a string by characters cost more than the rest), no prefix, no overflow in 18 digits.
        if let value = Self.plainDecimal(text) { return Expr(.integer(negative ? -value : value), range) }
        let digits = text.filter { $0 != "_" }
        let (radix, body): (Int, Substring) =
            digits.hasPrefix("0x")
            ? (16, digits.dropFirst(2))
            : digits.hasPrefix("0o")
                ? (8, digits.dropFirst(2))
                : digits.hasPrefix("0b") ? (2, digits.dropFirst(2)) : (10, Substring(digits))
        guard let magnitude = UInt64(body, radix: radix),
            magnitude <= (negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max))
        else { return Expr(.unsupported("the integer literal `\(negative ? "-" : "")\(text)`, beyond Int64"), range) }
        if negative { return Expr(.integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)), range) }
        return Expr(.integer(Int64(magnitude)), range)
    }

    /// The value of 1 to 18 decimal digits; nil for any other text.
    static func plainDecimal(_ text: String) -> Int64? {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }

    func double(_ text: String, negative: Bool, range: TextRange) -> Expr {
        guard let value = Double(text.filter { $0 != "_" }) else {
            return Expr(.unsupported("the literal `\(text)`"), range)
        }
        return Expr(.double(negative ? -value : value), range)
    }

    /// `"text"`, `"""…"""`, `#"raw"#`, with escapes resolved; `"a \(b)"` as segments.
    mutating func string(_ literal: Located<RawStringLiteralExprSyntax>) -> Expr {
        let kind: StringLiteralKind? =
            switch literal.node.openingQuote.tokenKind {
            case .stringQuote: .singleLine
            case .multilineStringQuote: .multiLine
            case .singleQuote: .singleQuote
            default: nil
            }
        guard !literal.node.hasError, let kind else {
            return unsupported("a string literal that is not closed", literal)
        }
        let delimiterLength = literal.node.openingPounds?.text.count ?? 0
        var segments: [InterpolationSegment] = []
        var text = ""
        for segment in literal.locate(literal.node.segments).elements(RawSyntax.self) {
            if let piece = segment.as(RawStringSegmentSyntax.self)?.node {
                let content = piece.content.tokenText
                if !content.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\r") }) {
                    // No escape and no line ending to normalise: the text as written.
                    text += String(syntaxText: content)
                } else if let detached = segment.detached.as(StringSegmentSyntax.self) {
                    detached.appendUnescapedLiteralValue(
                        stringLiteralKind: kind, delimiterLength: delimiterLength, to: &text)
                }
            } else if let interpolation = segment.as(RawExpressionSegmentSyntax.self) {
                if !text.isEmpty {
                    segments.append(.text(text))
                    text = ""
                }
                segments.append(
                    .interpolation(
                        arguments(interpolation.locate(interpolation.node.expressions)), range: range(interpolation)))
            }
        }
        guard !segments.isEmpty else { return Expr(.string(text), range(literal)) }
        if !text.isEmpty { segments.append(.text(text)) }
        return Expr(.interpolatedString(segments), range(literal))
    }

    /// `{ $0.name }`, `{ book in … }`, `{ (a: Book) -> Bool in … }`, `{ _ in }`.
    mutating func closure(_ closure: Located<RawClosureExprSyntax>) -> Expr {
        var parameters: [String] = []
        if let signature = closure.node.signature, let clause = signature.parameterClause {
            let located = Located(node: clause, offset: 0)
            if let list = located.as(RawClosureShorthandParameterListSyntax.self) {
                parameters = list.elements(RawClosureShorthandParameterSyntax.self).map { name($0.node.name) }
            } else if let parenthesized = located.as(RawClosureParameterClauseSyntax.self) {
                parameters = Located(node: parenthesized.node.parameters, offset: 0)
                    .elements(RawClosureParameterSyntax.self).map { name($0.node.secondName ?? $0.node.firstName) }
            }
        }
        let statements = self.statements(closure.locate(closure.node.statements))
        let lowered: Closure
        switch statements.first {
        case .expression(let e) where statements.count == 1, .returnValue(let e?, _) where statements.count == 1:
            lowered = Closure(parameters: parameters, body: e)
        default:
            let body = statements.first.map { $0.range.union(statements[statements.count - 1].range) } ?? range(closure)
            lowered = Closure(parameters: parameters, body: Expr(.nilLiteral, body), statements: statements)
        }
        return Expr(.closure(lowered), range(closure))
    }

    /// `\.name`, `\.$name`, `\Book.name`: the property names after the root, `$` removed.
    func keyPath(_ keyPath: Located<RawKeyPathExprSyntax>) -> Expr {
        var components: [String] = []
        for component in keyPath.locate(keyPath.node.components).elements(RawKeyPathComponentSyntax.self) {
            let choice = component.node.component
            if let property = choice.as(RawKeyPathPropertyComponentSyntax.self) {
                var name = self.name(property.declName.baseName)
                if name.hasPrefix("$") { name.removeFirst() }
                components.append(name)
            } else if choice.is(RawKeyPathOptionalComponentSyntax.self) {
                continue
            } else {
                return unsupported("this key path", keyPath)
            }
        }
        guard !components.isEmpty else { return unsupported("a key path without a property", keyPath) }
        return Expr(
            .keyPath(root: keyPath.locate(keyPath.node.root).map { typeText($0) }, components: components),
            range(keyPath))
    }
}
