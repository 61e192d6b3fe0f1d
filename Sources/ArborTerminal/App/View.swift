/// A drawn screen, and where the terminal cursor goes (nil: hidden).
public struct Frame: Sendable, Equatable {
    public var buffer: ScreenBuffer
    public var cursorX: Int?
    public var cursorY: Int?
}

/// The pure view: state in, screen out.
public enum View {
    public static func render(_ state: AppState) -> Frame {
        var buffer = ScreenBuffer(width: state.width, height: state.height)
        let layout = state.layout
        if layout.isTooSmall {
            buffer.put("arbor: terminal too small", x: 0, y: 0, style: Theme.error)
            return Frame(buffer: buffer, cursorX: nil, cursorY: nil)
        }
        if let overlay = state.overlay {
            OverlayView.draw(overlay, into: &buffer, rect: layout.overlay)
        } else {
            if let rect = layout.schema {
                SchemaView.draw(state.schema, into: &buffer, rect: rect, focused: state.focus == .schema)
            }
            if let rect = layout.results {
                ResultsView.draw(
                    state.results, examples: state.examples, info: state.last.map { StatusLineView.summary($0) } ?? "",
                    into: &buffer, rect: rect,
                    focused: state.focus == .results, separatorOnRight: layout.children != nil,
                    marks: state.watch?.marks)
            }
            if let rect = layout.children, let miller = state.miller, let source = state.results?.source {
                ChildrenView.draw(
                    miller, source: source, links: state.links, into: &buffer, rect: rect,
                    focused: state.focus == .children)
            }
            if let rect = layout.sql {
                SQLView.draw(state.sql, into: &buffer, rect: rect, focused: state.focus == .sql)
            }
            if let rect = layout.error, let error = state.shownError {
                ErrorView.draw(error, into: &buffer, rect: rect)
            }
        }
        let cursor = InputLineView.draw(state, into: &buffer, rect: layout.input)
        StatusLineView.draw(state, into: &buffer, rect: layout.status)
        let showsCursor = state.focus == .input && state.overlay == nil
        return Frame(buffer: buffer, cursorX: showsCursor ? cursor.x : nil, cursorY: showsCursor ? cursor.y : nil)
    }
}
