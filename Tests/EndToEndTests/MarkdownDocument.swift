import Foundation

/// The parts of a Markdown file that the documentation tests check: its fenced
/// code blocks and its headings.
struct MarkdownDocument {
    /// A fenced block: ```` ```info ```` … ```` ``` ````.
    struct Block {
        /// The words after the opening fence: `arbor --format sql`, `output`.
        var info: [String]
        var body: String
        /// The line of the opening fence, from 1.
        var line: Int
    }

    let text: String

    /// The repository's root folder, found from this file's place in it.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    init(text: String) {
        self.text = text
    }

    init(repositoryPath: String) throws {
        text = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent(repositoryPath), encoding: .utf8)
    }

    var blocks: [Block] {
        var blocks: [Block] = []
        var open: Block?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var block = open {
                if line == "```" {
                    blocks.append(block)
                    open = nil
                } else {
                    block.body += line + "\n"
                    open = block
                }
            } else if line.hasPrefix("```") {
                open = Block(info: line.dropFirst(3).split(separator: " ").map(String.init), body: "", line: index + 1)
            }
        }
        return blocks
    }

    /// The headings' texts without their `#`s, outside code blocks.
    var headings: [String] {
        var inBlock = false
        var headings: [String] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") { inBlock.toggle() }
            if !inBlock, line.hasPrefix("#") {
                headings.append(line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces))
            }
        }
        return headings
    }

    /// Whether a heading is numbered `section` (`2` or `2.3`): `## 2. Expressions`, `### 2.3 Request methods`.
    func hasSection(_ section: String) -> Bool {
        headings.contains { $0.hasPrefix(section + ". ") || $0.hasPrefix(section + " ") }
    }
}
