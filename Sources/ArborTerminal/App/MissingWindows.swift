import ArborSession

extension AppState {
    /// The windows of a windowed result that the screen needs and memory lacks,
    /// as effects: the rows the results pane draws (one more past the end while
    /// the result is not counted, so that scrolling finds the next window), and
    /// the row the children pane shows. Each window is asked for once while it
    /// loads (`WindowedResult.windowToLoad`).
    func missingWindows() -> [Effect] {
        guard let results, let windowed = results.source as? WindowedResultSource else { return [] }
        let window = windowed.window
        var rows: Set<Int> = []
        let lines = results.visibleLines(height: max(1, resultsHeight))
        for line in lines { if let row = line.steps.first { rows.insert(row) } }
        if lines.isEmpty { rows.insert(results.top?.steps.first ?? 0) }
        if windowed.rowCount == nil, let last = lines.last?.steps.first, lines.count < max(1, resultsHeight) {
            rows.insert(last + 1)
        }
        if let row = miller?.current?.node.steps.first { rows.insert(row) }
        var effects: [Effect] = []
        for row in rows.sorted() where row >= 0 && window.cachedRow(at: row) == nil {
            if let count = windowed.rowCount, row >= count { continue }
            if let range = window.windowToLoad(forRow: row) { effects.append(.loadWindow(windowed.reference, range)) }
        }
        return effects
    }
}
