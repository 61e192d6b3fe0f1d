/// The association graph in Graphviz's DOT language (`arbor --graph --format dot`):
/// one box per table, one edge per association, labelled with its name, kind and
/// keys; through associations dashed, edges of ambiguous pairs red.
///
/// Node ids are made by `AssociationGraph.nodeIDs()` (`t_book`, `n3`). Labels are
/// double-quoted strings: inside one, DOT reads `\"` and a backslash before a newline,
/// and labels read `\n`, `\l`, `\N`…; so each backslash is doubled, each quote
/// escaped, and control characters are shown as the terminal shows them (`\n`
/// spelled out), never written raw.
public enum DOTGraph {
    public static func text(_ graph: AssociationGraph) -> String {
        let ids = graph.nodeIDs()
        var lines = ["digraph associations {", "    rankdir=LR;", "    node [shape=box];"]
        for node in graph.nodes {
            guard let id = ids[node.table.sqlFolded] else { continue }
            var attributes = ["label=\(quoted(node.label))"]
            if node.table.sqlFolded == graph.focus?.sqlFolded { attributes.append("penwidth=2") }
            lines.append("    \(id) [\(attributes.joined(separator: ", "))];")
        }
        for edge in graph.edges {
            guard let origin = ids[edge.origin.sqlFolded], let destination = ids[edge.destination.sqlFolded] else {
                continue
            }
            // Lines of a label: escaped one by one, joined by DOT's own `\n`.
            let label =
                [TerminalText.escaped(edge.name) + " (" + edge.kind.rawValue + ")"] + edge.details
                + (edge.isAmbiguous ? ["ambiguous pair"] : [])
            var attributes = ["label=\"" + label.map(escaped).joined(separator: "\\n") + "\""]
            if edge.kind.isThrough { attributes.append("style=dashed") }
            if edge.isAmbiguous { attributes += ["color=red", "fontcolor=red"] }
            lines.append(
                "    \(origin) -> \(destination) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    static func quoted(_ text: String) -> String { "\"" + escaped(text) + "\"" }

    /// The inside of a DOT string that reads as `text` (control characters shown escaped).
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in TerminalText.escaped(text) {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            default: out.append(character)
            }
        }
        return out
    }
}
