import ArborCore

/// The statements of one shape that follow a parent statement, each pinning an
/// association's key to other values: a loop that walks the association by hand.
/// Keeps at most `kept` statements (and their keys) to confirm and measure it.
struct LoopRun {
    static let kept = 2_000

    /// Another association from the same origin that the statements could walk
    /// (`Book.author` and `Book.translator` both read `author` by `id`).
    struct Alternative {
        var association: LoopAssociation
        var parameters: [Int]
    }

    var shape: Int
    var association: LoopAssociation
    var parameters: [Int]
    var parent: WasteFinder.Parent
    var alternatives: [Alternative]
    var count = 0
    var firstOrdinal = 0
    var lastOrdinal = 0
    var lines: [Int] = []
    var lastLine = 0
    var sqls: [String] = []
    /// The values of each kept statement (nil where the trace shows a placeholder).
    var values: [[SQLValue?]] = []
    var distinctKeys: Set<[SQLValue?]> = []
    var duration: Double?
    var isExpanded = true

    var distinctKeyCount: Int { distinctKeys.count }

    mutating func append(_ shape: StatementShape, _ statement: TracedStatement, ordinal: Int) {
        if count == 0 { firstOrdinal = ordinal }
        count += 1
        lastOrdinal = ordinal
        lastLine = statement.lastLine
        if lines.count < WasteFinder.keptLines { lines.append(statement.firstLine) }
        if sqls.count < Self.kept {
            sqls.append(statement.sql)
            values.append(shape.values)
        }
        if let duration = statement.duration { self.duration = (self.duration ?? 0) + duration }
        if !shape.isExpanded { isExpanded = false }
        if distinctKeys.count < Self.kept {
            distinctKeys.insert(parameters.map { $0 < shape.values.count ? shape.values[$0] : nil })
        }
    }
}
