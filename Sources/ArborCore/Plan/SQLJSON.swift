/// One of GRDB's JSON expressions (GRDB/JSON/): a function of `Database`
/// (`Database.jsonArray([…])`), a member of a JSON expression (`info["a"]`,
/// `info.jsonExtract(atPath:)`), or `asJSON`, which makes an expression one.
/// Lowering calls the GRDB function of the same name, so GRDB writes the SQL
/// (and wraps JSON values in `JSON(…)` where it does).
public struct SQLJSON: Hashable, Sendable {
    public var function: SQLJSONFunction
    /// The SQL arguments in GRDB's order: the JSON value first, then paths or the
    /// assigned values (`jsonSet`), or the object's values (`jsonObject`).
    public var arguments: [SQLExpr]
    /// The keys of `jsonObject` and the paths of `jsonInsert`/`jsonReplace`/`jsonSet`,
    /// one for each value after the first argument (each argument for `jsonObject`).
    public var keys: [String]
    /// The `filter:` of `jsonGroupArray` and `jsonGroupObject`.
    public var filter: SQLExpr?

    public init(_ function: SQLJSONFunction, _ arguments: [SQLExpr], keys: [String] = [], filter: SQLExpr? = nil) {
        self.function = function
        self.arguments = arguments
        self.keys = keys
        self.filter = filter
    }

    /// Every sub-expression, for the walks over an expression's tree.
    public var operands: [SQLExpr] { arguments + (filter.map { [$0] } ?? []) }

    /// The same call with its sub-expressions transformed.
    public func mapOperands(_ transform: (SQLExpr) throws -> SQLExpr) rethrows -> SQLJSON {
        SQLJSON(function, try arguments.map(transform), keys: keys, filter: try filter.map(transform))
    }
}

/// GRDB's JSON members, named as GRDB names them.
public enum SQLJSONFunction: String, Hashable, Sendable, CaseIterable {
    /// `JSONColumn("info")`, `Column("info").asJSON`: GRDB's `SQLJSONExpressible`.
    case asJSON
    case json, jsonArray, jsonArrayLength, jsonExtract, jsonInsert, jsonReplace, jsonSet, jsonObject, jsonPatch
    case jsonRemove, jsonType, jsonIsValid, jsonQuote, jsonGroupArray, jsonGroupObject
    /// `info["a"]`: `"info" ->> 'a'`.
    case subscriptValue = "subscript"
    /// `info.jsonRepresentation(atPath: "a")`: `"info" -> 'a'`.
    case jsonRepresentation

    /// The aggregates, which GRDB builds with `FILTER (WHERE …)`.
    public var isAggregate: Bool { self == .jsonGroupArray || self == .jsonGroupObject }
}

extension SQLExpr {
    /// GRDB's `SQLJSONExpressible`: `JSONColumn`, `asJSON`. Only these have a subscript,
    /// `jsonExtract(atPath:)` and `jsonRepresentation(atPath:)`; GRDB's JSON functions
    /// return plain expressions.
    public var isJSONExpressible: Bool {
        if case .json(let call) = self { return call.function == .asJSON }
        return false
    }
}
