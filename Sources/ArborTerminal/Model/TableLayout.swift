import ArborCore

/// The columns of the table view: a root row's columns, then those of its
/// to-one includes flattened (`album.Title`), and each to-many include as a
/// count that opens. Built once from the first rows (the rows of one request
/// all have the same shape), with the user's widths and hidden columns.
public struct TableLayout: Sendable, Equatable {
    public enum Place: Sendable, Equatable {
        /// Column `index` of the row reached through the to-one children `through`.
        case value(through: [Int], index: Int)
        /// A to-one include that is nil in every sampled row: its columns are unknown.
        case toOne(through: [Int])
        /// The to-many child at the end of `through`: its count.
        case count(through: [Int])
    }

    public struct Column: Sendable, Equatable {
        public var title: String
        public var place: Place
        public var width: Int
        public var isNumeric: Bool
    }

    /// Widths are measured on at most this many rows, and no wider than `maximumWidth` at first.
    static let sampleRows = 100
    static let maximumWidth = 40
    static let minimumWidth = 3

    public var columns: [Column]
    public var hidden: Set<String> = []
    /// The selected column (an index into `visibleColumns`), and the first one drawn.
    public var selected = 0
    public var left = 0

    public init(columns: [Column]) {
        self.columns = columns
    }

    public var visibleColumns: [Column] { columns.filter { !hidden.contains($0.title) } }

    /// The layout of the first rows of `source` (those in memory).
    public static func of(_ source: any ResultSource) -> TableLayout {
        let sample = (0..<sampleRows).compactMap { source.node(at: NodePath([$0]))?.row }
        var columns = Self.columns(of: sample, prefix: "", through: [])
        for i in columns.indices {
            var width = TextFit.width(columns[i].title)
            var numeric = true
            var seen = false
            for row in sample {
                let cell = Self.cell(row, columns[i].place)
                width = max(width, TextFit.width(cell.text))
                if !cell.isNull {
                    seen = true
                    if !cell.isNumber { numeric = false }
                }
            }
            columns[i].width = max(minimumWidth, min(maximumWidth, width))
            columns[i].isNumeric = seen && numeric
        }
        return TableLayout(columns: columns)
    }

    static func columns(of rows: [ResultRow], prefix: String, through: [Int]) -> [Column] {
        guard let first = rows.first else { return [] }
        var columns = first.names.enumerated().map { i, name in
            Column(title: prefix + name, place: .value(through: through, index: i), width: 0, isNumeric: false)
        }
        for (j, child) in first.children.enumerated() {
            switch child.value {
            case .toOne:
                let included = rows.compactMap { row -> ResultRow? in
                    guard row.children.indices.contains(j), case .toOne(let r?) = row.children[j].value else {
                        return nil
                    }
                    return r
                }
                if included.isEmpty {
                    columns.append(
                        Column(
                            title: prefix + child.key, place: .toOne(through: through + [j]), width: 0, isNumeric: false
                        ))
                } else {
                    columns += Self.columns(of: included, prefix: prefix + child.key + ".", through: through + [j])
                }
            case .toMany:
                columns.append(
                    Column(title: prefix + child.key, place: .count(through: through + [j]), width: 0, isNumeric: true))
            }
        }
        return columns
    }

    /// What a cell shows: the text (escaped, unquoted), its full size in bytes, its style.
    public struct Cell: Equatable {
        public var text: String
        public var size: Int
        public var style: Style
        public var isNull = false
        public var isNumber = false
        /// A count that opens (the to-many rows).
        public var opens = false
    }

