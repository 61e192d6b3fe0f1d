import ArborCore
import Foundation

/// Foundation's `String(format:_:…)` for the specifiers app code writes to build keys
/// (gem-ios's `String(format: "%@_%@", chain.rawValue, tokenId)`): `%@` of a string,
/// `%d`/`%i` (with `l`, `ll` or `q`) of an integer, `%%`. Any other specifier is refused by name rather than formatted differently.
enum StringFormatBuiltins {
    /// Up to eight arguments after the format, as apps write them (Swift's is variadic).
    static let all: [SwiftBuiltin] = (0...8).map { count in
        SwiftBuiltin(.type("String"), "init", labels: ["format"] + Array(repeating: nil, count: count)) { call in
            let format = try call.evaluator.string(call.arguments[0].value)
            let values = try call.arguments.dropFirst().map { argument in
                guard case .expression(.value(let value)) = try call.evaluator.evaluate(argument.value) else {
                    throw ArborError(
                        "arbor formats strings and integers known now in `String(format:)`",
                        at: argument.value.range)
                }
                return (value, argument.value.range)
            }
            return .expression(.value(.text(try formatted(format, values, range: call.range))))
        }
    }

    static func formatted(_ format: String, _ values: [(SQLValue, SourceRange)], range: SourceRange) throws -> String {
        var text = ""
        var remaining = values[...]
        var characters = format[...]
        while let character = characters.popFirst() {
            guard character == "%" else {
                text.append(character)
                continue
            }
            // Length modifiers of an integer (`%ld`, `%lld`, `%qd`) change nothing for Swift's `Int`.
            var specifier = ""
            while let next = characters.first, "lq".contains(next) { specifier.append(characters.removeFirst()) }
            guard let conversion = characters.popFirst() else {
                throw ArborError("`String(format:)`: the format ends with `%`", at: range)
            }
            specifier.append(conversion)
            if specifier == "%" {
                text += "%"
                continue
            }
            guard let (value, valueRange) = remaining.popFirst() else {
                throw ArborError("`String(format:)` has fewer arguments than its format's specifiers", at: range)
            }
            switch (conversion, value) {
            case ("@", .text(let s)): text += s
            case ("d", .integer(let i)), ("i", .integer(let i)): text += String(i)
            case ("d", _), ("i", _):
                throw ArborError("`%\(specifier)` formats an integer, not \(described(value))", at: valueRange)
            case ("@", _):
                // A number given to `%@` is no object: Foundation reads it as a pointer, and the app stops.
                throw ArborError("`%@` formats a string (an object), not \(described(value))", at: valueRange)
            default:
                throw ArborError(
                    "arbor formats `%@`, `%d`, `%i` and `%%` in `String(format:)`, not `%\(specifier)`", at: range)
            }
        }
        return text
    }

    /// `an `Int``, `a `Double``: the value's Swift type with its article.
    private static func described(_ value: SQLValue) -> String {
        let name = value.swiftTypeName
        return "\(name.first.map { "AEIOU".contains($0) } == true ? "an" : "a") `\(name)`"
    }
}
