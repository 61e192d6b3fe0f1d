/// A `RequestPlan` the `Validator` accepted: nothing in it stops GRDB's process
/// (docs/ARCHITECTURE.md §5). Only `Validator.validate(_:)` makes one (the
/// initializer is internal to ArborCore) and `Lowering` takes nothing else, so the
/// type says that the trap rules ran on every plan that reaches GRDB.
public struct ValidatedPlan: Hashable, Sendable {
    public let plan: RequestPlan

    /// Called by `Validator.validate(_:)` once every check passed, and by the
    /// derivations below that can not add a trap.
    init(checked plan: RequestPlan) {
        self.plan = plan
    }

    /// The same request cut to `limit` rows from `offset` (a window, a page of a
    /// stream). `limit(_:offset:)` is none of GRDB's traps and no rule of the
    /// validator reads it, so the plan stays valid without being validated again.
    public func limited(_ limit: Int, offset: Int?) -> ValidatedPlan {
        ValidatedPlan(checked: plan.appending(.limit(limit, offset: offset)))
    }
}
