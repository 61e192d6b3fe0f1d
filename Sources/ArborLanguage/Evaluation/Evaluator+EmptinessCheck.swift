import ArborCore

extension Evaluator {
    /// `request.isEmpty(db)`: GRDB offers it on query interface requests only.
    func emptinessCheck(on receiver: Receiver, arguments: [Argument], nameRange: SourceRange) throws -> Value {
        guard case .request(let plan) = receiver else {
            let type = environment.displayName(ofTable: receiver.table)
            throw ArborError(
                "`isEmpty(_:)` is a method of requests", at: nameRange,
                suggestion: receiver.isAssociation ? nil : "call it on a request, as in `\(type).all().isEmpty(db)`")
        }
        guard arguments.count == 1, arguments[0].label == nil, Self.isDatabaseArgument(arguments[0].value) else {
            throw ArborError(
                "`isEmpty` takes the database connection, as in `isEmpty(db)`", at: arguments.first?.range ?? nameRange)
        }
        return .fetch(plan, .isEmpty)
    }
}
