import ArborCore
import ArborLanguage

/// Colours the input by token, using the language's own lexer.
enum SyntaxHighlighter {
    static let keywords: Set<String> = ["let", "true", "false", "nil", "in", "extension", "static", "struct"]

    /// One style per character of `text`.
    static func styles(_ text: String) -> [Style] {
        let characters = Array(text)
        var styles = Array(repeating: Style.plain, count: characters.count)
        guard !characters.isEmpty else { return styles }
        // Character index of each UTF-8 offset that starts a character.
        var characterAt: [Int: Int] = [:]
        var offset = 0
        for (i, c) in characters.enumerated() {
            characterAt[offset] = i
            offset += c.utf8.count
        }
        characterAt[offset] = characters.count
        let tokens = Lexer.tokenize(text, recognizesCommands: true)
        var previousWasDot = false
        for token in tokens {
            let style = style(of: token, afterDot: previousWasDot)
            previousWasDot = token.kind == .punctuation(.dot)
            guard let style, let lower = characterAt[token.range.lowerBound] else { continue }
            let upper = characterAt[token.range.upperBound] ?? characters.count
            for i in lower..<min(upper, characters.count) { styles[i] = style }
        }
        return styles
    }

    static func style(of token: Token, afterDot: Bool) -> Style? {
        switch token.kind {
        case .identifier(let name, let isQuoted):
            if !isQuoted, keywords.contains(name) { return Style(foreground: .magenta, bold: true) }
            if afterDot { return Style(foreground: .yellow) }
            if name.first?.isUppercase == true { return Style(foreground: .cyan, bold: true) }
            return nil
        case .anonymousArgument: return Style(foreground: .yellow)
        case .integer, .double: return Style(foreground: .magenta)
        case .string, .interpolatedString: return Style(foreground: .green)
        case .command: return Style(foreground: .blue, bold: true)
        case .invalid: return Style(foreground: .red, underline: true)
        case .operator, .punctuation, .endOfInput: return nil
        }
    }
}
