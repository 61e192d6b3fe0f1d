import ArborCore

extension Evaluator {
    /// A request or an association being refined.
    enum Receiver {
        /// A record type or `Table`, and the record type's `databaseSelection`, which its requests
        /// start with; `form` says whether `Table("t")` (`Table<Row>`) was written.
        case table(String, selection: RequestOperation?, form: TableForm = .recordType)
        case request(RequestPlan)
        case association(AssociationPlan)

        var table: String {
            switch self {
            case .table(let t, _, _): t
            case .request(let p): p.table
            case .association(let a): a.destination
            }
        }

        var operations: [RequestOperation] {
            switch self {
            case .table(_, let selection, _): selection.map { [$0] } ?? []
            case .request(let p): p.operations
            case .association(let a): a.operations
            }
        }

        func appending(_ operation: RequestOperation) -> Value {
            switch self {
            case .table: .request(plan.appending(operation))
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

        /// The receiver as a request, its root kept (a record's request stays one, and a
        /// request of `Table<Row>` is a `QueryInterfaceRequest<Row>`).
        var plan: RequestPlan {
            switch self {
            case .table(let t, let selection, let form):
                var plan = RequestPlan(table: t, operations: selection.map { [$0] } ?? [])
                plan.decodesRows = form == .tableOfRows
                return plan
            case .request(let p): return p
            case .association(let a): return RequestPlan(table: a.destination, operations: a.operations)
            }
        }
    }
}
