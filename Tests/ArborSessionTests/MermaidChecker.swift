import Foundation

/// A checker for the part of Mermaid's flowchart language that `arbor --graph --format
/// mermaid` writes: the header, node declarations and edges, one per line. It follows
/// Mermaid's own lexer (flow.jison) and the text Mermaid rewrites before parsing, and
/// refuses what would be read otherwise than meant: an id the lexer would split into a
/// keyword, a quote inside a string, a `#` that is not an entity code, raw markup in a
/// label, `%%{` (a directive), a line that Mermaid's entity pass or its `direction`
/// rule would rewrite. Labels come back decoded, entity codes replaced by their characters.
struct MermaidChecker {
    struct Edge: Equatable {
        var from: String
        var arrow: String
        var label: String?
        var to: String
    }

    struct SyntaxError: Error, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    var direction = ""
    /// Node id → decoded label, and the ids in the order they are declared.
    var labels: [String: String] = [:]
    var nodes: [String] = []
    var edges: [Edge] = []

    static let directions: Set<String> = ["LR", "RL", "TB", "TD", "BT"]
    static let arrows = ["-.->", "-->", "---", "-.-", "==>", "==="]
    /// Words the lexer matches before a node id (flow.jison lists them without a word
    /// boundary, so `classroom` is `class` then `room`).
    static let keywordPrefixes = [
        "graph", "flowchart", "subgraph", "style", "linkStyle", "interpolate", "classDef", "class", "click", "call",
        "href", "_self", "_blank", "_parent", "_top", "accTitle", "accDescr",
    ]

