/// Whether the schema pane is shown: by the width (`automatic`), or as F2 last set it.
public enum SchemaPanePreference: Sendable, Equatable {
    case automatic, shown, hidden
}

/// Where each pane goes for a terminal size. Panes collapse as the terminal
/// shrinks: the schema pane below 100 columns (F2 brings it back down to 60),
/// the SQL pane below 14 rows, and the results pane gives way to the children
/// pane below 60 columns.
public struct Layout: Equatable, Sendable {
    public var schema: Rect?
    public var results: Rect?
    public var children: Rect?
    public var sql: Rect?
    /// The errors of the last statement, whole, above the input (`ErrorView`).
    public var error: Rect?
    public var input: Rect
    public var status: Rect
    /// The area an overlay (help, detail) covers: everything above the input line.
    public var overlay: Rect
    /// Too small to draw anything useful.
    public var isTooSmall: Bool

    public static let minimumWidth = 20
    public static let minimumHeight = 5
    /// Below this width the schema pane gives the results its columns, unless F2 asks for it.
    public static let schemaAutomaticWidth = 100
    /// Below this width there is no room for the schema pane at all.
    public static let schemaMinimumWidth = 60

    public init(
        width: Int, height: Int, childrenOpen: Bool, focus: Focus, schemaPane: SchemaPanePreference = .automatic,
        errorHeight: Int = 0
    ) {
        let screen = Rect(x: 0, y: 0, width: width, height: height)
        isTooSmall = width < Self.minimumWidth || height < Self.minimumHeight
        let (rest, status) = screen.splitBottom(1)
        let (above, input) = rest.splitBottom(1)
        self.status = status
        self.input = input
        overlay = above
        let (panes, errorRect) = above.splitBottom(errorHeight)
        error = errorRect.isEmpty ? nil : errorRect
        // The thresholds are of the whole screen (24 and 14 rows) without an error box.
        let sqlHeight = panes.height + 2 >= 24 ? 5 : panes.height + 2 >= 14 ? 3 : 0
        let (top, sqlRect) = panes.splitBottom(sqlHeight)
        sql = sqlHeight > 0 ? sqlRect : nil
        let wantsSchema =
            switch schemaPane {
            case .automatic: width >= Self.schemaAutomaticWidth
            case .shown: width >= Self.schemaMinimumWidth
            case .hidden: false
            }
        let schemaWidth = wantsSchema ? (width >= Self.schemaAutomaticWidth ? 30 : 22) : 0
        let (schemaRect, main) = top.splitLeft(schemaWidth)
        schema = schemaWidth > 0 ? schemaRect : nil
        if childrenOpen {
            if main.width >= 60 {
                let (left, right) = main.splitLeft(main.width / 2)
                results = left
                children = right
            } else {
                results = nil
                children = main
            }
        } else {
            results = main
            children = nil
        }
        if isTooSmall {
            schema = nil
            results = nil
            children = nil
            sql = nil
            error = nil
        }
    }

    /// The pane under a screen cell.
    public func pane(atX x: Int, y: Int) -> Focus? {
        if input.contains(x: x, y: y) { return .input }
        if let r = schema, r.contains(x: x, y: y) { return .schema }
        if let r = results, r.contains(x: x, y: y) { return .results }
        if let r = children, r.contains(x: x, y: y) { return .children }
        if let r = sql, r.contains(x: x, y: y) { return .sql }
        return nil
    }

    public func rect(of focus: Focus) -> Rect? {
        switch focus {
        case .input: input
        case .schema: schema
        case .results: results
        case .children: children
        case .sql: sql
        }
    }

    /// Rows of a pane below its title row.
    public func contentHeight(of focus: Focus) -> Int {
        max(0, (rect(of: focus)?.height ?? 1) - 1)
    }
}
