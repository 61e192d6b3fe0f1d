/// `/` in the results pane: a query typed on the input line, then the next
/// visible line whose text contains it is selected; `n` finds the next one.
public struct FindPrompt: Sendable, Equatable {
    public var query = LineEditor()
    /// The pane that had the focus, given back when the prompt closes.
    public var returnFocus: Focus
}

extension AppState {
    /// Lines searched at most per `/` or `n`, so that a huge open tree cannot stall a keystroke.
    static let findLimit = 100_000

    mutating func handleFind(_ key: Key) -> [Effect] {
        guard var find else { return [] }
        switch KeyBindings.command(for: key, in: .find) {
        case .findBack?: find.query.backspace()
        case .findLeft?: find.query.left()
        case .findRight?: find.query.right()
        case .findCancel?:
            focus = find.returnFocus
            self.find = nil
            return []
        case .findRun?:
            focus = find.returnFocus
            self.find = nil
            lastFind = find.query.text
            findNext()
            return []
        default:
            if case .character(let c) = key { find.query.insert(String(c)) }
        }
        self.find = find
        return []
    }

    /// Selects the next visible line of the results containing `lastFind`, wrapping around.
    mutating func findNext() {
        guard var results, !lastFind.isEmpty, let start = results.selected else { return }
        let walker = results.walker
        let needle = lastFind.lowercased()
        var path = walker.next(start) ?? walker.first()
        var steps = 0
        while let p = path, steps < Self.findLimit {
            if let node = results.source.node(at: p),
                RowText.spans(node).map(\.text).joined().lowercased().contains(needle)
            {
                results.selected = p
                results.scrollIntoView(height: layout.contentHeight(of: .results))
                self.results = results
                notice = nil
                return
            }
            if p == start { break }
            path = walker.next(p) ?? walker.first()
            steps += 1
        }
        notice = Notice(text: "“\(lastFind)” not found in the open lines", isError: true)
    }
}
