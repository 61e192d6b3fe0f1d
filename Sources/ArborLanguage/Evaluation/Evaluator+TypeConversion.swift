import ArborCore

/// A value as a declared type takes it (a parameter, a stored property, what a method
/// returns), checked as the compiler checks it: `.novel` for a `Book.Kind` becomes its
/// raw value, an integer must fit its width, an array's elements convert one by one.
extension Evaluator {
    func convert(_ value: Value, to written: String, in typePath: String?, range: SourceRange) throws -> Value {
        try convert(value, to: SwiftType(parsing: written), in: typePath, range: range)
    }

    func convert(_ value: Value, to declared: SwiftType, in typePath: String?, range: SourceRange) throws -> Value {
        let type = declared.unwrapped
        // `.none` where an optional is declared is Swift's `Optional.none`: `nil`.
        if declared.isOptional, case .implicitMember("none") = value { return .expression(.value(.null)) }
        if value.isNil {
            if declared.isOptional { return value }
            throw ArborError("`nil` is not a `\(type.swiftName)`", at: range)
        }
        switch type {
        case .array(let element), .set(let element):
            guard case .array(let values) = value else {
                throw ArborError("expected an array, as the parameter is `\(type.swiftName)`", at: range)
            }
            let converted = try values.map { try convert($0, to: element, in: typePath, range: range) }
            guard case .set = type else { return .array(converted) }
            // A set holds each value once.
            var seen: [SQLValue] = []
            return .array(
                converted.filter { element in
                    guard let known = element.knownValue else { return true }
                    if seen.contains(where: { Self.compare($0, known) == 0 }) { return false }
                    seen.append(known)
                    return true
                })
        case .dictionary, .other:
            return value
        case .optional:
            return value
        case .named(let name, _):
            return try convert(value, toNamed: name, in: typePath, range: range)
        }
    }

    private func convert(_ value: Value, toNamed type: String, in typePath: String?, range: SourceRange) throws -> Value
    {
        if let (path, cases) = enumPathAndCases(named: type, from: typePath) {
            switch value {
            case .implicitMember(let name) where cases[name] == nil:
                throw ArborError(
                    "`\(type)` has no case `\(name)`", at: range,
                    suggestion: Suggestions.didYouMean(name, in: cases.keys.sorted())
                        ?? "its cases: " + cases.keys.sorted().map { ".\($0)" }.joined(separator: ", "))
            case .swift(.enumCase(let given)) where given.type != path:
                throw ArborError(
                    "cannot convert value of type '\(given.type)' to expected argument type '\(type)'", at: range)
            default:
                // The case keeps its type: it becomes its raw value only where GRDB takes it.
                return caseValue(value, of: path)
            }
        }
        if let integer = SwiftIntegerType.named(type) {
            guard case .expression(.value(let literal)) = value, case .integer(let i) = literal else {
                throw ArborError("expected an integer, as the parameter is `\(type)`", at: range)
            }
            guard integer.range.contains(i) else {
                throw ArborError(
                    i < 0 && integer.range.lowerBound == 0
                        ? "negative integer '\(i)' overflows when stored into unsigned type '\(integer.name)'"
                        : "integer literal '\(i)' overflows when stored into '\(integer.name)'", at: range)
            }
            return value
        }
        let expected: String? =
            switch type {
            case "String", "Substring": "a string"
            case "Double", "Float", "CGFloat": "a number"
            case "Bool": "a Boolean"
            default: nil
            }
        guard let expected else {
            if type == "Date" {
                if case .swift(.date) = value { return value }
                throw ArborError(
                    "cannot convert value of type '\(value.swiftTypeName)' to expected argument type 'Date'", at: range)
            }
            if type == "UUID" {
                if case .swift(.uuid) = value { return value }
                throw ArborError(
                    "cannot convert value of type '\(value.swiftTypeName)' to expected argument type 'UUID'", at: range)
            }
            if type == "Data" || type == "URL" {
                if case .expression(.value) = value { return value }
                throw ArborError("`\(type)` arguments are not supported yet: pass a literal value", at: range)
            }
            return value
        }
        guard case .expression(.value(let literal)) = value else {
            throw ArborError("expected \(expected), as the parameter is `\(type)`", at: range)
        }
        let fits: Bool =
            switch (expected, literal) {
            case ("a string", .text), ("a number", .integer), ("a number", .real), ("a Boolean", .bool): true
            default: false
            }
        guard fits else { throw ArborError("expected \(expected), as the parameter is `\(type)`", at: range) }
        // An integer literal given where a floating-point number is declared is one: GRDB
        // writes the `Double` Swift made (`-30.0`), not the literal.
        if expected == "a number", case .integer(let i) = literal { return .expression(.value(.real(Double(i)))) }
        return value
    }
}
