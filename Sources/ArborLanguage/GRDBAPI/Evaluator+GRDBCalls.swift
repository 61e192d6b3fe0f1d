import ArborCore

/// How the evaluator reaches the registry: a method, property or function of GRDB
/// named in an expression becomes a `GRDBCall`, which `GRDBAPI.dispatch` runs.
extension Evaluator {
    /// `base.name(arguments)` where `base` is a table, a request or an association.
    func requestMethod(
        _ name: String, on base: Value, arguments: [Argument], range: SourceRange, nameRange: SourceRange
    ) throws -> Value {
        let receiver: Receiver
        let kind: GRDBReceiver
        switch base {
        case .table(let t, let type, let form):
            (receiver, kind) = (.table(t, selection: databaseSelection(of: type), form: form), .table)
        case .request(let p): (receiver, kind) = (.request(p), .request)
        case .association(let a): (receiver, kind) = (.association(a), .association)
        default: throw ArborError("\(base.kindName) has no method `\(name)`", at: nameRange)
        }
        if receiver.plan.rawSQL != nil,
            !GRDBAPI.members(named: name, kind: .method).contains(where: \.acceptsRawSQL)
        {
            throw ArborError(
                "a raw SQL request (`SQLRequest`) has no method `\(name)`: it runs its SQL as written", at: nameRange,
                suggestion: "fetch it with `fetchAll(db)`, `fetchOne(db)`, `fetchSet(db)` or `fetchCount(db)`")
        }
        let call = GRDBCall(
            name: name, base: base, receiver: receiver, receiverKind: kind, arguments: arguments, range: range,
            nameRange: nameRange)
        try Self.refuseClosureAmongTerms(call)
        try refuseRecordColumnsWithoutRecordType(call)
        if let value = try callGRDB(call) { return value }
        if GRDBAPI.has(name, kind: .property) {
            throw ArborError("`\(name)` is a property, not a method: write it without `(…)`", at: nameRange)
        }
        if let what = UnsupportedGRDB.methods[name] { throw UnsupportedGRDB.error(what, at: nameRange) }
        throw ArborError(
            "\(base.kindName) has no method `\(name)`", at: nameRange,
            suggestion: Suggestions.didYouMean(name, in: GRDBAPI.names(offeredOn: kind, kind: .method)))
    }

    /// `base.name(arguments)` for a GRDB method offered on `kind` (a record, a common table
    /// expression); nil when no entry of that name is offered there.
    func grdbMethod(
        _ name: String, on base: Value, kind: GRDBReceiver, arguments: [Argument], range: SourceRange,
        nameRange: SourceRange
    ) throws -> Value? {
        // Only a call in one of the entry's forms: other calls keep the receiver's own messages.
        guard
            GRDBAPI.members(named: name, kind: .method).contains(where: {
                $0.offeredOn.contains(kind) && $0.form(matching: arguments) != nil
            })
        else { return nil }
        let call = GRDBCall(
            name: name, base: base, receiver: nil, receiverKind: kind, arguments: arguments, range: range,
            nameRange: nameRange)
        return try GRDBAPI.dispatch(call, kind: .method, in: self)
    }

    /// Runs the method entry `call` names; nil when GRDB has no method of that name.
    func callGRDB(_ call: GRDBCall) throws -> Value? {
        try GRDBAPI.dispatch(call, kind: .method, in: self)
    }

