import ArborCore

extension AppState {
    /// Every statement of the last request, each ending with `;`.
    var allStatementsText: String {
        sql.statements.map { $0.sql + ";" }.joined(separator: "\n")
    }

    /// `y`: the selected statement of the SQL pane (the main one unless another is chosen).
    mutating func copySelectedStatement() -> [Effect] {
        guard sql.statements.indices.contains(sql.selected) else {
            notice = Notice(text: "no SQL to copy yet", isError: true)
            return []
        }
        let text = sql.statements[sql.selected].sql + ";"
        lastCopied = text
        return [.copy(text: text, what: "statement \(sql.selected + 1)/\(sql.statements.count)")]
    }

    /// `Y`: every statement.
    mutating func copyAllStatements() -> [Effect] {
        guard !sql.statements.isEmpty else {
            notice = Notice(text: "no SQL to copy yet", isError: true)
            return []
        }
        let text = allStatementsText
        lastCopied = text
        return [.copy(text: text, what: "\(sql.statements.count) statements")]
    }

    /// `J`: the selected row (of the children pane when it has the focus) as JSON.
    mutating func copySelectedRow() -> [Effect] {
        guard let source = results?.source else {
            notice = Notice(text: "no row to copy", isError: true)
            return []
        }
        var path = results?.selected
        if focus == .children, let miller, let level = miller.current {
            path = ChildListing(source: source, node: level.node).entry(at: level.selected)?.path
        }
        guard let path, let row = source.node(at: path)?.row else {
            notice = Notice(text: "select a row to copy it as JSON", isError: true)
            return []
        }
        var writer = JSONWriter()
        writer.write(row)
        let text = String(decoding: writer.bytes, as: UTF8.self)
        lastCopied = text
        // The view keeps only the start of a long value: the copy says so.
        let cut = row.cutSizes.isEmpty ? "" : " (long values cut at \(ValueText.byteCount(ValueCut.displayLimit)))"
        return [.copy(text: text, what: "row as JSON" + cut)]
    }
}
