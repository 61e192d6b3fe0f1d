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
        var lines: [String] = []
        if let focus = graph.focus {
            let edges = graph.edges
            if edges.isEmpty {
                lines.append("\(label(of: focus, in: graph)) has no associations")
            } else {
                lines += block(focus, edges: edges, graph: graph)
            }
        } else {
            var alone: [String] = []
            for node in graph.nodes {
                let own = graph.edges.filter { $0.origin.sqlFolded == node.table.sqlFolded }
                if own.isEmpty {
                    if !graph.edges.contains(where: { $0.destination.sqlFolded == node.table.sqlFolded }) {
                        alone.append(TerminalText.escaped(node.label))
                    }
                    continue
                }
                if !lines.isEmpty { lines.append("") }
                lines += block(node.table, edges: own, graph: graph)
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
    private static func block(_ table: String, edges: [AssociationGraph.Edge], graph: AssociationGraph) -> [String] {
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

        var lines = [label(of: table, in: graph)]
        for (n, neighbour) in neighbours.enumerated() {
            let isLastNeighbour = n == neighbours.count - 1
            var header = label(of: neighbour, in: graph)
            if neighbour.sqlFolded == folded { header += " (itself)" }
            let pairs = graph.ambiguousPairs.filter {
                Set([$0.child.sqlFolded, $0.parent.sqlFolded]) == Set([folded, neighbour.sqlFolded])
            }
            if !pairs.isEmpty { header += "  ambiguous: " + pairs.map(\.text).joined(separator: "; ") }
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

    private static func label(of table: String, in graph: AssociationGraph) -> String {
        TerminalText.escaped(graph.nodes.first { $0.table.sqlFolded == table.sqlFolded }?.label ?? table)
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
