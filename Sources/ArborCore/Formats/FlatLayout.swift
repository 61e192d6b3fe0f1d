import GRDB

/// The columns of the `table`, `csv` and `tsv` formats (LANGUAGE.md §4.2): a row's
/// base columns and annotations, then each to-one include's columns as
/// `key.column` (nested ones as `key.inner.column`), then each to-many include as
/// one column `key` holding its row count.
///
/// A layout is learned from the first rows: a to-one include missing from all of
/// them (every value NULL) has no known columns, and is one column `key`, empty.
public struct FlatLayout: Sendable {
    enum Child: Sendable {
        case toOne(key: String, FlatLayout?)
        case toMany(key: String)
    }

    let baseNames: [String]
    let children: [Child]

    /// The header: every column's name.
    public var names: [String] {
        var names = baseNames
        for child in children {
            switch child {
            case .toOne(let key, let layout?): names += layout.names.map { key + "." + $0 }
            case .toOne(let key, nil), .toMany(let key): names.append(key)
            }
        }
        return names
    }

    /// Whether every to-one include's columns are known.
    public var isComplete: Bool {
        children.allSatisfy {
            switch $0 {
            case .toOne(_, let layout?): layout.isComplete
            case .toOne(_, nil): false
            case .toMany: true
            }
        }
    }

    /// The layout of `rows`, all from one request (they share their shape).
    public init(rows: [ResultRow]) {
        guard let first = rows.first else {
            self.init(baseNames: [], children: [])
            return
        }
        var children: [Child] = []
        for (j, child) in first.children.enumerated() {
            switch child.value {
            case .toOne:
                let included = rows.compactMap { row -> ResultRow? in
                    guard row.children.indices.contains(j), case .toOne(let included?) = row.children[j].value else {
                        return nil
                    }
                    return included
                }
                children.append(.toOne(key: child.key, included.isEmpty ? nil : FlatLayout(rows: included)))
            case .toMany:
                children.append(.toMany(key: child.key))
            }
        }
        self.init(baseNames: first.names, children: children)
    }

    init(baseNames: [String], children: [Child]) {
        self.baseNames = baseNames
        self.children = children
    }

    /// The number of columns.
    public var width: Int {
        children.reduce(baseNames.count) { total, child in
            switch child {
            case .toOne(_, let layout?): total + layout.width
            case .toOne(_, nil), .toMany: total + 1
            }
        }
    }

    /// The values of `row` in the layout's columns: NULL for a missing include,
    /// a to-many include's row count as an integer.
    public func values(of row: ResultRow?) -> [DatabaseValue] {
        var values: [DatabaseValue] = []
        values.reserveCapacity(width)
        visit(row) { value, _ in values.append(value) }
        return values
    }

    /// The cells of `row` as the `table` format shows them (`ValueText.plain`), a value
    /// read cut saying its full size.
    public func cells(of row: ResultRow?) -> [String] {
        var cells: [String] = []
        cells.reserveCapacity(width)
        visit(row) { value, fullSize in cells.append(ValueText.plain(value, fullSize: fullSize)) }
        return cells
    }

    /// Each column's value, with its full size when it was read cut (`ValueCut`).
    private func visit(_ row: ResultRow?, _ body: (DatabaseValue, Int?) -> Void) {
        for i in baseNames.indices {
            if let row, row.values.indices.contains(i) {
                body(row.values[i], row.cutSizes[i])
            } else {
                body(.null, nil)
            }
        }
        for (j, child) in children.enumerated() {
            let value = row.flatMap { $0.children.indices.contains(j) ? $0.children[j].value : nil }
            switch child {
            case .toOne(_, let layout?):
                if case .toOne(let included)? = value {
                    layout.visit(included, body)
                } else {
                    layout.visit(nil, body)
                }
            case .toOne(_, nil):
                body(.null, nil)
            case .toMany:
                if case .toMany(let rows)? = value, let row, row.children.indices.contains(j) {
                    body(Int64(row.children[j].totalCount ?? rows.count).databaseValue, nil)
                } else {
                    body(.null, nil)
                }
            }
        }
    }
}
