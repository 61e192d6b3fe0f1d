import ArborCore
import Foundation

/// Instance methods and computed properties of the app's plain structs, as GRDBQuery's
/// requests declare them: `try BooksRequest(minYear: 2000).fetch(db)` runs the body of
/// `fetch(_ db: Database)` with the value's stored properties and the arguments bound.
extension Evaluator {
    /// GRDB's database types, as a parameter declares them: the argument is the session's
    /// database (`db`, `dbQueue`), which arbor holds no value for.
    static func isDatabaseType(_ written: String) -> Bool {
        isDatabaseType(SwiftType(parsing: written))
    }

    static func isDatabaseType(_ type: SwiftType) -> Bool {
        guard case .named(let name, let arguments) = type.unwrapped else { return false }
        // `Database<DatabaseQueue>`: an app's wrapper of a writer, named like GRDB's (a messenger app does).
        if arguments.count == 1 { return isDatabaseType(arguments[0]) }
        return databaseTypes.contains(name.hasPrefix("GRDB.") ? String(name.dropFirst(5)) : name)
    }

    static let databaseTypes: Set<String> = [
        "Database", "DatabaseQueue", "DatabasePool", "DatabaseReader", "DatabaseWriter", "DatabaseSnapshot",
        "DatabaseSnapshotPool",
    ]

    /// The method (or, with `labels` nil, the computed property) `name` of the app's struct
    /// `type` that takes these argument labels, as Swift matches them.
    func valueMethod(_ name: String, ofType type: String, labels: [String?]?) -> RequestMethod? {
        let methods = environment.valueMethods[canonicalTypePath(type)]?.named(name) ?? []
        return methods.first { method in
            guard method.isProperty == (labels == nil) else { return false }
            guard let labels else { return true }
            return Self.matches(labels, method.function.parameters)
        }
    }

    /// `value.name(…)` on a value of the app's struct `type`.
    func compositeMethod(
        _ name: String, on base: Value, type: String, arguments: [Argument], range: SourceRange,
        nameRange: SourceRange
    ) throws -> Value {
        if let method = valueMethod(name, ofType: type, labels: arguments.labels) {
            return try invoke(method, on: base, arguments: arguments, range: range)
        }
        let declared = environment.valueMethods[canonicalTypePath(type)]?.all ?? []
        let sameName = declared.filter { $0.function.name == name && !$0.isProperty }
        if !sameName.isEmpty {
            throw ArborError(
                "`\(name)\(arguments.labels.signature)` does not match the arguments of `\(type).\(name)`",
                at: nameRange,
                suggestion: "it is declared "
                    + sameName.map { "`\(Self.declaredSignature($0.function))`" }
                    .joined(separator: " or "))
        }
        if declared.contains(where: { $0.function.name == name && $0.isProperty }) {
            throw ArborError("`\(type).\(name)` is a property: use it without a call", at: nameRange)
        }
        let methods = declared.filter { !$0.isProperty }.map(\.function)
        throw ArborError(
            "a `\(type)` value has no method `\(name)`", at: nameRange,
            suggestion: Suggestions.didYouMean(name, in: methods.map(\.name))
                ?? (methods.isEmpty
                    ? "`\(type)` declares no instance method arbor read"
                    : "its methods: " + methods.map { "`\($0.signature)`" }.joined(separator: ", ")))
    }

    /// `value.name` on a value of the app's struct `type`: a stored property, else a computed one.
    func compositeMember(
        _ name: String, on base: Value, type: String, fields: [(name: String, value: Value)], range: SourceRange,
        nameRange: SourceRange
    ) throws -> Value {
        if let field = fields.first(where: { $0.name == name }) { return field.value }
        if let method = valueMethod(name, ofType: type, labels: nil) {
            return try invoke(method, on: base, arguments: [], range: range)
        }
        let declared = environment.valueMethods[canonicalTypePath(type)]?.all ?? []
        if declared.contains(where: { $0.function.name == name }) {
            throw ArborError("`\(type).\(name)` is a method: call it, as in `\(name)(…)`", at: nameRange)
        }
        let computed = declared.filter(\.isProperty).map(\.function.name)
        throw ArborError(
            "`\(type)` has no property `\(name)`", at: nameRange,
            suggestion: Suggestions.didYouMean(name, in: fields.map(\.name) + computed))
    }

    /// `fetch(_ db: Database)`, as declared: for messages.
    static func declaredSignature(_ function: FunctionDeclaration) -> String {
        let parameters = function.parameters.map { parameter in
            let label = parameter.label ?? "_"
            let name = label == parameter.name ? label : "\(label) \(parameter.name)"
            return "\(name): \(parameter.type)" + (parameter.defaultValue == nil ? "" : " = …")
        }
        return "\(function.name)(" + parameters.joined(separator: ", ") + ")"
    }
}
