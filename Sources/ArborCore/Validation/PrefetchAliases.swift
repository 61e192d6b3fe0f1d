/// A prefetched association (`including(all:)`) runs as a query of its own: an
/// alias attached to the outer request is unknown there (GRDB throws "no such
/// column" after the main query ran, Associations guide, Known Issues).
enum PrefetchAliases {
    static func check(_ operations: [RequestOperation], fail: (String, String?) -> ArborError) throws {
        for operation in operations {
            switch operation {
            case .including(.all, let association):
                var attached: Set<Int> = []
                var used: Set<Int> = []
                collect(association, attached: &attached, used: &used)
                if !used.subtracting(attached).isEmpty {
                    throw fail(
                        "`including(all: \(association.displayName))` uses a table alias of the outer request: its rows are fetched by a query of their own, which does not know it",
                        "filter the association with its own columns, or use `joining` and a to-one association instead"
                    )
                }
                try check(association.operations, fail: fail)
            case .including(_, let association), .joining(_, let association):
                try check(association.operations, fail: fail)
            default:
                break
            }
        }
    }

    /// Aliases attached and used in one query: the association and its joins, not
    /// what it prefetches in turn.
    private static func collect(_ association: AssociationPlan, attached: inout Set<Int>, used: inout Set<Int>) {
        if case .through(_, _, let pivot, let target, _) = association.base {
            collect(pivot, attached: &attached, used: &used)
            collect(target, attached: &attached, used: &used)
        }
        for operation in association.operations {
            switch operation {
            case .aliased(let alias): attached.insert(alias.id)
            case .filter(let e), .having(let e): used.formUnion(e.aliasesUsed)
            case .order(let terms): for term in terms { used.formUnion(term.expression.aliasesUsed) }
            case .select(let items), .databaseSelection(_, let items), .annotated(let items):
                for item in items {
                    switch item {
                    case .expression(let e): used.formUnion(e.aliasesUsed)
                    case .allColumns(let alias?): used.insert(alias.id)
                    default: break
                    }
                }
            case .group(let es): for e in es { used.formUnion(e.aliasesUsed) }
            case .including(.all, _): break
            case .including(_, let nested), .joining(_, let nested), .annotatedWithRequired(let nested),
                .annotatedWithOptional(let nested):
                collect(nested, attached: &attached, used: &used)
            default: break
            }
        }
    }
}
