import ArborLanguage

/// Whether a statement still has brackets open (strings and comments aside),
/// so that ↵ goes on to a new line, as in line mode, and pasted declarations
/// arrive whole.
enum OpenBrackets {
    static func isOpen(_ text: String) -> Bool {
        var depth = 0
        for token in Lexer.tokenize(text, recognizesCommands: true) {
            guard case .punctuation(let p) = token.kind else { continue }
            switch p {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace: depth -= 1
            default: break
            }
        }
        return depth > 0
    }
}
