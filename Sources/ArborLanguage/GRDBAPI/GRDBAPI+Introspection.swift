import ArborCore

/// What GRDB's requests tell about themselves, and the type erasure apps wrap them in:
/// `request.databaseTableName`, `AnyFetchRequest(request)`.
extension GRDBAPI {
    static let introspectionMembers: [GRDBMember] = [
        GRDBMember(
            .property, "databaseTableName", on: [.request, .association],
            symbols: symbols("TableRequest", "QueryInterfaceRequest", "Association", member: "databaseTableName")
        ) { _, call in
            // The table the request reads: its receiver's, as GRDB's `TableRequest` gives it.
            guard call.receiver?.plan.rawSQL == nil else {
                throw ArborError("a raw SQL request (`SQLRequest`) has no table name", at: call.nameRange)
            }
            return .expression(.value(.text(call.table)))
        },
        GRDBMember(
            .function, "AnyFetchRequest", [CallForm([nil])], on: [.global], symbols: ["AnyFetchRequest.init(_:)"]
        ) { evaluator, call in
            // Type erasure changes nothing GRDB runs: the request itself.
            .request(try evaluator.request(evaluator.evaluate(call.argument(0)), range: call.argument(0).range))
        },
    ]
}
