@_spi(RawSyntax) import SwiftSyntax

/// A node of swift-syntax's raw tree with the offset where its text starts (its leading
/// trivia included) in the parsed text. Lowering walks these rather than `Syntax` nodes:
/// a `Syntax` node allocates, under a lock, a record for every child of each node visited
/// and finds its range by walking to its first and last tokens, where a raw node is a
/// pointer and its position a sum of its earlier siblings' lengths. The raw nodes live in
/// their tree's arena: the tree must outlive them (`withExtendedLifetime`).
struct Located<Node: RawSyntaxNodeProtocol> {
    let node: Node
    /// `node.raw`, kept: reading it through the protocol is a call each time.
    let raw: RawSyntax
    /// Byte offset of the node's leading trivia in the parsed text.
    let offset: Int

    init(node: Node, offset: Int) {
        self.node = node
        self.raw = node.raw
        self.offset = offset
    }

    var kind: SyntaxKind { raw.kind }

    /// `child`, as one of this node's accessors gives it, with its offset: the lengths
    /// of the children before it.
    func locate<Child: RawSyntaxNodeProtocol>(_ child: Child) -> Located<Child> {
        let childRaw = child.raw
        guard let layout = raw.layoutView else { return Located<Child>(node: child, raw: childRaw, offset: offset) }
        // Compared as pointers: `RawSyntax.id` is a call into swift-syntax for each sibling
        // (still used should a raw node ever be more than its pointer).
        let byPointer = MemoryLayout<RawSyntax>.size == MemoryLayout<UnsafeRawPointer>.size
        let identity = Self.identity(childRaw)
        let id = byPointer ? nil : childRaw.id
        var childOffset = offset
        for slot in layout.children {
            guard let slot else { continue }
            if byPointer ? Self.identity(slot) == identity : slot.id == id { break }
            childOffset += slot.byteLength
        }
        return Located<Child>(node: child, raw: childRaw, offset: childOffset)
    }

    /// A raw node is one pointer to its data in the arena, which `RawSyntax.id` wraps; nil
    /// should it ever be more.
    private static func identity(_ raw: RawSyntax) -> UnsafeRawPointer? {
        guard MemoryLayout<RawSyntax>.size == MemoryLayout<UnsafeRawPointer>.size else { return nil }
        return unsafeBitCast(raw, to: UnsafeRawPointer.self)
    }

    /// `raw` is `node.raw`, known already.
    fileprivate init(node: Node, raw: RawSyntax, offset: Int) {
        self.node = node
        self.raw = raw
        self.offset = offset
    }

    func locate<Child: RawSyntaxNodeProtocol>(_ child: Child?) -> Located<Child>? {
        child.map { locate($0) }
    }

    /// This node as a more precise kind (`RawStructDeclSyntax`…), if it is one.
    func `as`<Other: RawSyntaxNodeProtocol>(_: Other.Type) -> Located<Other>? {
        // The kind first: the generic initializer costs more than most casts that fail.
        guard Other.isKindOf(raw), let other = Self.cast(raw, to: Other.self) else { return nil }
        return Located<Other>(node: other, raw: raw, offset: offset)
    }

    /// `raw` as `Other`, its kind checked already. Every raw node type is a struct holding
    /// its `RawSyntax` alone: a bit cast, where swift-syntax's `init?(_:)` is a generic call
    /// that reads `raw` through the protocol and checks the kind again.
    static func cast<Other: RawSyntaxNodeProtocol>(_ raw: RawSyntax, to _: Other.Type) -> Other? {
        guard MemoryLayout<Other>.size == MemoryLayout<RawSyntax>.size else { return Other(raw) }
        return unsafeBitCast(raw, to: Other.self)
    }

    func `is`<Other: RawSyntaxNodeProtocol>(_: Other.Type) -> Bool { Other.isKindOf(raw) }

    /// Where the node's text starts and ends, without its leading and trailing trivia,
    /// as `Syntax.positionAfterSkippingLeadingTrivia` and `endPositionBeforeTrailingTrivia` say.
    var trimmedStart: Int { offset + raw.leadingTriviaByteLength }
    var trimmedEnd: Int { offset + raw.byteLength - raw.trailingTriviaByteLength }

    /// The elements of a syntax collection (or the children of any node), located.
    func elements<Child: RawSyntaxNodeProtocol>(_: Child.Type) -> LocatedElements<Child> {
        LocatedElements(parent: raw, offset: offset)
    }

    /// The token of a node holding one token and nothing else (`Int64`, `TableRecord`).
    var soleToken: RawTokenSyntax? {
        guard let slots = raw.layoutView?.children else { return nil }
        var sole: RawSyntax?
        for slot in slots {
            guard let slot else { continue }
            if sole != nil { return nil }
            sole = slot
        }
        guard let sole, sole.kind == .token else { return nil }
        return Located<RawTokenSyntax>.cast(sole, to: RawTokenSyntax.self)
    }

    /// How many children a collection has.
    var count: Int { raw.layoutView?.children.count ?? 0 }

    /// The same text as a `Syntax` tree of its own (positions from 0 at `offset`), for
    /// the few places that need swift-syntax's own API (`#if`, operator folding, strings).
    var detached: Syntax { Syntax(raw: raw, rawNodeArena: raw.arena) }

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
                if Child.isKindOf(slot), let child = Located<Child>.cast(slot, to: Child.self) {
                    return Located(node: child, raw: slot, offset: start)
                }
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

extension Located {
    /// Calls `body` with each present token of this subtree, in order, and the offset of
    /// its text; `body` returns false to stop. Returns false if stopped.
    @discardableResult
    func forEachToken(_ body: (RawTokenSyntax, Int) -> Bool) -> Bool {
        Self.forEachToken(in: raw, at: offset, body)
    }

    private static func forEachToken(in raw: RawSyntax, at offset: Int, _ body: (RawTokenSyntax, Int) -> Bool) -> Bool {
        if raw.kind == .token, let token = Located<RawTokenSyntax>.cast(raw, to: RawTokenSyntax.self) {
            guard token.presence == .present else { return true }
            return body(token, offset + token.tokenView.leadingTriviaByteLength)
        }
        guard let layout = raw.layoutView else { return true }
        var childOffset = offset
        for slot in layout.children {
            guard let slot else { continue }
            if !forEachToken(in: slot, at: childOffset, body) { return false }
            childOffset += slot.byteLength
        }
        return true
    }
}
