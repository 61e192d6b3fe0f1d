import ArborCore
import SwiftOperators
@_spi(Compiler) import SwiftParser
import SwiftSyntax

/// Expressions, operators folded by Swift's own precedence table (SwiftOperators).
extension SwiftLowering {
    /// What arbor does not interpret, kept where it stands: an error only if evaluated.
    func unsupported(_ what: String, _ node: some SyntaxProtocol) -> Expr {
        Expr(.unsupported(what), range(node))
    }

    /// A sequence `a + b * c` as the tree Swift's precedence gives, lowered by `body` with
    /// its positions kept; a sequence longer than the nesting limit is left unfolded (and
    /// unsupported) rather than recursed into.
    mutating func withFoldedOperators<T>(_ expr: ExprSyntax, _ body: (inout SwiftLowering, ExprSyntax) -> T) -> T {
        guard let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count <= 2 * Parser.nestingLimit + 1,
            let folded = try? OperatorTable.standardOperators.foldSingle(sequence)
        else { return body(&self, expr) }
        let saved = foldOffset
        foldOffset += sequence.position.utf8Offset
        defer { foldOffset = saved }
        return body(&self, folded)
    }

    /// `a == b`: one binary operator, the tree folding would give, without folding
    /// (SwiftOperators builds a new syntax tree for every sequence it folds).
    private mutating func singleBinary(_ sequence: SequenceExprSyntax) -> Expr? {
        var elements = sequence.elements.makeIterator()
        guard sequence.elements.count == 3, let left = elements.next(),
            let op = elements.next()?.as(BinaryOperatorExprSyntax.self), let right = elements.next(),
            let binary = BinaryOperator(rawValue: op.operator.text),
            // Folding moves a `try` or `await` of the left operand over the whole expression.
            !left.is(TryExprSyntax.self), !left.is(AwaitExprSyntax.self), !left.is(UnsafeExprSyntax.self)
        else { return nil }
        return Expr(.binary(binary, expression(left), expression(right)), range(sequence))
    }

