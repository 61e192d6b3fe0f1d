@_spi(RawSyntax) import SwiftSyntax

/// The trivia before a node's first token and after its last, as swift-syntax's
/// `RawSyntax.leadingTriviaByteLength` and `trailingTriviaByteLength` give them, found by
/// going down the one child that holds the first (or last) text: swift-syntax's walk
/// calls itself on every child before it, and lowering asks this twice of each node it
/// locates (a tenth of loading's instructions beyond the parse went there).
enum TokenTrivia {
    /// The leading trivia of `raw`'s first present token.
    static func leading(of raw: RawSyntax) -> Int {
        var node = raw
        descent: while true {
            if let token = node.tokenView { return token.presence == .present ? token.leadingTriviaByteLength : 0 }
            guard let children = node.layoutView?.children else { return 0 }
            for child in children {
                guard let child else { continue }
                // Text is only in present tokens: a child with text holds the first one.
                if child.byteLength > 0 {
                    node = child
                    continue descent
                }
                // A present token without text (rare) is the first token: it has no trivia.
                if hasPresentToken(child) { return 0 }
            }
            return 0
        }
    }

    /// The trailing trivia of `raw`'s last present token.
    static func trailing(of raw: RawSyntax) -> Int {
        var node = raw
        descent: while true {
            if let token = node.tokenView { return token.presence == .present ? token.trailingTriviaByteLength : 0 }
            guard let children = node.layoutView?.children else { return 0 }
            for child in children.reversed() {
                guard let child else { continue }
                if child.byteLength > 0 {
                    node = child
                    continue descent
                }
                if hasPresentToken(child) { return 0 }
            }
            return 0
        }
    }

    /// Whether a subtree without text holds a present token (one whose text is empty).
    private static func hasPresentToken(_ raw: RawSyntax) -> Bool {
        if let token = raw.tokenView { return token.presence == .present }
        guard let children = raw.layoutView?.children else { return false }
        for child in children {
            if let child, hasPresentToken(child) { return true }
        }
        return false
    }
}
