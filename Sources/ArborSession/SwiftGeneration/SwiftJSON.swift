import ArborCore

/// GRDB's JSON expressions as the app writes them: `JSONColumn("info")["a"]`,
/// `Database.jsonArray([…])`.
extension SwiftPrinter {
    func json(_ call: SQLJSON) -> String {
        let arguments = call.arguments.map(expression)
        let first = arguments.first ?? ""
        let rest = Array(arguments.dropFirst())
        let name = call.function.rawValue
        let filter = call.filter.map { ", filter: \(expression($0))" } ?? ""
        func dictionary(_ values: [String]) -> String {
            guard !values.isEmpty else { return "[:]" }
            return "[" + zip(call.keys, values).map { "\(SQLValue.swiftQuoted($0)): \($1)" }.joined(separator: ", ")
                + "]"
        }
        func paths(_ label: String) -> String {
            rest.count == 1 ? "\(label)Path: \(rest[0])" : "\(label)Paths: [" + rest.joined(separator: ", ") + "]"
        }
        switch call.function {
        case .asJSON:
            if case .column(let column, nil)? = call.arguments.first {
                return "JSONColumn(\(SQLValue.swiftQuoted(column)))"
            }
            return "\(operand(call.arguments.first ?? .value(.null))).asJSON"
        case .subscriptValue: return "\(first)[\(rest.first ?? "")]"
        case .jsonRepresentation: return "\(first).jsonRepresentation(atPath: \(rest.first ?? ""))"
        case .jsonArray: return "Database.jsonArray([" + arguments.joined(separator: ", ") + "])"
        case .jsonObject: return "Database.jsonObject(\(dictionary(arguments)))"
        case .jsonInsert, .jsonReplace, .jsonSet: return "Database.\(name)(\(first), \(dictionary(rest)))"
        case .jsonExtract, .jsonRemove: return "Database.\(name)(\(first), \(paths("at")))"
        case .jsonArrayLength, .jsonType:
            return rest.isEmpty ? "Database.\(name)(\(first))" : "Database.\(name)(\(first), atPath: \(rest[0]))"
        case .jsonPatch: return "Database.jsonPatch(\(first), with: \(rest.first ?? ""))"
        case .json, .jsonIsValid, .jsonQuote: return "Database.\(name)(\(first))"
        case .jsonGroupArray: return "Database.jsonGroupArray(\(first)\(filter))"
        case .jsonGroupObject: return "Database.jsonGroupObject(key: \(first), value: \(rest.first ?? "")\(filter))"
        }
    }
}