    mutating func expression(_ syntax: ExprSyntax) -> Expr {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Parser.nestingLimit else { return unsupported("code nested this deep", syntax) }
        if let sequence = syntax.as(SequenceExprSyntax.self) {
            if let binary = singleBinary(sequence) { return binary }
            return withFoldedOperators(syntax) { lowering, folded in
                folded.is(SequenceExprSyntax.self)
                    ? lowering.unsupported("an expression this long", folded) : lowering.expression(folded)
            }
        }
        let whole = range(syntax)
        switch syntax.as(ExprSyntaxEnum.self) {
        case .declReferenceExpr(let reference):
            guard reference.argumentNames == nil else { return unsupported("a function reference", syntax) }
            if case .dollarIdentifier(let text) = reference.baseName.tokenKind, let index = Int(text.dropFirst()) {
                return Expr(.anonymousArgument(index), whole)
            }
            return Expr(.identifier(name(reference.baseName)), whole)
        case .integerLiteralExpr(let literal):
            return integer(literal.literal.text, negative: false, range: whole)
        case .floatLiteralExpr(let literal):
            return double(literal.literal.text, negative: false, range: whole)
        case .booleanLiteralExpr(let literal):
            return Expr(.bool(literal.literal.tokenKind == .keyword(.true)), whole)
        case .nilLiteralExpr:
            return Expr(.nilLiteral, whole)
        case .stringLiteralExpr(let literal):
            return string(literal)
        case .arrayExpr(let array):
            return Expr(.array(array.elements.map { expression($0.expression) }), whole)
        case .dictionaryExpr(let dictionary):
            guard case .elements(let elements) = dictionary.content else { return Expr(.dictionary([]), whole) }
            return Expr(
                .dictionary(elements.map { DictionaryEntry(key: expression($0.key), value: expression($0.value)) }),
                whole)
        case .memberAccessExpr(let access):
            let memberName = name(access.declName.baseName)
            guard let base = access.base else { return Expr(.implicitMember(memberName), whole) }
            return Expr(.member(expression(base), name: memberName, nameRange: range(access.declName)), whole)
        case .functionCallExpr(let call):
            var arguments = self.arguments(call.arguments)
            if let closure = call.trailingClosure {
                arguments.append(
                    Argument(
                        label: nil, labelRange: nil, value: expression(ExprSyntax(closure)), isTrailingClosure: true))
            }
            for extra in call.additionalTrailingClosures {
                arguments.append(
                    Argument(
                        label: name(extra.label), labelRange: range(extra.label),
                        value: expression(ExprSyntax(extra.closure)), isTrailingClosure: true))
            }
            return Expr(.call(expression(call.calledExpression), arguments: arguments), whole)
        case .subscriptCallExpr(let call):
            return Expr(.subscripted(expression(call.calledExpression), arguments: arguments(call.arguments)), whole)
        case .infixOperatorExpr(let infix):
            guard let op = infix.operator.as(BinaryOperatorExprSyntax.self),
                let binary = BinaryOperator(rawValue: op.operator.text)
            else { return unsupported("the operator `\(infix.operator.trimmedDescription)`", syntax) }
            return Expr(.binary(binary, expression(infix.leftOperand), expression(infix.rightOperand)), whole)
        case .prefixOperatorExpr(let prefix):
            let text = prefix.operator.text
            // `-1`, `-9223372036854775808`: negative literals, as Swift reads them.
            if text == "-", let literal = prefix.expression.as(IntegerLiteralExprSyntax.self) {
                return integer(literal.literal.text, negative: true, range: whole)
            }
            if text == "-", let literal = prefix.expression.as(FloatLiteralExprSyntax.self) {
                return double(literal.literal.text, negative: true, range: whole)
            }
            guard let op = PrefixOperator(rawValue: text) else { return unsupported("the operator `\(text)`", syntax) }
            return Expr(.prefix(op, expression(prefix.expression)), whole)
        case .tupleExpr(let tuple):
            guard tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil else {
                return unsupported("a tuple", syntax)
            }
            return Expr(.parenthesized(expression(only.expression)), whole)
        case .ternaryExpr(let ternary):
            return Expr(
                .conditional(
                    expression(ternary.condition), then: expression(ternary.thenExpression),
                    else: expression(ternary.elseExpression)), whole)
        case .closureExpr(let closure):
            return self.closure(closure)
        case .keyPathExpr(let keyPath):
            return self.keyPath(keyPath)
        // `try`, `await`, `unsafe`, `!` and casts change no SQL: the value is its operand's.
        case .tryExpr(let e): return expression(e.expression)
        case .awaitExpr(let e): return expression(e.expression)
        case .unsafeExpr(let e): return expression(e.expression)
        case .asExpr(let e): return Expr(expression(e.expression).kind, whole)
        case .forceUnwrapExpr(let e): return Expr(.forceUnwrapped(expression(e.expression)), whole)
        case .optionalChainingExpr(let e):
            // `String?.fetchAll(db, …)`: the optional type, whose fetches keep NULL.
            if let reference = e.expression.as(DeclReferenceExprSyntax.self),
                name(reference.baseName).first?.isUppercase == true
            {
                return Expr(.identifier(name(reference.baseName) + "?"), whole)
            }
            return expression(e.expression)
        case .genericSpecializationExpr(let generic):
            // `Optional<String>` is `String?`; `SQLRequest<Book>` keeps the type its rows decode as;
            // other type arguments (`TableAlias<Book>()`) change no SQL.
            if let reference = generic.expression.as(DeclReferenceExprSyntax.self),
                let argument = generic.genericArgumentClause.arguments.first
            {
                switch name(reference.baseName) {
                case "Optional": return Expr(.identifier(typeText(argument.argument) + "?"), whole)
                case "SQLRequest": return Expr(.identifier("SQLRequest<\(typeText(argument.argument))>"), whole)
                default: break
                }
            }
            return expression(generic.expression)
        case .typeExpr(let type):
            return Expr(.identifier(typeText(type.type)), whole)
        case .discardAssignmentExpr:
            return Expr(.identifier("_"), whole)
        case .postfixIfConfigExpr(let postfix):
            // `Book\n#if X\n.all()\n#endif`: the members of the branch taken follow the base.
            let base = postfix.base.map { expression($0) } ?? unsupported("a `#if` without a base", syntax)
            guard case .postfixExpression(let chain)? = activeClause(of: postfix.config)?.elements else { return base }
            return Self.graft(base, onto: expression(chain))
        case .ifExpr: return unsupported("an `if` expression", syntax)
        case .switchExpr: return unsupported("a `switch` expression", syntax)
        case .isExpr: return unsupported("an `is` test", syntax)
        case .macroExpansionExpr(let macro): return unsupported("`#\(macro.macroName.text)`", syntax)
        default:
            return unsupported("`\(syntax.trimmedDescription.prefix(40))`", syntax)
        }
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

    mutating func arguments(_ list: LabeledExprListSyntax) -> [Argument] {
        list.map { argument in
            Argument(
                label: argument.label.map(name), labelRange: argument.label.map { range($0) },
                value: expression(argument.expression))
        }
    }

    /// `42`, `0x2A`, `1_000`, as Swift reads them; beyond `Int64` a located error.
    func integer(_ text: String, negative: Bool, range: TextRange) -> Expr {
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

    func double(_ text: String, negative: Bool, range: TextRange) -> Expr {
        guard let value = Double(text.filter { $0 != "_" }) else {
            return Expr(.unsupported("the literal `\(text)`"), range)
        }
        return Expr(.double(negative ? -value : value), range)
    }

    /// `"text"`, `"""…"""`, `#"raw"#`, with escapes resolved; `"a \(b)"` as segments.
    mutating func string(_ literal: StringLiteralExprSyntax) -> Expr {
        guard !literal.hasError, let kind = literal.stringLiteralKind else {
            return unsupported("a string literal that is not closed", literal)
        }
        var segments: [InterpolationSegment] = []
        var text = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let piece):
                piece.appendUnescapedLiteralValue(
                    stringLiteralKind: kind, delimiterLength: literal.delimiterLength, to: &text)
            case .expressionSegment(let interpolation):
                if !text.isEmpty {
                    segments.append(.text(text))
                    text = ""
                }
                segments.append(.interpolation(arguments(interpolation.expressions), range: range(interpolation)))
            }
        }
        guard !segments.isEmpty else { return Expr(.string(text), range(literal)) }
        if !text.isEmpty { segments.append(.text(text)) }
        return Expr(.interpolatedString(segments), range(literal))
    }

    /// `{ $0.name }`, `{ book in … }`, `{ (a: Book) -> Bool in … }`, `{ _ in }`.
    mutating func closure(_ closure: ClosureExprSyntax) -> Expr {
        var parameters: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: parameters = list.map { name($0.name) }
        case .parameterClause(let clause)?: parameters = clause.parameters.map { name($0.secondName ?? $0.firstName) }
        case nil: break
        }
        let statements = self.statements(closure.statements)
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
    func keyPath(_ keyPath: KeyPathExprSyntax) -> Expr {
        var components: [String] = []
        for component in keyPath.components {
            switch component.component {
            case .property(let property):
                var name = self.name(property.declName.baseName)
                if name.hasPrefix("$") { name.removeFirst() }
                components.append(name)
            case .optional:
                continue
            default:
                return unsupported("this key path", keyPath)
            }
        }
        guard !components.isEmpty else { return unsupported("a key path without a property", keyPath) }
        return Expr(.keyPath(root: keyPath.root.map { typeText($0) }, components: components), range(keyPath))
    }
}
