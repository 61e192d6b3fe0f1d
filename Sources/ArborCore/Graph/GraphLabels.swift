/// The words that describe an edge and a pair, shared by the text, Mermaid and DOT
/// drawings. Database names in them are shown as `:schema` shows them (double-quoted
/// when not one word, control characters escaped); each format escapes the rest.
extension AssociationGraph.Edge {
    /// `authorId → id`; `(a, b) → (x, y)` for a key of several columns.
    public var foreignKeyText: String? {
        guard let foreignKey else { return nil }
        func columns(_ names: [String]) -> String {
            names.count == 1 ? SchemaText.name(names[0]) : "(" + SchemaText.names(names) + ")"
        }
        return foreignKey.parent.isEmpty
            ? columns(foreignKey.child) : columns(foreignKey.child) + " → " + columns(foreignKey.parent)
    }

    /// What follows the kind: the foreign key or the associations it goes through,
    /// GRDB's key when it is not the name, whether it was declared.
    public var details: [String] {
        var parts: [String] = []
        if let text = foreignKeyText { parts.append(text) }
        if let through {
            parts.append(
                "through " + TerminalText.escaped(through.pivot) + " using " + TerminalText.escaped(through.target))
        }
        if key != name { parts.append("key \"" + TerminalText.escaped(key) + "\"") }
        if isDeclared { parts.append("declared") }
        return parts
    }

    /// The label of the edge in a diagram: `books (hasMany) authorId → id`.
    public var diagramLabel: String {
        let rest = details + (isAmbiguous ? ["ambiguous pair"] : [])
        return TerminalText.escaped(name) + " (" + kind.rawValue + ")"
            + (rest.isEmpty ? "" : " " + rest.joined(separator: ", "))
    }
}

extension AssociationGraph.AmbiguousPair {
    /// `book has 2 foreign keys to author (authorId, translatorId)`.
    public var text: String {
        let keys = foreignKeys.map { $0.count == 1 ? SchemaText.name($0[0]) : "(" + SchemaText.names($0) + ")" }
        return "\(SchemaText.name(child)) has \(foreignKeys.count) foreign keys to \(SchemaText.name(parent)) ("
            + keys.joined(separator: ", ") + ")"
    }
}
