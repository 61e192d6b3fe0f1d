import ArborCore

/// GRDB's read API as arbor accepts it: one entry per member, each naming the GRDB
/// declarations it serves.
enum GRDBAPI {
    static let members: [GRDBMember] =
        requestMethods.map { $0.yielding($0.name == "contains" ? .expression : .refinedReceiver) } + fetches
        + valueFetches + commonTableExpressionMembers + recordMembers + introspectionMembers
        + primaryKeyMethods + jsonMembers.map { $0.kind == .method ? $0.yielding(.expression) : $0 }
        + associationMembers.map { $0.isAssociationAggregate ? $0.yielding(.expression) : $0 }
        + expressionMembers.map { $0.kind == .method && $0.name != "forKey" ? $0.yielding(.expression) : $0 }
        + functions.map {
            SQLFunction(rawValue: $0.name) != nil || ["Column", "cast"].contains($0.name)
                ? $0.yielding(.expression) : $0
        }
        + fullTextSearchMembers + sequenceMembers + membershipMembers + dateFunctions + dateModifiers
        + sqlLiteralMembers + dateComponentsMembers

    /// `AssociationToMany.count`: an aggregate of a to-many association.
    static func isAggregate(_ symbol: String) -> Bool { symbol.hasPrefix("AssociationToMany.") }

    /// The entries of each name, in the order they are tried.
    static let byName: [String: [GRDBMember]] = Dictionary(grouping: members, by: \.name)

    /// The entries of each kind and name, in the order they are tried: asked for every call
    /// evaluated, so found by one lookup rather than filtered each time.
    /// By kind's position, then name: a kind is no key to hash (its raw value is a string).
    private static let byKindAndName: [[String: [GRDBMember]]] = {
        var table = [[String: [GRDBMember]]](repeating: [:], count: GRDBMember.Kind.count)
        for member in members { table[member.kind.position][member.name, default: []].append(member) }
        return table
    }()

    /// The entries named `name` of that kind.
    static func members(named name: String, kind: GRDBMember.Kind) -> [GRDBMember] {
        byKindAndName[kind.position][name] ?? []
    }

    /// Whether some receiver offers a member of that name and kind.
    static func has(_ name: String, kind: GRDBMember.Kind) -> Bool {
        !members(named: name, kind: kind).isEmpty
    }

    /// Whether a table, a request or an association has a GRDB method of that name that
    /// refines or fetches it (not an aggregate: `max(…)` alone is the SQL function).
    static func isRequestMethod(_ name: String) -> Bool { requestMethodNames.contains(name) }

    /// The names `isRequestMethod` accepts, found once: it is asked for every call of a bare
    /// name (each `ForeignKey(…)` of a load), and filtering the members' receivers each time
    /// cost some 900 instructions a call.
    private static let requestMethodNames: Set<String> = Set(
        byKindAndName[GRDBMember.Kind.method.position].compactMap { name, members in
            members.contains {
                !$0.offeredOn.isDisjoint(with: [.table, .request, .association]) && !$0.isAssociationAggregate
            } ? name : nil
        })

    /// The names offered on `receiver`, in the registry's order, each once.
    static func names(offeredOn receiver: GRDBReceiver, kind: GRDBMember.Kind? = nil) -> [String] {
        var seen: Set<String> = []
        return members.compactMap { member in
            guard member.offeredOn.contains(receiver), kind.map({ $0 == member.kind }) ?? (member.kind != .subscript),
                seen.insert(member.name).inserted
            else { return nil }
            return member.name
        }
    }

    /// Each name offered on `receiver` with the signatures of its entries there, for completion.
    /// `value`, when given, drops the forms whose requirement it does not meet (no
    /// `filter(id:)` nor `find` after `Table("book").`), and the names left with none.
    static func completions(offeredOn receiver: GRDBReceiver, to value: Value? = nil)
        -> [(name: String, kind: GRDBMember.Kind, detail: String)]
    {
        names(offeredOn: receiver).compactMap { name in
            let entries = (byName[name] ?? []).filter { entry in
                entry.offeredOn.contains(receiver)
                    && (value.flatMap { value in entry.requirement.map { $0.isMet(by: value) } } ?? true)
            }
            guard let first = entries.first else { return nil }
            var details: [String] = []
            for entry in entries where !details.contains(entry.signatures) { details.append(entry.signatures) }
            return (name, first.kind, details.joined(separator: " · "))
        }
    }
}

extension GRDBAPI {
    /// Runs the entry `call` names, or says why none applies: GRDB does not offer it on
    /// this receiver, or the arguments fit none of its forms. Nil when no entry has the name.
    static func dispatch(
        _ call: GRDBCall, kind: GRDBMember.Kind, named name: String? = nil, in evaluator: Evaluator
    ) throws -> Value? {
        let candidates = members(named: name ?? call.name, kind: kind)
        guard !candidates.isEmpty else { return nil }
        // Every call of the registry comes here: the entry that takes the call is found without
        // making lists, which only a refused call needs.
        if let member = candidates.first(where: {
            $0.offeredOn.contains(call.receiverKind)
                && ($0.checksOwnArguments || $0.form(matching: call.arguments) != nil)
        }) {
            if let refusal = member.requirement?.refusal(call, in: evaluator) { throw refusal }
            return try member.build(evaluator, call)
        }
        let offered = candidates.filter { $0.offeredOn.contains(call.receiverKind) }
        // Written as another receiver would take it: say where GRDB offers it.
        let elsewhere = candidates.filter { !$0.offeredOn.contains(call.receiverKind) }
        if let member = elsewhere.first(where: { $0.checksOwnArguments || $0.form(matching: call.arguments) != nil })
            ?? (offered.isEmpty ? elsewhere.first : nil)
        {
            throw member.notOffered?(evaluator, call) ?? notOffered(member, call, in: evaluator)
        }
        throw Evaluator.callMismatch(
            name ?? call.name, arguments: call.arguments, forms: offered.flatMap(\.forms), nameRange: call.nameRange)
    }

    /// "`reversed` is not available on a table", "associations have no `limit`".
    static func notOffered(_ member: GRDBMember, _ call: GRDBCall, in evaluator: Evaluator) -> ArborError {
        let name = call.name
        switch call.receiverKind {
        case .table where member.offeredOn.contains(.request):
            return ArborError(
                "`\(name)` is not available on a table; call it on a request, as in `\(evaluator.environment.displayName(ofTable: call.table)).all().\(name)(…)`",
                at: call.nameRange)
        case .association where member.offeredOn.contains(.request):
            return ArborError("associations have no `\(name)`: GRDB offers it on requests only", at: call.nameRange)
        default:
            let places = GRDBReceiver.allCases.filter(member.offeredOn.contains).map(\.article)
            return ArborError(
                "\(call.receiverKind.article) has no \(member.kind == .property ? "property" : "method") `\(name)`: GRDB offers it on \(places.joined(separator: ", ", last: " and "))",
                at: call.nameRange)
        }
    }
}
