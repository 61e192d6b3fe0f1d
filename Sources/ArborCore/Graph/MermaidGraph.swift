/// The association graph as a Mermaid flowchart (`arbor --graph --format mermaid`):
/// one node per table, one edge per association, `-->` for direct associations and
/// `-.->` for through ones.
///
/// Database names never reach Mermaid's syntax as they are: node ids are made by
/// `AssociationGraph.nodeIDs()` (`t_book`, `n3`), and labels are double-quoted
/// strings in which every character Mermaid could read as syntax is an entity code (`#34;`).
public enum MermaidGraph {
    public static func text(_ graph: AssociationGraph) -> String {
        let ids = graph.nodeIDs()
        var lines = ["flowchart LR"]
        for node in graph.nodes {
            guard let id = ids[node.table.sqlFolded] else { continue }
            lines.append("    \(id)[\(quoted(node.label))]")
        }
        for edge in graph.edges {
            guard let origin = ids[edge.origin.sqlFolded], let destination = ids[edge.destination.sqlFolded] else {
                continue
            }
            let arrow = edge.kind.isThrough ? "-.->" : "-->"
            lines.append("    \(origin) \(arrow)|\(quoted(edge.diagramLabel))| \(destination)")
        }
        return lines.joined(separator: "\n")
    }

    /// `"text"`, with the characters that Mermaid's lexer, its preprocessing or its HTML
    /// labels would interpret spelled as entity codes (`#34;`): quotes, `#` (entities),
    /// `%` (directives), `:` (a line with `style…:…#…;` loses its last `;`), `<`, `>`, `&`
    /// (markup), `` ` `` (Markdown strings), control characters, and the `d` of
    /// `direction` (a line holding `direction LR` anywhere is read as a statement).
    static func quoted(_ text: String) -> String {
        var out = "\""
        let scalars = Array(text.unicodeScalars)
        let direction = Array("direction".unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            let startsDirection =
                (scalar == "d" || scalar == "D") && scalars.count - i >= direction.count
                && zip(scalars[i..<i + direction.count], direction).allSatisfy {
                    $0.properties.lowercaseMapping == $1.properties.lowercaseMapping
                }
            if "\"#%:<>&`".unicodeScalars.contains(scalar) || TerminalText.isControl(scalar) || startsDirection {
                out += "#\(scalar.value);"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
