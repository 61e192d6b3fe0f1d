import Foundation

/// The value of a Swift string literal as written in GRDB's tests: single-line or
/// multi-line (indentation of the closing `"""` removed, `\` joining lines),
/// escapes decoded, `\(name)` taken from `strings`.
enum SwiftStringLiteral {
    /// Nil when `source` is not one literal, or interpolates an unknown name.
    static func decode(_ source: String, strings: [String: String]) -> String? {
        let literal = source.trimmingCharacters(in: .whitespacesAndNewlines)
        let reader = SwiftSourceReader(literal)
        guard literal.hasPrefix("\""), reader.endOfLiteral(at: 0) == reader.text.count else { return nil }
        if literal.hasPrefix("\"\"\"") {
            return multiline(String(literal.dropFirst(3).dropLast(3)), strings: strings)
        }
        guard literal.count >= 2 else { return nil }
        return unescaped(String(literal.dropFirst().dropLast()), strings: strings)
    }

    private static func multiline(_ inside: String, strings: [String: String]) -> String? {
        var lines = inside.components(separatedBy: "\n")
        guard lines.count >= 2, lines[0].trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let indentation = lines.removeLast()
        guard indentation.allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
        lines.removeFirst()
        var joined = ""
        for (index, line) in lines.enumerated() {
            var content = line.hasPrefix(indentation) ? String(line.dropFirst(indentation.count)) : line
            let isLast = index == lines.count - 1
            // A backslash at the end of a line joins it with the next (an even run is escaped backslashes).
            let trailing = content.reversed().prefix { $0 == "\\" }.count
            if trailing % 2 == 1 {
                content.removeLast()
                joined += content
            } else {
                joined += content + (isLast ? "" : "\n")
            }
        }
        return unescaped(joined, strings: strings)
    }

    private static func unescaped(_ text: String, strings: [String: String]) -> String? {
        var result = ""
        var characters = Array(text)[...]
        while let c = characters.popFirst() {
            guard c == "\\" else {
                result.append(c)
                continue
            }
            guard let escaped = characters.popFirst() else { return nil }
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "0": result.append("\0")
            case "\\", "\"", "'": result.append(escaped)
            case "(":
                var name = ""
                while let next = characters.popFirst(), next != ")" { name.append(next) }
                guard let value = strings[name.trimmingCharacters(in: .whitespaces)] else { return nil }
                result += value
            default:
                return nil
            }
        }
        return result
    }
}