    /// The cell of `row` at `place`.
    static func cell(_ row: ResultRow, _ place: Place) -> Cell {
        func reach(_ through: [Int]) -> ResultRow?? {
            var current = row
            for j in through {
                guard current.children.indices.contains(j), case .toOne(let next) = current.children[j].value else {
                    return .none
                }
                guard let next else { return .some(nil) }
                current = next
            }
            return .some(current)
        }
        let null = Cell(text: "NULL", size: 4, style: Theme.null, isNull: true)
        switch place {
        case .value(let through, let index):
            guard case .some(let reached) = reach(through) else { return Cell(text: "", size: 0, style: .plain) }
            guard let target = reached, target.values.indices.contains(index) else { return null }
            let value = target.values[index]
            let text = ValueText.plain(value, maxLength: 1_000)
            let size = target.cutSizes[index] ?? ValueText.storedSize(value, text: text)
            return Cell(
                text: ValueText.isNull(value) ? "NULL" : text, size: size, style: Theme.value(value),
                isNull: ValueText.isNull(value),
                isNumber: ValueText.isNumber(value))
        case .toOne:
            return null
        case .count(let through):
            guard let last = through.last, case .some(let reached?) = reach(Array(through.dropLast())),
                reached.children.indices.contains(last), case .toMany(let rows) = reached.children[last].value
            else { return null }
            let total = reached.children[last].totalCount
            let text =
                if let total, total > rows.count {
                    "\(NumberText.grouped(rows.count)) of \(NumberText.grouped(total))"
                } else {
                    NumberText.grouped(rows.count)
                }
            return Cell(
                text: text, size: text.utf8.count, style: rows.isEmpty ? Theme.count : Theme.key, isNumber: true,
                opens: !rows.isEmpty)
        }
    }

    /// A cell's text in `width` columns: cut with `…` and, when there is room, its size.
    static func fitted(_ cell: Cell, width: Int) -> String {
        if TextFit.width(cell.text) <= width { return cell.text }
        let note = " (\(ValueText.byteCount(cell.size)))"
        let noteWidth = TextFit.width(note)
        if width - noteWidth >= 4 { return RowText.cut(cell.text, columns: width - noteWidth) + note }
        return RowText.cut(cell.text, columns: width)
    }

    // MARK: Keys

    public mutating func moveSelection(by offset: Int) {
        let count = visibleColumns.count
        guard count > 0 else { return }
        selected = min(max(0, selected + offset), count - 1)
    }

    /// `<`/`>`: the selected column narrower or wider.
    public mutating func resizeSelected(by offset: Int) {
        let visible = visibleColumns
        guard visible.indices.contains(selected),
            let i = columns.firstIndex(where: { $0.title == visible[selected].title })
        else { return }
        columns[i].width = max(Self.minimumWidth, min(1_000, columns[i].width + offset))
    }

    /// `x`: hides the selected column (one stays).
    public mutating func hideSelected() {
        let visible = visibleColumns
        guard visible.count > 1, visible.indices.contains(selected) else { return }
        hidden.insert(visible[selected].title)
        selected = min(selected, visible.count - 2)
        left = min(left, selected)
    }

    /// `c` then letters: the first column whose name, or a part of it after a dot
    /// (`Title` of `album.Title`), begins with `prefix` (case aside), the whole name
    /// first; an index into `columns`, hidden ones included.
    public func column(beginningWith prefix: String) -> Int? {
        let needle = prefix.lowercased()
        guard !needle.isEmpty else { return nil }
        let titles = columns.map { $0.title.lowercased() }
        if let whole = titles.firstIndex(where: { $0.hasPrefix(needle) }) { return whole }
        return titles.firstIndex { $0.split(separator: ".").dropFirst().contains { $0.hasPrefix(needle) } }
    }

    /// Selects `columns[index]`, shown again if it was hidden.
    public mutating func select(columnAt index: Int) {
        guard columns.indices.contains(index) else { return }
        let title = columns[index].title
        hidden.remove(title)
        if let visible = visibleColumns.firstIndex(where: { $0.title == title }) { selected = visible }
    }

    /// Keeps the selected column in view: the first column drawn moves so that
    /// the columns from it up to the selection fit in `width`.
    public mutating func scrollToSelection(width: Int) {
        let visible = visibleColumns
        if selected < left { left = selected }
        while left < selected {
            let used = visible[left...selected].reduce(0) { $0 + $1.width + Self.separator.count }
            if used <= width + Self.separator.count { break }
            left += 1
        }
        left = max(0, min(left, max(0, visible.count - 1)))
    }

    static let separator = " │ "
}
