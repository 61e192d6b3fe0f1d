import ArborCore

/// `ValueObservation.tracking { db in … }` and `ValueObservation.tracking(Player.fetchAll)`,
/// as GRDBQuery's `Queryable` requests build their publishers. arbor runs the observation's
/// fetch once, so a statement shows the current value; `:watch` runs it again on each commit.
extension Evaluator {
    /// The static methods of `ValueObservation` that take the fetch to observe.
    static let observationTrackingMethods: Set<String> = ["tracking", "trackingConstantRegion"]

    /// Whether `base.name(…)` is `ValueObservation.tracking(…)`, the name not shadowed by a local.
    func isObservationTracking(_ base: Expr, _ name: String) -> Bool {
        guard base.kind == .identifier("ValueObservation"), Self.observationTrackingMethods.contains(name) else {
            return false
        }
        return local("ValueObservation") == nil && environment.binding("ValueObservation") == nil
    }

    /// The value the observation's fetch gives now, kept as an observation.
    func observationTracking(_ name: String, arguments: [Argument], range: SourceRange, nameRange: SourceRange)
        throws -> Value
    {
        if arguments.labels.contains("region") {
            throw UnsupportedGRDB.error(
                "`ValueObservation.\(name)(region:fetch:)`|`ValueObservation.\(name) { db in … }` observes what its fetch reads",
                at: nameRange)
        }
        guard arguments.count == 1, let argument = arguments.first, argument.label == nil else {
            throw ArborError(
                "`ValueObservation.\(name)` takes the fetch to observe, as in `ValueObservation.\(name) { db in try Player.fetchAll(db) }`",
                at: arguments.first(where: { $0.label != nil })?.range ?? nameRange)
        }
        if case .closure(let closure) = argument.value.kind {
            guard closure.parameters.count <= 1 else {
                throw ArborError(
                    "the fetch closure takes one argument, the database (`db in`)", at: argument.value.range)
            }
            // The database is the closure's only argument (`db`, or `$0`).
            let parameter = closure.parameters.first ?? "$0"
            let value = try withScope({ $0.closureParameters[parameter] = .namespace("Database") }) {
                try closureValue(closure)
            }
            return .observation(value)
        }
        // `Player.fetchAll`, `request.fetchOne`, `fetch` (a method of the app's request): a
        // function that takes the database, called as GRDB calls it.
        let database = Argument(label: nil, labelRange: nil, value: Expr(.identifier("db"), argument.value.range))
        let call = Expr(.call(argument.value, arguments: [database]), argument.value.range)
        return .observation(try evaluate(call))
    }

    /// What an observation offers: its publisher (`publisher(in:scheduling:)`, then Combine's
    /// `removeDuplicates()`, `eraseToAnyPublisher()`), each keeping the observed value.
    func observationMethod(_ name: String, on base: Value, arguments: [Argument], nameRange: SourceRange) throws
        -> Value
    {
        switch (name, arguments.labels) {
        case ("publisher", ["in"]), ("publisher", ["in", "scheduling"]), ("values", ["in"]),
            ("values", ["in", "scheduling"]), ("values", ["in", "scheduling", "bufferingPolicy"]):
            // The reader is the session's database, whatever the app names it.
            guard Self.isDatabaseArgument(arguments[0].value) || arguments[0].value.kind.isMember else {
                throw ArborError(
                    "`\(name)(in:)` takes the database reader, as in `\(name)(in: dbQueue)`",
                    at: arguments[0].value.range)
            }
            return base
        case ("removeDuplicates", []), ("eraseToAnyPublisher", []):
            return base
        default:
            throw ArborError(
                "a value observation has no method `\(name)\(arguments.labels.signature)` here", at: nameRange,
                suggestion:
                    "arbor runs the observation's fetch once: `publisher(in:)`, `removeDuplicates()` and `eraseToAnyPublisher()` keep its value"
            )
        }
    }
}

extension Expr.Kind {
    /// `appDatabase.reader`: a member access.
    fileprivate var isMember: Bool {
        if case .member = self { return true }
        return false
    }
}
