import ArborCore

/// Swift applied to a fetched result (`try Player.fetchAll(db).map(\.name)`,
/// `try Player.fetchOne(db)?.name`, `if try Player.fetchCount(db) > 0` in a method's body):
/// the fetch runs as a `let` runs it in app code, and Swift goes on with the value GRDB
/// returns: an array of records, a record or nil, an `Int`, a `Bool`, values. Only then: a
/// fetch that nothing follows stays a request, streamed a window at a time.
extension Evaluator {
    /// `value` as Swift holds it once fetched; any other value as it is.
    func fetchedSwiftValue(_ value: Value, range: SourceRange) throws -> Value {
        switch value {
        case .fetch(_, let kind):
            // The name `absentRecord` messages give to a fetch that found no row.
            let fetched = try bound(value, name: "\(kind.rawValue)(db)", range: range, site: .appCode)
            if case .fetch = fetched { throw notHeldAsSwift(range) }
            return fetched
        case .fetchComparison(let comparison):
            switch comparison.subject {
            case .count:
                let counted = try fetchedSwiftValue(.fetch(comparison.plan, .count), range: range)
                guard case .expression(.value(.integer(let count))) = counted, let count = Int(exactly: count) else {
                    throw notHeldAsSwift(range)
                }
                return .expression(.value(.bool(comparison.holds(count: count))))
            case .one(let isPresent):
                let fetched = try fetchedSwiftValue(.fetch(comparison.plan, .one), range: range)
                let found: Bool = if case .absentRecord = fetched { false } else { true }
                return .expression(.value(.bool(found == isPresent)))
            }
        default:
            return value
        }
    }

    /// `try Player.fetchOne(db) ?? fallback`, `record ?? other`: Swift's `??` on an optional
    /// record; nil when the left side is SQL's (GRDB's `??` of an aggregate, a value known now).
    func optionalCoalescing(_ left: Value, _ leftExpr: Expr, _ right: Value) throws -> Value? {
        let value = try fetchedSwiftValue(left, range: leftExpr.range)
        switch value {
        case .absentRecord: return right
        case .record, .composite: return value
        // `try String.fetchOne(db, sql: …) ?? ""`: the fetched value, or the default for nil.
        case .expression(.value(.null)) where left.isFetched: return right
        default: return left.isFetched ? value : nil
        }
    }

    /// `Author.fetchAll(db).filter(Column("name") == "x")`: GRDB's request method written
    /// after the fetch, where Swift's own (`filter { … }`, which takes a closure) is, before
    /// anything is fetched.
    func refuseRequestMethodAfterFetch(_ name: String, on base: Value, arguments: [Argument], nameRange: SourceRange)
        throws
    {
        guard case .fetch(let plan, let kind) = base, GRDBAPI.isRequestMethod(name) else { return }
        let takesFunction = arguments.contains { argument in
            switch argument.value.kind {
            case .closure, .keyPath: true
            default: false
            }
        }
        guard !takesFunction else { return }
        let type = environment.displayName(ofTable: plan.table)
        throw ArborError(
            "`\(name)` is called on what `\(kind.rawValue)` returned, not on the request", at: nameRange,
            suggestion: "call `\(name)` before `\(kind.rawValue)`, as in `\(type).\(name)(…).\(kind.rawValue)(db)`")
    }

    /// The fetch the session does not turn into a Swift value: rows with includes or
    /// annotations (the app's own decoded types), raw SQL rows, prefetches.
    private func notHeldAsSwift(_ range: SourceRange) -> ArborError {
        ArborError(
            "arbor does not run Swift on the result of this fetch yet (rows of includes, annotations, raw SQL or the app's own decoded type)",
            at: range, suggestion: "run the fetch alone: arbor shows its rows")
    }
}

extension Value {

    /// A fetch, or a comparison of one, that Swift would have run by now.
    var isFetched: Bool {
        switch self {
        case .fetch, .fetchComparison: true
        default: false
        }
    }
}
