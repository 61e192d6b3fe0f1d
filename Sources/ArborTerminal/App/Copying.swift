import ArborCore
import ArborSession

extension AppState {
    /// Statements as a script: each ends with `;`, one a line.
    static func script(_ statements: [CapturedStatement]) -> String {
        statements.map { $0.sql + ";" }.joined(separator: "\n")
    }

    /// What `:copy FILE` writes when nothing was copied: the app's statements, or what ran.
    var allStatementsText: String {
        Self.script(sql.appStatements ?? sql.ran)
    }

    /// `y`: the selected statement of the SQL pane (the app's main one unless another is chosen).
    mutating func copySelectedStatement() -> [Effect] {
        guard let entry = sql.selectedEntry else {
            notice = Notice(text: "no SQL to copy yet", isError: true)
            return []
        }
        guard let statement = sql.statement(entry) else {
            if case .appNote(let note) = entry {
                notice = Notice(text: note, isError: true)
            } else {
                notice = Notice(text: "no SQL to copy on this line", isError: true)
            }
            return []
        }
        let text = statement.sql + ";"
        lastCopied = text
        let what: String
        switch entry {
        case .app(let i): what = "the app's statement \(i + 1)/\(sql.appStatements?.count ?? 0) (\(statement.label))"
        default: what = "the statement that ran (\(statement.label))"
        }
        return [.copy(text: text, what: what)]
    }

    /// `Y`: every statement the app would run for the request as typed.
    mutating func copyAppStatements() -> [Effect] {
        guard let statements = sql.appStatements, !statements.isEmpty else {
            notice = Notice(text: sql.isEmpty ? "no SQL to copy yet" : sql.appNote, isError: true)
            return []
        }
        let text = Self.script(statements)
        lastCopied = text
        return [
            .copy(
                text: text, what: "the app's \(statements.count == 1 ? "statement" : "\(statements.count) statements")")
        ]
    }

    /// `R`: every statement that ran (those kept), oldest first.
    mutating func copyRanStatements() -> [Effect] {
        guard !sql.ran.isEmpty else {
            notice = Notice(text: "no statement ran yet", isError: true)
            return []
        }
        let text = Self.script(sql.ran)
        lastCopied = text
        return [.copy(text: text, what: "\(NumberText.grouped(sql.ran.count)) statements that ran")]
    }

    /// `J`: the selected row (of the children pane when it has the focus) as JSON.
    mutating func copySelectedRow() -> [Effect] {
        guard let source = results?.source else {
            notice = Notice(text: "no row to copy", isError: true)
            return []
        }
        var path = results?.selected
        if focus == .children, let miller, let level = miller.current {
            path = childListing(source, level.node).entry(at: level.selected)?.path
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

    /// `E`: the errors shown above the input, whole, as the command line prints them.
    mutating func copyShownError() -> [Effect] {
        guard let error = shownError else {
            notice = Notice(text: "no error to copy", isError: true)
            return []
        }
        let text = ErrorView.text(error)
        lastCopied = text
        return [.copy(text: text, what: error.errors.count == 1 ? "the error" : "the \(error.errors.count) errors")]
    }
}