    static func check(_ text: String) throws -> MermaidChecker {
        var chart = MermaidChecker()
        var sawHeader = false
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = String(rawLine)
            func fail(_ message: String) -> SyntaxError { SyntaxError(line: number, message: message) }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("%%") && !trimmed.hasPrefix("%%{") { continue }
            try checkRewrites(line, fail: fail)
            if !sawHeader {
                let words = trimmed.split(separator: " ").map(String.init)
                guard words.count == 2, ["flowchart", "graph"].contains(words[0]), directions.contains(words[1])
                else { throw fail("expected `flowchart DIRECTION` first") }
                chart.direction = words[1]
                sawHeader = true
                continue
            }
            var scanner = Scanner(text: trimmed)
            let first = try scanner.id(fail)
            if scanner.peek("[") {
                // A node: id["label"].
                scanner.advance(1)
                let label = try scanner.string(fail)
                guard scanner.peek("]") else { throw fail("expected `]` after the label") }
                scanner.advance(1)
                guard scanner.atEnd else { throw fail("unexpected text after the node") }
                guard chart.labels[first] == nil else { throw fail("node `\(first)` declared twice") }
                chart.labels[first] = label
                chart.nodes.append(first)
                continue
            }
            // An edge: id ARROW (|"label"| )? id.
            guard scanner.skipSpaces() else { throw fail("expected a space after `\(first)`") }
            guard let arrow = arrows.first(where: { scanner.peek($0) }) else { throw fail("expected an arrow") }
            scanner.advance(arrow.count)
            var label: String?
            if scanner.peek("|") {
                scanner.advance(1)
                label = try scanner.string(fail)
                guard scanner.peek("|") else { throw fail("expected `|` after the edge label") }
                scanner.advance(1)
            }
            guard scanner.skipSpaces() else { throw fail("expected a space before the edge's end") }
            let second = try scanner.id(fail)
            guard scanner.atEnd else { throw fail("unexpected text after the edge") }
            chart.edges.append(Edge(from: first, arrow: arrow, label: label, to: second))
        }
        guard sawHeader else { throw SyntaxError(line: 1, message: "no header") }
        for edge in chart.edges {
            for id in [edge.from, edge.to] where chart.labels[id] == nil {
                throw SyntaxError(line: 0, message: "edge to undeclared node `\(id)`")
            }
        }
        return chart
    }

    /// What Mermaid does to the whole text before its parser sees it.
    private static func checkRewrites(_ line: String, fail: (String) -> SyntaxError) throws {
        // A directive anywhere: `%%{init: …}%%`.
        if line.contains("%%{") { throw fail("`%%{` starts a directive") }
        // encodeEntities: `style…:…#…;` and `classDef…:…#…;` lose their last `;`.
        for word in ["style", "classDef"] {
            if line.range(of: word + #".*:\S*#.*;"#, options: .regularExpression) != nil {
                throw fail("Mermaid's entity pass rewrites a line matching `\(word)…:…#…;`")
            }
        }
        // flow.jison: `.*direction\s+LR[^\n]*` takes a whole line as a direction statement.
        if line.range(of: #"direction\s+(TB|BT|RL|LR)"#, options: .regularExpression) != nil {
            throw fail("a line holding `direction XX` is read as a direction statement")
        }
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var position = 0

        init(text: String) { scalars = Array(text.unicodeScalars) }

        var atEnd: Bool { position == scalars.count }

        func peek(_ s: String) -> Bool {
            let wanted = Array(s.unicodeScalars)
            return scalars.count - position >= wanted.count
                && Array(scalars[position..<position + wanted.count]) == wanted
        }

        mutating func advance(_ count: Int) { position += count }

        /// Skips spaces; false when there were none.
        mutating func skipSpaces() -> Bool {
            let start = position
            while position < scalars.count, scalars[position] == " " { position += 1 }
            return position > start
        }

        /// A node id: ASCII letters, digits and `_`, not read as a keyword by the lexer.
        mutating func id(_ fail: (String) -> SyntaxError) throws -> String {
            let start = position
            while position < scalars.count,
                scalars[position].isASCII
                    && (scalars[position].properties.isAlphabetic || ("0"..."9").contains(scalars[position])
                        || scalars[position] == "_")
            {
                position += 1
            }
            let id = String(String.UnicodeScalarView(scalars[start..<position]))
            guard !id.isEmpty else { throw fail("expected a node id") }
            if ("0"..."9").contains(scalars[start]) { throw fail("`\(id)` starts with a digit (a NUM token)") }
            if let keyword = MermaidChecker.keywordPrefixes.first(where: { id.hasPrefix($0) }) {
                throw fail("the id `\(id)` starts with the keyword `\(keyword)`")
            }
            if id == "end" { throw fail("`end` closes a subgraph") }
            return id
        }

        /// A double-quoted string, decoded: no `"` inside (Mermaid has no escape for it),
        /// no raw newline, `#` only in entity codes, no raw markup, no Markdown string.
        mutating func string(_ fail: (String) -> SyntaxError) throws -> String {
            guard peek("\"") else { throw fail("expected a double-quoted string") }
            advance(1)
            if peek("`") { throw fail("a string starting with a backtick is a Markdown string") }
            var decoded = String.UnicodeScalarView()
            while true {
                guard position < scalars.count else { throw fail("unterminated string") }
                let scalar = scalars[position]
                if scalar == "\"" {
                    position += 1
                    return String(decoded)
                }
                if scalar.value < 0x20 || scalar.value == 0x7F { throw fail("raw control character in a string") }
                if "<>&".unicodeScalars.contains(scalar) { throw fail("`\(scalar)` would be read as markup") }
                if scalar == "%" && peek("%%") { throw fail("`%%` in a string") }
                if scalar == "#" {
                    var end = position + 1
                    while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
                    guard end > position + 1, end < scalars.count, scalars[end] == ";",
                        let value = UInt32(String(String.UnicodeScalarView(scalars[(position + 1)..<end]))),
                        let decodedScalar = Unicode.Scalar(value)
                    else { throw fail("`#` that is not an entity code `#N;`") }
                    decoded.append(decodedScalar)
                    position = end + 1
                    continue
                }
                decoded.append(scalar)
                position += 1
            }
        }
    }
}