    /// `base.name` for a GRDB property of a table, request, association or expression; nil when none.
    func grdbProperty(_ name: String, of base: Value, range: SourceRange, nameRange: SourceRange) throws -> Value? {
        let kind: GRDBReceiver
        var receiver: Receiver?
        switch base {
        case .request(let p): (kind, receiver) = (.request, .request(p))
        case .association(let a): (kind, receiver) = (.association, .association(a))
        case .expression(let e): kind = e.isJSONExpressible ? .jsonExpression : .expression
        case .fullTextPattern: kind = .fullTextPattern
        case .sqlLiteral: kind = .sqlLiteral
        default: return nil
        }
        let call = GRDBCall(
            name: name, base: base, receiver: receiver, receiverKind: kind, arguments: [], range: range,
            nameRange: nameRange)
        let entries = GRDBAPI.members(named: name, kind: .property)
        // A Swift value (`1`, `"x"`) is GRDB's `DatabaseValueConvertible` first, then an SQL expression.
        if case .expression(.value) = base, let entry = entries.first(where: { $0.offeredOn.contains(.value) }) {
            return try entry.build(self, call)
        }
        if let entry = entries.first(where: { $0.offeredOn.contains(kind) }) { return try entry.build(self, call) }
        // A JSON expression is an expression too (`JSONColumn("info").desc`).
        if kind == .jsonExpression, let entry = entries.first(where: { $0.offeredOn.contains(.expression) }) {
            var call = call
            call.receiverKind = .expression
            return try entry.build(self, call)
        }
        if GRDBAPI.members(named: name, kind: .method).contains(where: { $0.offeredOn.contains(kind) }) {
            throw ArborError("`\(name)` is a method: call it, as in `\(name)(…)`", at: nameRange)
        }
        return nil
    }

    /// `name(arguments)` at top level for a GRDB function or initializer; nil when none.
    func grdbFunction(_ name: String, arguments: [Argument], range: SourceRange, nameRange: SourceRange) throws
        -> Value?
    {
        // `SQLRequest<Book>(…)` is the entry `SQLRequest`, `Table<Book>(…)` the entry `Table`,
        // their type parameter read by the builder.
        let entryName = name.utf8.firstIndex(of: UInt8(ascii: "<")).map { String(name[..<$0]) } ?? name
        let call = GRDBCall(
            name: name, base: .namespace(""), receiver: nil, receiverKind: .global, arguments: arguments,
            range: range, nameRange: nameRange)
        return try GRDBAPI.dispatch(call, kind: .function, named: entryName, in: self)
    }

    /// The method `name(arguments)` of an SQL expression; nil when GRDB has none.
    func expressionMethodEntry(
        _ name: String, on e: SQLExpr, arguments: [Argument], range: SourceRange, nameRange: SourceRange
    ) throws -> Value? {
        // A request's method is no member of an expression at all (`Column("x").filter(…)`).
        let entries = GRDBAPI.members(named: name, kind: .method)
        guard entries.contains(where: { !$0.offeredOn.isDisjoint(with: [.expression, .jsonExpression]) })
        else { return nil }
        // A JSON expression has JSON's members, and those of every expression.
        let json = e.isJSONExpressible && entries.contains { $0.offeredOn.contains(.jsonExpression) }
        let call = GRDBCall(
            name: name, base: .expression(e), receiver: nil, receiverKind: json ? .jsonExpression : .expression,
            arguments: arguments, range: range, nameRange: nameRange)
        return try GRDBAPI.dispatch(call, kind: .method, in: self)
    }

    /// Runs `body` where bare columns are the receiver's, and names its selection defines count as columns.
    func inReceiverScope<T>(_ call: GRDBCall, _ body: () throws -> T) rethrows -> T {
        let operations = call.receiver?.operations ?? []
        let namedColumns = Set(Self.selectedNames(operations).map { $0.lowercased() })
        return try withScope(
            {
                $0.columnTable = call.table
                $0.extraColumns = namedColumns
                $0.selectedNamesAreQualified = call.receiverKind != .association && Self.joinsOtherTables(operations)
                $0.associationTable = call.table
            }, body)
    }

    /// The `arguments:` of an `sql:` form.
    func sqlArguments(_ call: GRDBCall) throws -> SQLArguments {
        try sqlArguments(call.arguments.value(labelled: "arguments"))
    }

    /// An argument of an expression's method, which GRDB does not define on aggregates.
    func expressionArgument(_ expr: Expr, of call: GRDBCall) throws -> SQLExpr {
        let value = try sqlExpression(evaluate(expr), range: expr.range)
        try Self.refuseAggregate(value, in: call.name, range: expr.range)
        return value
    }
}
