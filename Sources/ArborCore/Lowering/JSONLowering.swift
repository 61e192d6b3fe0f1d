import GRDB

/// GRDB's JSON expressions (`SQLJSON`), built with the GRDB function of the same
/// name: GRDB decides the SQL, including the `JSON(…)` it wraps JSON values in
/// when they are arguments of a JSON builder (`JSON_ARRAY(JSON("info"))`).
extension Lowering {
    func json(_ call: SQLJSON) throws -> SQLExpression {
        let arguments = try call.arguments.map { try expression(lower($0)) }
        let filter = try call.filter.map { try expression(lower($0)) }
        guard let first = arguments.first else {
            switch call.function {
            case .jsonArray: return Database.jsonArray(arguments)
            case .jsonObject: return Database.jsonObject([(key: String, value: any SQLExpressible)]())
            default: throw ArborError("internal: `\(call.function.rawValue)` without arguments")
            }
        }
        let rest = Array(arguments.dropFirst())
        switch call.function {
        case .asJSON: return first.asJSON.sqlExpression
        case .subscriptValue: return first.asJSON[try single(rest, call)]
        case .jsonRepresentation: return first.asJSON.jsonRepresentation(atPath: try single(rest, call))
        case .json: return Database.json(first)
        case .jsonArray: return Database.jsonArray(arguments)
        case .jsonArrayLength:
            return rest.isEmpty
                ? Database.jsonArrayLength(first) : Database.jsonArrayLength(first, atPath: try single(rest, call))
        case .jsonExtract:
            return rest.count == 1
                ? Database.jsonExtract(first, atPath: rest[0]) : Database.jsonExtract(first, atPaths: rest)
        case .jsonRemove:
            return rest.count == 1
                ? Database.jsonRemove(first, atPath: rest[0]) : Database.jsonRemove(first, atPaths: rest)
        case .jsonInsert: return Database.jsonInsert(first, try assignments(call.keys, rest))
        case .jsonReplace: return Database.jsonReplace(first, try assignments(call.keys, rest))
        case .jsonSet: return Database.jsonSet(first, try assignments(call.keys, rest))
        case .jsonObject: return Database.jsonObject(try assignments(call.keys, arguments))
        case .jsonPatch: return Database.jsonPatch(first, with: try single(rest, call))
        case .jsonType:
            return rest.isEmpty ? Database.jsonType(first) : Database.jsonType(first, atPath: try single(rest, call))
        case .jsonIsValid: return Database.jsonIsValid(first)
        case .jsonQuote: return Database.jsonQuote(first)
        case .jsonGroupArray: return Database.jsonGroupArray(first, filter: filter)
        case .jsonGroupObject:
            return Database.jsonGroupObject(key: first, value: try single(rest, call), filter: filter)
        }
    }

    private func single(_ rest: [SQLExpression], _ call: SQLJSON) throws -> SQLExpression {
        guard rest.count == 1, let only = rest.first else {
            throw ArborError("internal: `\(call.function.rawValue)` takes two arguments")
        }
        return only
    }

    private func assignments(_ keys: [String], _ values: [SQLExpression]) throws
        -> [(key: String, value: any SQLExpressible)]
    {
        guard keys.count == values.count else { throw ArborError("internal: JSON keys and values differ in number") }
        return zip(keys, values).map { (key: $0, value: $1 as any SQLExpressible) }
    }
}
