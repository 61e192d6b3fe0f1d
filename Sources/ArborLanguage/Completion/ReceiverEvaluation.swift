import ArborCore

/// What the code before the cursor means, as far as completion needs it: the
/// value of a receiver (`Author.including(all: books)` is a request on
/// `author`) and the scope its arguments are evaluated in (inside
/// `including(all:` bare names are associations of the receiver's table).
///
/// Receivers are evaluated by a throwaway `Evaluator` on a copy of the
/// environment: completion never changes the session.
final class ReceiverEvaluation {
    let structure: TokenStructure
    let bytes: [UInt8]
    /// Its environment is a copy: `TableAlias()` and `aliased` in receivers change only the copy.
    let evaluator: Evaluator
    private var scopes: [Int: Evaluator.Scope] = [:]
    private var values: [Range<Int>: Value?] = [:]
    /// Scopes and values call each other for nested brackets and method chains:
    /// past this depth completion gives up rather than exhaust the stack.
    private var depth = 0
    static let maximumDepth = 64

    init(structure: TokenStructure, bytes: [UInt8], environment: Environment) {
        self.structure = structure
        self.bytes = bytes
        self.evaluator = Evaluator(environment: environment)
    }

    var environment: Environment { evaluator.environment }

    // MARK: Scopes

    /// The scope in which the token at `index` (or the cursor, at `structure.count`) is evaluated.
    func scope(at index: Int) -> Evaluator.Scope {
        guard index >= 0, index < structure.enclosing.count, let opener = structure.enclosing[index],
            opener >= structure.statementStart
        else { return Evaluator.Scope() }
        return scope(inside: opener)
    }

    /// The scope inside the bracket at `opener`, as the evaluator sets it for that argument list or closure.
    func scope(inside opener: Int) -> Evaluator.Scope {
        if let cached = scopes[opener] { return cached }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { return Evaluator.Scope() }
        let outer = scope(at: opener)
        var scope = outer
        let token = structure[opener]
        if token.isPunctuation(.leftBracket) {
            // `alias[Column("name")]`: the alias's table, when it is known.
            if structure.endsOperand(opener - 1) {
                scope.columnTable = nil
                let start = structure.postfixStart(endingAt: opener - 1)
                if case .alias(let alias) = value(of: start..<opener) {
                    scope.columnTable = environment.aliasTables[alias.id]
                }
            }
        } else if let call = structure.call(openedAt: opener), let receiverRange = call.receiver,
            let receiver = value(of: receiverRange)
        {
            scope = Self.argumentScope(
                of: call.name, on: receiver, outer: outer,
                label: structure.label(ofArgumentAt: opener + 1, end: structure.count),
                isClosure: token.isPunctuation(.leftBrace))
            if token.isPunctuation(.leftBrace), let table = scope.columnTable {
                scope.closureParameters["$0"] = .rowComponents(table: table)
                for name in structure.closureParameters(openedAt: opener) {
                    scope.closureParameters[name] = .rowComponents(table: table)
                }
            }
        }
        scopes[opener] = scope
        return scope
    }

    /// The scope of the arguments of `receiver.method(…)`, as the registry's entries read them (`GRDBAPI/`).
    static func argumentScope(
        of method: String, on receiver: Value, outer: Evaluator.Scope, label: String?, isClosure: Bool
    )
        -> Evaluator.Scope
    {
        var scope = outer
        guard let table = receiver.completionTable else { return scope }
        switch method {
        case "including", "joining":
            scope.associationTable = table
            scope.columnTable = nil
        case "annotated" where label == "withRequired" || label == "withOptional":
            scope.associationTable = table
            scope.columnTable = nil
        case "min", "max", "average", "sum", "total":
            guard case .association = receiver else { return scope }
            scope.columnTable = table
            scope.extraColumns = []
        case "filter", "order", "select", "annotated", "having", "group":
            scope.associationTable = table
            scope.columnTable = table
        default:
            return scope
        }
        return scope
    }

    // MARK: Values

    /// The value of the tokens `range` (a complete postfix expression), or
    /// an approximation when it does not evaluate (`Author.filter(Column("nope")).`
    /// is still a request on `author`), or nil.
    func value(of range: Range<Int>) -> Value? {
        guard !range.isEmpty, range.lowerBound >= structure.statementStart else { return nil }
        if let cached = values[range] { return cached }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { return nil }
        let result = evaluate(range) ?? approximate(range)
        values[range] = result
        return result
    }

    private func evaluate(_ range: Range<Int>) -> Value? {
        let parsed = Parser.parse(structure.source(range, in: bytes))
        guard parsed.errors.isEmpty, parsed.statements.count == 1, case .expression(let expr) = parsed.statements[0]
        else { return nil }
        let scope = scope(at: range.lowerBound)
        evaluator.scope = scope
        defer { evaluator.scope = Evaluator.Scope() }
        return try? evaluator.evaluate(expr)
    }

    /// What GRDB's member `name` called on `receiver` gives, as the registry says.
    static func yield(of name: String, on receiver: GRDBReceiver, kind: GRDBMember.Kind) -> GRDBMember.Yield? {
        GRDBAPI.members(named: name, kind: kind).first { $0.offeredOn.contains(receiver) }?.yields
    }

    private func approximate(_ range: Range<Int>) -> Value? {
        let last = range.upperBound - 1
        guard structure[last].isClosingBracket, let opener = structure.openerOf[last], opener >= range.lowerBound,
            let call = structure.call(openedAt: opener), call.nameIndex >= range.lowerBound
        else { return nil }
        guard let receiverRange = call.receiver else {
            return Self.yield(of: call.name, on: .global, kind: .function) == .expression
                ? .expression(.value(.null)) : nil
        }
        guard receiverRange.lowerBound >= range.lowerBound, receiverRange.upperBound < range.upperBound,
            let receiver = value(of: receiverRange)
        else { return nil }
        let kind: GRDBReceiver
        switch receiver {
        case .table: kind = .table
        case .request: kind = .request
        case .association(let association):
            if GRDBAPI.members(named: call.name, kind: .method).contains(where: {
                $0.isAssociationAggregate
            }) {
                return association.isToMany ? .expression(.value(.null)) : nil
            }
            kind = .association
        case .expression: kind = .expression
        case .array, .range: return call.name == "contains" ? .expression(.value(.null)) : nil
        default: return nil
        }
        switch Self.yield(of: call.name, on: kind, kind: .method) {
        case .refinedReceiver?:
            if case .table(let table, _, _) = receiver { return .request(RequestPlan(table: table)) }
            return receiver
        case .expression?: return .expression(.value(.null))
        default: return nil
        }
    }
}

extension Value {
    /// The table whose columns and associations a request, table or association offers.
    var completionTable: String? {
        switch self {
        case .table(let table, _, _): table
        case .request(let plan): plan.table
        case .association(let association): association.destination
        case .rowComponents(let table): table
        default: nil
        }
    }
}
