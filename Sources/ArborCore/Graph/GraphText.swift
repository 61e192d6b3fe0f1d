/// The association graph drawn for the terminal (`:graph`): each table a tree of the
/// tables it is joined to, and under each of those the associations between them,
/// `▶` for the table's own and `◀` for those of the other table that lead back to it.
///
///     Book
///     ├─ Author  ambiguous: book has 2 foreign keys to author (authorId, translatorId)
///     │  ├─▶ translator  belongsTo  translatorId → id
///     │  └─◀ Author.booksAsAuthor  hasMany  authorId → id
///
/// Every name is escaped for the terminal; columns are aligned by terminal width.
public enum GraphText {
    public static func lines(_ graph: AssociationGraph) -> [String] {
        // Labels and edges by folded table, read once: a schema may hold thousands of tables.
        var labels: [String: String] = [:]
        for node in graph.nodes where labels[node.table.sqlFolded] == nil {
            labels[node.table.sqlFolded] = TerminalText.escaped(node.label)
        }
        let label = { (table: String) in labels[table.sqlFolded] ?? TerminalText.escaped(table) }
        let pairs = Dictionary(grouping: graph.ambiguousPairs) { Set([$0.child.sqlFolded, $0.parent.sqlFolded]) }
        var lines: [String] = []
        if let focus = graph.focus {
            if graph.edges.isEmpty {
                lines.append("\(label(focus)) has no associations")
            } else {
                lines += block(focus, edges: graph.edges, pairs: pairs, label: label)
            }
        } else {
            let edgesByOrigin = Dictionary(grouping: graph.edges) { $0.origin.sqlFolded }
            let destinations = Set(graph.edges.map { $0.destination.sqlFolded })
            var alone: [String] = []
            for node in graph.nodes {
                let folded = node.table.sqlFolded
                guard let own = edgesByOrigin[folded] else {
                    if !destinations.contains(folded) { alone.append(label(node.table)) }
                    continue
                }
                if !lines.isEmpty { lines.append("") }
                lines += block(node.table, edges: own, pairs: pairs, label: label)
            }
            if lines.isEmpty { lines.append("no associations") }
            if !alone.isEmpty {
                lines.append("")
                lines.append("without associations: " + alone.joined(separator: ", "))
            }
        }
        lines += graph.unusableForeignKeys.map { "no association: " + TerminalText.escaped($0) }
        return lines
    }

    /// One table and its neighbours, each with the associations that join them.
    private static func block(
        _ table: String, edges: [AssociationGraph.Edge], pairs: [Set<String>: [AssociationGraph.AmbiguousPair]],
        label: (String) -> String
    ) -> [String] {
        let folded = table.sqlFolded
        var neighbours: [String] = []
        var edgesByNeighbour: [String: [(edge: AssociationGraph.Edge, isOwn: Bool)]] = [:]
        for edge in edges {
            let isOwn = edge.origin.sqlFolded == folded
            let neighbour = isOwn ? edge.destination : edge.origin
            if edgesByNeighbour[neighbour.sqlFolded] == nil { neighbours.append(neighbour) }
            edgesByNeighbour[neighbour.sqlFolded, default: []].append((edge, isOwn))
        }
        func shownName(_ item: (edge: AssociationGraph.Edge, isOwn: Bool)) -> String {
            TerminalText.escaped(item.isOwn ? item.edge.name : item.edge.qualifiedName)
        }
        let all = edgesByNeighbour.values.flatMap { $0 }
        let nameWidth = all.map { TerminalText.width(shownName($0)) }.max() ?? 0
        let kindWidth = all.map { $0.edge.kind.rawValue.count }.max() ?? 0

        var lines = [label(table)]
        for (n, neighbour) in neighbours.enumerated() {
            let isLastNeighbour = n == neighbours.count - 1
            var header = label(neighbour)
            if neighbour.sqlFolded == folded { header += " (itself)" }
            if let pairs = pairs[Set([folded, neighbour.sqlFolded])] {
                header += "  ambiguous: " + pairs.map(\.text).joined(separator: "; ")
            }
            lines.append((isLastNeighbour ? "└─ " : "├─ ") + header)
            let items = edgesByNeighbour[neighbour.sqlFolded] ?? []
            for (i, item) in items.enumerated() {
                let branch = (isLastNeighbour ? "   " : "│  ") + (i == items.count - 1 ? "└─" : "├─")
                let arrow = item.isOwn ? "▶ " : "◀ "
                var line =
                    branch + arrow + TerminalText.padded(shownName(item), to: nameWidth) + "  "
                    + TerminalText.padded(item.edge.kind.rawValue, to: kindWidth)
                let details = item.edge.details
                if !details.isEmpty { line += "  " + details.joined(separator: ", ") }
                lines.append(line.trimmingTrailingSpaces())
            }
        }
        return lines
    }

}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
