import ArborCore

/// `Book.fetchOne(db, key: 9)`, `Book.find(db, id: 9)`, `Book.fetchAll(db, keys: [1, 2])`,
/// `Book.exists(db, key: 9)`:
/// GRDB's static fetch methods of record types, which filter by primary key.
extension Evaluator {
    func keyedFetch(_ name: String, on receiver: Receiver, arguments: [Argument], nameRange: SourceRange) throws
        -> Value
    {
        let labels = arguments.labels.map { $0 ?? "_" }.joined(separator: ":")
        guard case .table(let table, _, _) = receiver else {
            throw ArborError(
                "`\(name)(_:\(labels.dropFirst(2)):)` is a static method of the record type, not of a request",
                at: nameRange,
                suggestion:
                    "call it on the type, as in `\(environment.displayName(ofTable: receiver.table)).\(name)(db, …)`, or filter the request with `filter(key:)`"
            )
        }
        guard arguments[0].value.kind == .identifier("db") else {
            throw ArborError("the first argument is the database connection, `db`", at: arguments[0].value.range)
        }
        let single = !["fetchAll", "fetchSet", "fetchCursor"].contains(name)
        let isIdentifier = arguments[1].label == "id" || arguments[1].label == "ids"
        let filter = try keyFilter(arguments[1].value, single: single, identifierOf: isIdentifier ? table : nil)
        let kind: Value.FetchKind =
            switch name {
            case "find": .find
            case "exists": .exists
            case "fetchSet": .set
            default: single ? .one : .all
            }
        var plan = receiver.plan.appending(filter)
        plan.isDeduplicated = kind == .set
        return .fetch(plan, kind)
    }
}
