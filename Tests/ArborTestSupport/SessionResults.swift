import ArborCore
import ArborSession
import Foundation

/// What a statement's run did not give, as a test failure's message.
public struct UnexpectedOutcome: Error, CustomStringConvertible {
    public var statement: String
    public var outcomes: [Outcome]
    public var description: String { "`\(statement)` gave \(outcomes.map(Self.describe))" }

    static func describe(_ outcome: Outcome) -> String {
        switch outcome {
        case .failure(let errors, _): "failure: " + errors.map(\.message).joined(separator: "; ")
        case .rows(let result): "rows (\(result.rows.count))"
        default: "\(outcome)"
        }
    }
}

extension Session {
    /// The rows of the last statement of `text`; an error naming what came
    /// instead (a failure's messages, another outcome), which fails the test.
    public func requestResult(_ text: String, fetch: Bool = true) throws -> RequestResult {
        let outcomes = run(text, fetch: fetch)
        guard case .rows(let result)? = outcomes.last else {
            throw UnexpectedOutcome(statement: text, outcomes: outcomes)
        }
        return result
    }

    /// The text of `:advise` (or `:advise TABLE`) as the session prints it; an error
    /// naming what came instead.
    public func adviseText(_ argument: String = "") throws -> String {
        let command = ":advise" + (argument.isEmpty ? "" : " " + argument)
        let outcomes = run(command)
        guard case .commandOutput(let text)? = outcomes.first else {
            throw UnexpectedOutcome(statement: command, outcomes: outcomes)
        }
        return text
    }

    /// The errors of the last statement of `text`; an error when it did not fail.
    public func failure(_ text: String) throws -> [ArborError] {
        let outcomes = run(text, fetch: false)
        guard case .failure(let errors, _)? = outcomes.last else {
            throw UnexpectedOutcome(statement: text, outcomes: outcomes)
        }
        return errors
    }
}
