@_spi(RawSyntax) import SwiftSyntax

/// A node of swift-syntax's raw tree with the offset where its text starts (its leading
/// trivia included) in the parsed text. Lowering walks these rather than `Syntax` nodes:
/// a `Syntax` node allocates, under a lock, a record for every child of each node visited
/// and finds its range by walking to its first and last tokens, where a raw node is a
/// pointer and its position a sum of its earlier siblings' lengths. The raw nodes live in
/// their tree's arena: the tree must outlive them (`withExtendedLifetime`).
struct Located<Node: RawSyntaxNodeProtocol> {
    let node: Node
    /// Byte offset of the node's leading trivia in the parsed text.
    let offset: Int

    var raw: RawSyntax { node.raw }
    var kind: SyntaxKind { node.raw.kind }

    /// `child`, as one of this node's accessors gives it, with its offset: the lengths
    /// of the children before it.
    func locate<Child: RawSyntaxNodeProtocol>(_ child: Child) -> Located<Child> {
        var offset = self.offset
        if let layout = node.raw.layoutView {
            let id = child.raw.id
            for slot in layout.children {
                guard let slot else { continue }
                if slot.id == id { break }
                offset += slot.byteLength
            }
        }
        return Located<Child>(node: child, offset: offset)
    }

    func locate<Child: RawSyntaxNodeProtocol>(_ child: Child?) -> Located<Child>? {
        child.map { locate($0) }
    }

    /// This node as a more precise kind (`RawStructDeclSyntax`…), if it is one.
    func `as`<Other: RawSyntaxNodeProtocol>(_: Other.Type) -> Located<Other>? {
        Other(node).map { Located<Other>(node: $0, offset: offset) }
    }

    func `is`<Other: RawSyntaxNodeProtocol>(_: Other.Type) -> Bool { Other.isKindOf(node.raw) }

    /// Where the node's text starts and ends, without its leading and trailing trivia,
    /// as `Syntax.positionAfterSkippingLeadingTrivia` and `endPositionBeforeTrailingTrivia` say.
    var trimmedStart: Int { offset + node.raw.leadingTriviaByteLength }
    var trimmedEnd: Int { offset + node.raw.byteLength - node.raw.trailingTriviaByteLength }

    /// The elements of a syntax collection (or the children of any node), located.
    func elements<Child: RawSyntaxNodeProtocol>(_: Child.Type) -> LocatedElements<Child> {
        LocatedElements(parent: node.raw, offset: offset)
    }

    /// How many children a collection has.
    var count: Int { node.raw.layoutView?.children.count ?? 0 }

    /// The same text as a `Syntax` tree of its own (positions from 0 at `offset`), for
    /// the few places that need swift-syntax's own API (`#if`, operator folding, strings).
    var detached: Syntax { Syntax(raw: node.raw, rawNodeArena: node.raw.arena) }

    /// The node at `syntax` in `detached`'s tree, located in the parsed text.
    func locate<Other: RawSyntaxNodeProtocol>(_ syntax: some SyntaxProtocol, as _: Other.Type) -> Located<Other>? {
        Other(syntax.raw).map { Located<Other>(node: $0, offset: offset + syntax.position.utf8Offset) }
    }
}

/// The present children of a raw node, each with its offset.
struct LocatedElements<Child: RawSyntaxNodeProtocol>: Sequence {
    let parent: RawSyntax
    let offset: Int

    struct Iterator: IteratorProtocol {
        let children: RawSyntaxBuffer?
        var index = 0
        var offset: Int

        mutating func next() -> Located<Child>? {
            guard let children else { return nil }
            while index < children.count {
                let slot = children[index]
                index += 1
                guard let slot else { continue }
                let start = offset
                offset += slot.byteLength
                if let child = Child(slot) { return Located(node: child, offset: start) }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(children: parent.layoutView?.children, offset: offset) }
}

extension RawTokenSyntax {
    /// The token's text as `TokenSyntax.text` gives it: punctuation by its kind (a
    /// missing `}` reads `}`), words and literals as written.
    var text: String {
        if let fixed = tokenKind.defaultText { return String(syntaxText: fixed) }
        return String(syntaxText: tokenText)
    }

    func isKeyword(_ keyword: SyntaxText) -> Bool { tokenKind == .keyword && tokenText == keyword }
}

/// The present tokens of a raw subtree, in order, each with the offset of its text.
struct RawTokens: Sequence {
    let root: RawSyntax
    let offset: Int

    struct Iterator: IteratorProtocol {
        /// The layouts being walked, each with the next child to visit and that child's offset.
        var stack: [(children: RawSyntaxBuffer, index: Int, offset: Int)] = []
        var pending: (RawSyntax, Int)?

        mutating func next() -> (token: RawTokenSyntax, textOffset: Int)? {
            while true {
                if let (node, offset) = pending {
                    pending = nil
                    if let token = RawTokenSyntax(node) {
                        if token.presence == .present {
                            return (token, offset + token.tokenView.leadingTriviaByteLength)
                        }
                    } else if let layout = node.layoutView {
                        stack.append((layout.children, 0, offset))
                    }
                    continue
                }
                guard var top = stack.popLast() else { return nil }
                while top.index < top.children.count, top.children[top.index] == nil { top.index += 1 }
                guard top.index < top.children.count, let child = top.children[top.index] else { continue }
                pending = (child, top.offset)
                top.index += 1
                top.offset += child.byteLength
                stack.append(top)
            }
        }
    }

    func makeIterator() -> Iterator { Iterator(pending: (root, offset)) }
}
