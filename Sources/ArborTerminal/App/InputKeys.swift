import ArborCore
import ArborLanguage
import Foundation

extension AppState {
    /// Keys of the input line: Emacs editing, history, completion, running.
    mutating func handleInput(_ key: Key) -> [Effect] {
        if search != nil { return handleSearch(key) }
        if key != .tab { completions = [] }
        guard let command = KeyBindings.command(for: key, in: .input) else {
            // A key with no binding here types itself, when it is a character.
            if case .character(let c) = key { input.insert(String(c)) }
            return []
        }
        switch command {
        case .runOrNewLine:
            // Inside open brackets ↵ starts a new line; at the end of the input it runs.
            if input.cursor == input.characters.count, OpenBrackets.isOpen(input.text) {
                input.insert("\n")
                return []
            }
            return submit()
        case .completeOrWalk:
            // Tab after a run walks its result; once the line is edited it completes.
            if input.isSelected {
                focus = defaultPane
                return []
            }
            return complete()
        case .previousPane: focusNext(backwards: true)
        case .toPanes: focus = defaultPane
        case .deleteBack: input.backspace()
        case .deleteForward: input.deleteForward()
        case .quitOrDeleteForward:
            if input.isEmpty { return [.quit] }
            input.deleteForward()
        case .characterBack: input.left()
        case .characterForward: input.right()
        case .lineStart: input.home()
        case .lineEnd: input.end()
        case .killToEnd: input.killToEnd()
        case .killToStart: input.killToStart()
        case .killWordBack: input.killWordBackward()
        case .yank: input.yank()
        case .wordBack: input.wordBackward()
        case .wordForward: input.wordForward()
        case .historyPrevious: browseHistory(-1)
        case .historyNext: browseHistory(1)
        case .searchHistory:
            search = HistorySearch(match: history.search("", before: history.entries.count), original: input.text)
        case .scrollResultsUp, .scrollResultsDown:
            // Scroll the results without leaving the input.
            let height = resultsHeight
            results?.move(by: command == .scrollResultsUp ? -height : height, height: height)
        default: break
        }
        return []
    }

    /// The pane Esc goes to: the results when there are some.
    var defaultPane: Focus {
        if results != nil, layout.results != nil { return .results }
        if layout.schema != nil { return .schema }
        return .input
    }

    mutating func browseHistory(_ direction: Int) {
        guard !history.entries.isEmpty else { return }
        var current = historyIndex ?? history.entries.count
        if historyIndex == nil {
            historyDraft = input.text
            // The request just run (or taken back with `i`) is the last entry already:
            // ↑ goes to the one before.
            if history.entries.last == input.text { current -= 1 }
        }
        let next = current + direction
        if next < 0 { return }
        if next >= history.entries.count {
            historyIndex = nil
            input.set(historyDraft)
            return
        }
        historyIndex = next
        input.set(history.entries[next])
    }

    /// Ctrl-R: typing narrows, Ctrl-R goes to older matches, ↵ runs, Esc restores.
    mutating func handleSearch(_ key: Key) -> [Effect] {
        guard var search else { return [] }
        switch KeyBindings.command(for: key, in: .historySearch) {
        case .searchBack?:
            if !search.query.isEmpty { search.query.removeLast() }
            search.match = history.search(search.query, before: history.entries.count)
        case .searchOlder?:
            if let match = search.match, let older = history.search(search.query, before: match) {
                search.match = older
            }
        case .giveUpSearch?:
            input.set(search.original)
            self.search = nil
            return []
        default:
            if case .character(let c) = key {
                search.query.append(c)
                search.match = history.search(search.query, before: history.entries.count)
                break
            }
            // Any other key takes the match and then does what it does.
            input.set(search.match.map { history.entries[$0] } ?? search.original)
            self.search = nil
            return handleInput(key)
        }
        self.search = search
        return []
    }

    /// Tab: completes the word before the cursor, as far as the candidates agree.
    mutating func complete() -> [Effect] {
        if input.isEmpty {
            focusNext(backwards: false)
            return []
        }
        let text = input.text
        let cursor = input.utf8Offset(input.cursor)
        let result = completion(text, cursor)
        guard !result.candidates.isEmpty else {
            completions = []
            notice = Notice(text: "no completion", isError: false)
            return []
        }
        // The candidates replace the word from the range's start up to the cursor.
        let bytes = Array(text.utf8)
        let start = min(max(0, result.range.lowerBound), cursor)
        let replaced = String(decoding: bytes[start..<cursor], as: UTF8.self).count
        let common = result.commonPrefix
        if result.candidates.count == 1 {
            input.replaceBeforeCursor(replaced, with: common)
            completions = []
        } else {
            if common.count > replaced { input.replaceBeforeCursor(replaced, with: common) }
            completions = result.candidates.map(\.text)
        }
        return []
    }

    /// ↵: runs the statement, or a command of the interface.
    mutating func submit() -> [Effect] {
        let text = input.text
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return [] }
        history.add(text)
        historyIndex = nil
        var effects: [Effect] = [.saveHistory(history)]
        if trimmed.hasPrefix(":") {
            let (handled, commandEffects) = runCommand(trimmed)
            if handled {
                input.set("")
                return effects + commandEffects
            }
        }
        if let running { effects.append(.interrupt(generation: running.generation)) }
        generation += 1
        running = Running(generation: generation, text: text, started: now)
        // The request stays, selected: typing replaces it, → or End edits it, and
        // the focus stays here (Esc or Tab walks the result).
        input.setSelected(text)
        inputError = nil
        return effects + [.run(text: text, generation: generation)]
    }

    /// The commands the interface answers itself (read from `CommandTable`); the
    /// others go to the session.
    mutating func runCommand(_ command: String) -> (handled: Bool, effects: [Effect]) {
        guard let (name, argument) = CommandTable.split(command), let entry = CommandTable.named(name) else {
            return (false, [])
        }
        switch entry.kind {
        case .quit:
            return (true, [.quit])
        case .help:
            overlay = HelpText.overlay(examples: examples)
            return (true, [])
        case .copy:
            guard !argument.isEmpty else {
                notice = Notice(text: "name a file: :copy FILE", isError: true)
                return (true, [])
            }
            let text = lastCopied ?? allStatementsText
            guard !text.isEmpty else {
                notice = Notice(text: "nothing to copy yet", isError: true)
                return (true, [])
            }
            return (true, [.write(text: text, path: NSString(string: argument).expandingTildeInPath)])
        case .watch:
            return (true, toggleWatch())
        case .format:
            guard let format = ResultsFormat(rawValue: argument) else {
                notice = Notice(
                    text: "the interface shows results as a tree or a table: :format tree, :format table", isError: true
                )
                return (true, [])
            }
            setResultsFormat(format)
            notice = Notice(text: "results as a \(format.rawValue) (t switches)", isError: false)
            return (true, [])
        case .tables, .schema, .associations, .graph, .load, .declarations, .advise, .sql, .explain, .swift, .trace,
            .complete, .migrations, .migrate:
            return (false, [])
        }
    }
}
