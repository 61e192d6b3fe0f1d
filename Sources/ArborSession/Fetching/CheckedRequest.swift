import ArborCore
import ArborLanguage

/// A statement's request as the session fetches it: its plan, validated once, and
/// how it is fetched, decided once from that plan. A `RequestResult` carries it, so
/// that printing, streaming, windowing or watching the result validates nothing again.
public struct CheckedRequest: Hashable, Sendable {
    public let validated: ValidatedPlan
    public let strategy: FetchStrategy

    public init(_ validated: ValidatedPlan) {
        self.validated = validated
        self.strategy = FetchStrategy(validated)
    }

    public var plan: RequestPlan { validated.plan }
}

extension Session {
    /// Validates `plan` (the one validation of a statement) and decides how it is fetched.
    public func checked(_ plan: RequestPlan, range: SourceRange?) throws -> CheckedRequest {
        CheckedRequest(try Validator(schema: environment.schema, range: range).validate(plan))
    }

    /// Validates a plan the session derives from a checked one (a keyset window, capped
    /// children): a statement of its own, validated once like any other.
    func validated(_ plan: RequestPlan) throws -> ValidatedPlan {
        try Validator(schema: environment.schema, range: nil).validate(plan)
    }
}
