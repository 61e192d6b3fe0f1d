import ArborCore

/// The whole screen as cells: widgets draw into it, tests read it as text, and
/// the terminal adapter writes the cells that differ from the previous frame.
public struct ScreenBuffer: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, x < width, y >= 0, y < height else { return .blank }
        return cells[y * width + x]
    }

    /// How text that does not fit ends.
    public enum Overflow: Sendable {
        case clip
        /// The last column shows `…`.
        case ellipsis
    }

    /// Writes `text` from (`x`, `y`), at most `maxWidth` columns (and never past
    /// the right edge), and returns the number of columns written. Control
    /// characters are escaped first: nothing written here can drive a terminal.
    @discardableResult
    public mutating func put(
        _ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: Style = .plain, overflow: Overflow = .clip
    ) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let limit = min(width, x + (maxWidth ?? width))
        guard limit > x else { return 0 }
        let safe = TerminalText.escaped(text)
        if overflow == .ellipsis, TerminalText.width(safe) > limit - x {
            let cut = TextFit.prefix(safe, columns: limit - x - 1)
            let used = put(cut, x: x, y: y, maxWidth: limit - x - 1, style: style)
            return used + put("…", x: x + used, y: y, maxWidth: 1, style: style)
        }
        var column = x
        var lastHead: Int?
        for character in safe {
            let w = TextFit.width(of: character)
            if w == 0 {
                // A lone zero-width scalar joins the character before it.
                if let head = lastHead { cells[y * width + head].text.append(character) }
                continue
            }
            if column + w > limit { break }
            if column >= 0 {
                set(Cell(text: String(character), width: UInt8(w), style: style), x: column, y: y)
                lastHead = column
                if w == 2 { set(Cell(text: "", width: 0, style: style), x: column + 1, y: y) }
            } else if column + w > 0 {
                // Half of a wide character hangs off the left edge.
                set(Cell(text: " ", width: 1, style: style), x: 0, y: y)
            }
            column += w
        }
        return column - x
    }

    /// Writes one cell, repairing a wide character it cuts in half.
    private mutating func set(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        let i = y * width + x
        let old = cells[i]
        if old.isContinuation, x > 0, cells[i - 1].width == 2, cell.width != 0 {
            cells[i - 1] = Cell(text: " ", width: 1, style: cells[i - 1].style)
        }
        if old.width == 2, cell.width != 2, x + 1 < width {
            cells[i + 1] = Cell(text: " ", width: 1, style: old.style)
        }
        if cell.width == 2, x + 1 >= width {
            cells[i] = Cell(text: " ", width: 1, style: cell.style)
            return
        }
        cells[i] = cell
    }

    /// Fills `rect` with spaces in `style`.
    public mutating func fill(_ rect: Rect, style: Style = .plain, character: Character = " ") {
        let blank = Cell(text: String(character), width: 1, style: style)
        let (rows, columns) = clipped(rect)
        for y in rows {
            for x in columns { set(blank, x: x, y: y) }
        }
    }

    /// Changes the style of the cells of `rect`, keeping their text.
    public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        let (rows, columns) = clipped(rect)
        for y in rows {
            for x in columns { change(&cells[y * width + x].style) }
        }
    }

    /// The rows and columns of `rect` inside the buffer (empty when it lies outside).
    private func clipped(_ rect: Rect) -> (rows: Range<Int>, columns: Range<Int>) {
        let top = min(max(0, rect.y), height)
        let left = min(max(0, rect.x), width)
        return (top..<max(top, min(height, rect.maxY)), left..<max(left, min(width, rect.maxX)))
    }

    /// Row `y` as text, trailing spaces removed.
    public func line(_ y: Int) -> String {
        guard y >= 0, y < height else { return "" }
        var text = ""
        for x in 0..<width { text += cells[y * width + x].text }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Every row as text, for tests and snapshots.
    public var text: String { (0..<height).map(line).joined(separator: "\n") }
}
