/// The checks of one argument, run when the argument is evaluated so that an error
/// underlines that argument rather than the whole statement (the validator is given
/// the argument's range). Each check here is one that validating the whole plan makes
/// too, in a context no stricter than the real one: it never refuses a valid request,
/// it only finds the fault earlier, where it was written.
extension Validator {
    /// An association given to `including(…)` or `joining(…)` from `table`.
    public func validateJoinArgument(_ association: AssociationPlan, from table: String, kind: JoinKind) throws {
        if kind == .all {
            try checkPrefetched(association, from: table)
        } else {
            // An outer optional join or an aggregate only adds restrictions to these.
            let context = Context.joined(optional: kind == .optional, aggregated: false)
            try checkAssociation(association, from: table, context: context)
            try checkJoined(association)
            try checkLevel(table: association.destination, operations: association.operations, context: context)
        }
    }

    /// `filter(key: ["a": 1])` on `table`: the columns must hold a unique key.
    public func validateKeyDictionaries(_ dictionaries: [[String: SQLValue]], of table: String) throws {
        try checkKeyDictionaries(table: table, dictionaries)
    }
}
