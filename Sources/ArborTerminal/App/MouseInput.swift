extension AppState {
    /// A click focuses a pane and selects the line under it; a click on a
    /// marker or a double click toggles; the wheel scrolls the pane under it.
    mutating func handle(_ event: MouseEvent) -> [Effect] {
        if overlay != nil {
            switch event.kind {
            case .wheelUp: return handleOverlay(.up)
            case .wheelDown: return handleOverlay(.down)
            default: return []
            }
        }
        let layout = self.layout
        guard let pane = layout.pane(atX: event.x, y: event.y), let rect = layout.rect(of: pane) else { return [] }
        notice = nil
        completions = []
        let wasFocused = focus == pane
        focus = pane
        let height = layout.contentHeight(of: pane)
        switch event.kind {
        case .wheelUp:
            move(by: -3, height: height)
            return []
        case .wheelDown:
            move(by: 3, height: height)
            return []
        case .click, .doubleClick:
            break
        }
        let row = event.y - rect.y - 1
        guard pane != .input, row >= 0 else { return [] }
        let toggles = event.kind == .doubleClick
        switch pane {
        case .results:
            // The table's first line is its header.
            let line = results?.format == .table ? row - 1 : row
            guard var results, line >= 0, let path = results.visibleLines(height: height).dropFirst(line).first
            else { return [] }
            // A second click on the selected line toggles it, as a double click would.
            let toggles = toggles || (wasFocused && results.selected == path)
            results.selected = path
            let onMarker = ResultsView.markerRange(of: path).contains(event.x - rect.x)
            if toggles || onMarker { results.toggle(height: height) }
            self.results = results
        case .children:
            guard let level = miller?.current else { return [] }
            let again = wasFocused && level.top + row == level.selected
            move(by: level.top + row - level.selected, height: height)
            if toggles || again { return childrenKey(.right, height: height) }
        case .schema:
            let again = wasFocused && schema.top + row == schema.selected
            schema.move(by: schema.top + row - schema.selected, height: height)
            let lines = schema.lines
            let onTable: Bool
            if lines.indices.contains(schema.selected), case .table = lines[schema.selected] {
                onTable = true
            } else {
                onTable = false
            }
            if onTable, toggles || again || event.x - rect.x < 2 { schema.toggle(height: height) }
        case .sql:
            sql.move(by: sql.top + row - sql.selected, height: height)
        case .input:
            break
        }
        return []
    }
}
