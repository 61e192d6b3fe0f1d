import ArborCore

extension RequestPlan {
    /// The request includes rows that its shown rows leave out: those included by a
    /// through association's pivot or `using:` association, or by an annotation's
    /// association. GRDB's decoder finds them (`Row.scopesTree`), the shown row does not.
    var includesUnshownRows: Bool { levelOperations.includesUnshownRows }
}

extension [RequestOperation] {
    fileprivate var includesUnshownRows: Bool {
        contains { operation in
            switch operation {
            case .including(_, let association), .joining(_, let association):
                association.includesUnshownRows
            case .annotatedWithRequired(let association), .annotatedWithOptional(let association):
                association.operations.includesAssociation || association.includesUnshownRows
            default:
                false
            }
        }
    }

    fileprivate var includesAssociation: Bool {
        contains { operation in
            switch operation {
            case .including, .joining, .annotatedWithRequired, .annotatedWithOptional: true
            default: false
            }
        }
    }
}

extension AssociationPlan {
    fileprivate var includesUnshownRows: Bool {
        if case .through(_, _, let pivot, let target, _) = base,
            pivot.operations.includesAssociation || target.operations.includesAssociation
                || pivot.includesUnshownRows || target.includesUnshownRows
        {
            return true
        }
        return operations.includesUnshownRows
    }
}
