/// `y` and `Y` in an overlay (`:swift`, `:advise`, `:explain`, a row's values):
/// the text is cut into blocks, the selected one follows the view, and `y`
/// copies it, `Y` the whole text. A block is the code under a line that ends
/// with `:` (`declaration to paste:`, `migration:`), indented more than that
/// line; text without such code is cut into its paragraphs.
enum OverlayBlocks {
    /// The blocks of `lines`, as ranges of line indexes, in order.
    static func blocks(_ lines: [String]) -> [Range<Int>] {
        let code = codeBlocks(lines)
        return code.isEmpty ? paragraphs(lines) : code
    }

    static func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    static func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " } }

    static func codeBlocks(_ lines: [String]) -> [Range<Int>] {
        var blocks: [Range<Int>] = []
        var i = 0
        while i < lines.count {
            let heading = lines[i]
            guard !isBlank(heading), heading.hasSuffix(":") else {
                i += 1
                continue
            }
            let level = indent(heading)
            var end = i + 1
            while end < lines.count, isBlank(lines[end]) || indent(lines[end]) > level { end += 1 }
            // Blank lines after the code belong to what follows.
            while end > i + 1, isBlank(lines[end - 1]) { end -= 1 }
            if end > i + 1 {
                blocks.append((i + 1)..<end)
                i = end
            } else {
                i += 1
            }
        }
        return blocks
    }

    static func paragraphs(_ lines: [String]) -> [Range<Int>] {
        var blocks: [Range<Int>] = []
        var start: Int?
        for (i, line) in lines.enumerated() {
            if isBlank(line) {
                if let s = start { blocks.append(s..<i) }
                start = nil
            } else if start == nil {
                start = i
            }
        }
        if let s = start { blocks.append(s..<lines.count) }
        return blocks
    }

    /// The block's lines without their common indentation: ready to paste.
    static func text(of block: Range<Int>, in lines: [String]) -> String {
        let selected = Array(lines[block])
        let common = selected.filter { !isBlank($0) }.map(indent).min() ?? 0
        return selected.map { isBlank($0) ? "" : String($0.dropFirst(common)) }.joined(separator: "\n")
    }
}

extension Overlay {
    /// The overlay's lines as text.
    var plainLines: [String] { lines.map { $0.map(\.text).joined() } }

    /// Its blocks (`OverlayBlocks`).
    var blocks: [Range<Int>] { OverlayBlocks.blocks(plainLines) }

    /// The block selected: the first that ends below the first line in view.
    func selectedBlock(width: Int) -> Range<Int>? {
        let blocks = self.blocks
        if let chosenBlock, blocks.indices.contains(chosenBlock) { return blocks[chosenBlock] }
        let firstLine = OverlayView.sourceLine(atWrapped: top, of: self, width: width)
        return blocks.first { $0.upperBound > firstLine } ?? blocks.last
    }
}

extension AppState {
    /// `y` in an overlay: the selected block.
    mutating func copyOverlayBlock(_ overlay: Overlay) -> [Effect] {
        guard let block = overlay.selectedBlock(width: max(1, width - 1)) else {
            notice = Notice(text: "nothing to copy here", isError: true)
            return []
        }
        let text = OverlayBlocks.text(of: block, in: overlay.plainLines)
        lastCopied = text
        let count = block.count
        return [.copy(text: text, what: "the block (\(count) \(count == 1 ? "line" : "lines"))")]
    }

    /// `Y` in an overlay: all of its text.
    mutating func copyOverlay(_ overlay: Overlay) -> [Effect] {
        let text = overlay.plainLines.joined(separator: "\n")
        lastCopied = text
        return [.copy(text: text, what: "all of \(overlay.title.isEmpty ? "the text" : overlay.title)")]
    }

    /// Tab and Shift-Tab in an overlay: the view's top on the next or previous block.
    mutating func moveOverlayBlock(_ overlay: inout Overlay, forward: Bool) {
        let width = max(1, self.width - 1)
        let blocks = overlay.blocks
        guard !blocks.isEmpty else { return }
        let current = overlay.selectedBlock(width: width).flatMap { blocks.firstIndex(of: $0) } ?? 0
        let target = max(0, min(blocks.count - 1, current + (forward ? 1 : -1)))
        overlay.chosenBlock = target
        overlay.top = OverlayView.wrappedIndex(ofLine: blocks[target].lowerBound, in: overlay, width: width)
    }
}
