import ArborCore
import ArborLanguage

/// What generated Swift may take from the app's loaded code: its record types,
/// and the request as the user typed it when it names only the app's types.
public struct AppCode: Sendable {
    /// The record types the app declares (not the demo's prelude).
    public var types: Set<String>
    /// The request's text, when it stands on its own in the app's code.
    public var requestText: String?

    /// Nil when no app code is loaded.
    public init?(session: Session, requestText text: String) {
        let types = Set(
            session.resolution.entries.filter { $0.kind == .recordType && !$0.unit.hasPrefix("<") }.map(\.name))
        guard !types.isEmpty else { return nil }
        self.types = types
        self.requestText = Self.standalone(text, environment: session.environment)
    }

    /// `text` when it is one expression that names no `let` of the session (which the app
    /// does not have) and runs nothing (`fetchAll`, `try`).
    static func standalone(_ text: String, environment: Environment) -> String? {
        let parsed = Parser.parse(text)
        guard parsed.errors.isEmpty, parsed.statements.count == 1, case .expression(let expr) = parsed.statements[0]
        else { return nil }
        var standalone = true
        func visit(_ expr: Expr) {
            switch expr.kind {
            case .identifier(let name):
                if environment.binding(name) != nil || ["fetchAll", "fetchOne", "fetchCount", "db"].contains(name) {
                    standalone = false
                }
            case .member(let base, let name, _):
                if ["fetchAll", "fetchOne", "fetchCount"].contains(name) { standalone = false }
                visit(base)
            case .call(let callee, let arguments), .subscripted(let callee, let arguments):
                visit(callee)
                for argument in arguments { visit(argument.value) }
            case .binary(_, let l, let r):
                visit(l)
                visit(r)
            case .prefix(_, let e), .parenthesized(let e):
                visit(e)
            case .array(let elements):
                for element in elements { visit(element) }
            case .dictionary(let entries):
                for entry in entries {
                    visit(entry.key)
                    visit(entry.value)
                }
            case .closure(let closure):
                if closure.statements != nil { standalone = false } else { visit(closure.body) }
            default:
                break
            }
        }
        visit(expr)
        guard standalone else { return nil }
        let utf8 = Array(text.utf8)
        return String(decoding: utf8[expr.range.lowerBound..<min(expr.range.upperBound, utf8.count)], as: UTF8.self)
    }
}
