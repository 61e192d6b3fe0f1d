import ArborCore

extension Evaluator {
    /// A request or an association being refined.
    enum Receiver {
        /// A record type or `Table`, and the record type's `databaseSelection`, which its requests start with.
        case table(String, selection: RequestOperation?)
        case request(RequestPlan)
        case association(AssociationPlan)

        var table: String {
            switch self {
            case .table(let t, _): t
            case .request(let p): p.table
            case .association(let a): a.destination
            }
        }

        var operations: [RequestOperation] {
            switch self {
            case .table(_, let selection): selection.map { [$0] } ?? []
            case .request(let p): p.operations
            case .association(let a): a.operations
            }
        }

        func appending(_ operation: RequestOperation) -> Value {
            switch self {
            case .table(let t, let selection):
                .request(RequestPlan(table: t, operations: (selection.map { [$0] } ?? []) + [operation]))
            case .request(let p): .request(p.appending(operation))
            case .association(let a): .association(a.appending(operation))
            }
        }

        var isTable: Bool {
            if case .table = self { return true }
            return false
        }

        var isAssociation: Bool {
            if case .association = self { return true }
            return false
        }

        /// The receiver as a request, its root kept (a record's request stays one).
        var plan: RequestPlan {
            switch self {
            case .table(let t, let selection): RequestPlan(table: t, operations: selection.map { [$0] } ?? [])
            case .request(let p): p
            case .association(let a): RequestPlan(table: a.destination, operations: a.operations)
            }
        }
    }
}
