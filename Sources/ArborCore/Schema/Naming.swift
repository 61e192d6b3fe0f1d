import GRDB

/// The word splitting and casing rules of docs/LANGUAGE.md §1.1, which turn table and
/// column names into record type and association names.
public enum Naming {
    /// Splits on `_`, `-` and spaces, before an upper-case letter that follows a
    /// lower-case letter or a digit, and before the last capital of a run of
    /// capitals followed by a lower-case letter. Digits stay with the word before them.
    public static func words(_ s: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let chars = Array(s)
        func flush() {
            if !current.isEmpty { words.append(String(current)) }
            current = []
        }
        for (i, c) in chars.enumerated() {
            if c == "_" || c == "-" || c == " " {
                flush()
                continue
            }
            if c.isUppercase, let previous = current.last {
                let next = i + 1 < chars.count ? chars[i + 1] : nil
                if previous.isLowercase || previous.isNumber {
                    flush()
                } else if previous.isUppercase, let next, next.isLowercase {
                    flush()
                }
            }
            current.append(c)
        }
        flush()
        return words
    }

    public static func upperCamel(_ words: [String]) -> String {
        words.map(uppercasingFirst).joined()
    }

    public static func lowerCamel(_ words: [String]) -> String {
        guard let first = words.first else { return "" }
        return first.lowercased() + words.dropFirst().map { uppercasingFirst($0.lowercased()) }.joined()
    }

    public static func uppercasingFirst(_ s: String) -> String {
        guard let first = s.first else { return s }
        return first.uppercased() + s.dropFirst()
    }

    public static func pluralize(_ s: String) -> String { Inflections.default.pluralize(s) }
    public static func singularize(_ s: String) -> String { Inflections.default.singularize(s) }

    /// The names of the language itself, which no table may shadow.
    public static let reservedTypeNames: Set<String> = ["Column", "Table", "TableAlias", "ForeignKey", "SQL", "Row"]

    /// True for a Swift-like identifier: a letter or `_`, then letters, digits or `_`.
    public static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first else { return false }
        let isStart = { (c: Unicode.Scalar) in c == "_" || c.properties.isAlphabetic }
        guard isStart(first) else { return false }
        return s.unicodeScalars.allSatisfy { isStart($0) || ("0"..."9").contains($0) }
    }
}
