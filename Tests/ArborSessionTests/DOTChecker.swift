import Foundation

/// A checker for the part of Graphviz's DOT language that `arbor --graph --format dot`
/// writes: `digraph NAME { … }` with graph attributes (`rankdir=LR;`), default node
/// attributes (`node [shape=box];`), node statements and edges with attribute lists.
/// It tokenizes as DOT does (unquoted ids, numerals, double-quoted strings in which only
/// `\"` is an escape, keywords in any case) and returns each node's and edge's
/// attributes, labels decoded as Graphviz shows them (`\\` a backslash, `\n` a line
/// break). It refuses what arbor must never write: a raw newline or a backslash before
/// one inside a string, HTML labels, an escape other than `\\`, `\"` and `\n` in a label.
struct DOTChecker {
    struct Edge: Equatable {
        var from: String
        var to: String
        var attributes: [String: String]
    }

    struct SyntaxError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    var name = ""
    var graphAttributes: [String: String] = [:]
    var nodes: [String] = []
    var nodeAttributes: [String: [String: String]] = [:]
    var edges: [Edge] = []

    private enum Token: Equatable {
        case id(String, quoted: Bool)
        case punctuation(String)
    }

    static let keywords: Set<String> = ["node", "edge", "graph", "digraph", "subgraph", "strict"]

    static func check(_ text: String) throws -> DOTChecker {
        var tokens = try tokenize(text)[...]
        var chart = DOTChecker()
        func next() throws -> Token {
            guard let token = tokens.popFirst() else { throw SyntaxError(message: "unexpected end") }
            return token
        }
        func expect(_ p: String) throws {
            let token = try next()
            guard token == .punctuation(p) else { throw SyntaxError(message: "expected `\(p)`, found \(token)") }
        }
        func id() throws -> String {
            guard case .id(let value, let quoted) = try next() else { throw SyntaxError(message: "expected an id") }
            if !quoted, keywords.contains(value.lowercased()) {
                throw SyntaxError(message: "`\(value)` is a keyword, not an id")
            }
            return value
        }
        func attributes() throws -> [String: String] {
            var result: [String: String] = [:]
            try expect("[")
            while tokens.first != .punctuation("]") {
                let key = try id()
                try expect("=")
                result[key] = try id()
                if tokens.first == .punctuation(",") || tokens.first == .punctuation(";") { _ = try next() }
            }
            try expect("]")
            return result
        }

        guard case .id(let keyword, false) = try next(), keyword.lowercased() == "digraph" else {
            throw SyntaxError(message: "expected `digraph`")
        }
        if case .id? = tokens.first { chart.name = try id() }
        try expect("{")
        while tokens.first != .punctuation("}") {
            if case .id(let word, false)? = tokens.first, ["node", "edge", "graph"].contains(word.lowercased()) {
                _ = try next()
                _ = try attributes()
            } else {
                let first = try id()
                if tokens.first == .punctuation("=") {
                    _ = try next()
                    chart.graphAttributes[first] = try id()
                } else if tokens.first == .punctuation("->") {
                    var chain = [first]
                    while tokens.first == .punctuation("->") {
                        _ = try next()
                        chain.append(try id())
                    }
                    let attrs = tokens.first == .punctuation("[") ? try attributes() : [:]
                    for (from, to) in zip(chain, chain.dropFirst()) {
                        chart.edges.append(Edge(from: from, to: to, attributes: attrs))
                    }
                } else {
                    guard chart.nodeAttributes[first] == nil else {
                        throw SyntaxError(message: "node `\(first)` declared twice")
                    }
                    chart.nodes.append(first)
                    chart.nodeAttributes[first] = tokens.first == .punctuation("[") ? try attributes() : [:]
                }
            }
            if tokens.first == .punctuation(";") { _ = try next() }
        }
        try expect("}")
        guard tokens.isEmpty else { throw SyntaxError(message: "text after the graph") }
        for edge in chart.edges {
            for node in [edge.from, edge.to] where chart.nodeAttributes[node] == nil {
                throw SyntaxError(message: "edge to undeclared node `\(node)`")
            }
        }
        return chart
    }

    /// A label as Graphviz draws it: `\\` is a backslash, `\n` ends a line; arbor writes no other escape.
    static func labelText(_ label: String) throws -> String {
        var out = ""
        var iterator = label.makeIterator()
        while let c = iterator.next() {
            guard c == "\\" else {
                out.append(c)
                continue
            }
            switch iterator.next() {
            case "\\": out.append("\\")
            case "n": out.append("\n")
            case let other: throw SyntaxError(message: "label escape `\\\(other.map(String.init) ?? "")`")
            }
        }
        return out
    }

    private static func tokenize(_ text: String) throws -> [Token] {
        var tokens: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        func isIDStart(_ s: Unicode.Scalar) -> Bool { s == "_" || s.value >= 0x80 || s.properties.isAlphabetic }
        while i < scalars.count {
            let s = scalars[i]
            if s == " " || s == "\n" || s == "\t" {
                i += 1
            } else if s == "-", i + 1 < scalars.count, scalars[i + 1] == ">" {
                tokens.append(.punctuation("->"))
                i += 2
            } else if s == "-", i + 1 < scalars.count, scalars[i + 1] == "-" {
                throw SyntaxError(message: "`--` is an undirected edge")
            } else if "{}[];,=".unicodeScalars.contains(s) {
                tokens.append(.punctuation(String(s)))
                i += 1
            } else if s == "<" {
                throw SyntaxError(message: "HTML string")
            } else if s == "\"" {
                var value = String.UnicodeScalarView()
                i += 1
                while true {
                    guard i < scalars.count else { throw SyntaxError(message: "unterminated string") }
                    let c = scalars[i]
                    if c == "\"" { break }
                    if c == "\n" || c == "\r" { throw SyntaxError(message: "raw line break in a string") }
                    if c == "\\", i + 1 < scalars.count {
                        let next = scalars[i + 1]
                        if next == "\"" {
                            value.append("\"")
                            i += 2
                            continue
                        }
                        // `\\` stays two characters for the label's own escapes (Graphviz's scanner too).
                        if next == "\\" {
                            value.append(contentsOf: "\\\\".unicodeScalars)
                            i += 2
                            continue
                        }
                    }
                    value.append(c)
                    i += 1
                }
                i += 1
                tokens.append(.id(String(value), quoted: true))
            } else if isIDStart(s) {
                var value = String.UnicodeScalarView()
                while i < scalars.count, isIDStart(scalars[i]) || ("0"..."9").contains(scalars[i]) {
                    value.append(scalars[i])
                    i += 1
                }
                tokens.append(.id(String(value), quoted: false))
            } else if ("0"..."9").contains(s) || s == "." {
                var value = String.UnicodeScalarView()
                while i < scalars.count, ("0"..."9").contains(scalars[i]) || scalars[i] == "." {
                    value.append(scalars[i])
                    i += 1
                }
                tokens.append(.id(String(value), quoted: false))
            } else {
                throw SyntaxError(message: "unexpected character `\(s)`")
            }
        }
        return tokens
    }
}
