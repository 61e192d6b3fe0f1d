/// The table aliases a request attaches with `aliased(_:)`, at its root and in the
/// associations it joins (not in its subqueries, which attach their own).
enum AttachedAliases {
    static func ids(in operations: [RequestOperation]) -> Set<Int> {
        var ids: Set<Int> = []
        func visit(_ operations: [RequestOperation]) {
            for operation in operations {
                switch operation {
                case .aliased(let alias): ids.insert(alias.id)
                case .including(_, let a), .joining(_, let a), .annotatedWithRequired(let a),
                    .annotatedWithOptional(let a):
                    visit(association: a)
                default: break
                }
            }
        }
        func visit(association: AssociationPlan) {
            if case .through(_, _, let pivot, let target, _) = association.base {
                visit(association: pivot)
                visit(association: target)
            }
            visit(association.operations)
        }
        visit(operations)
        return ids
    }
}
