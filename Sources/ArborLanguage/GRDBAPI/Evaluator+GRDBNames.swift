import ArborCore

/// Names of GRDB that are neither functions nor the app's: the database `db` the
/// statements run with, and GRDB's types with static members (`Column.rank`).
extension Evaluator {
    /// The database, as the closures of `dbQueue.read { db in … }` name it; a type of
    /// GRDB whose static members the registry has. Nil for any other name.
    func grdbName(_ name: String) -> Value? {
        if name == "db" { return .namespace("Database") }
        if GRDBAPI.typesWithStaticMembers.contains(name) { return .namespace(name) }
        return nil
    }

    /// `Column.rank`: a static property of a GRDB type; nil when the registry has none.
    func grdbStaticProperty(_ name: String, ofType type: String, range: SourceRange, nameRange: SourceRange) throws
        -> Value?
    {
        guard
            let entry = GRDBAPI.members(named: name, kind: .property).first(where: {
                $0.offeredOn.contains(.grdbType) && $0.symbols.contains("\(type).\(name)")
            })
        else { return nil }
        let call = GRDBCall(
            name: name, base: .namespace(type), receiver: nil, receiverKind: .grdbType, arguments: [], range: range,
            nameRange: nameRange)
        return try entry.build(self, call)
    }
}

extension GRDBAPI {
    /// `Column` of `Column.rank`: the types the static members of the registry belong to.
    static let typesWithStaticMembers: Set<String> = Set(
        members.filter { $0.offeredOn.contains(.grdbType) }.flatMap {
            $0.symbols.compactMap { $0.split(separator: ".").first.map(String.init) }
        })
}
