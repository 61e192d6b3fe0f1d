import ArborCore

/// Reads the statements of a trace in order, in bounded memory, and collects what
/// looks like waste: loops that walk an association by hand (`LoopRun`), the same
/// statement run again with the same values, a count followed by a fetch of the
/// same rows; and every shape once, for the scans. Knows nothing of the database
/// beyond its associations: the candidates are confirmed and measured afterwards
/// (`TraceAnalysis`).
struct WasteFinder {
    /// How many statements may pass between two statements of one loop, or between
    /// a statement and its repetition.
    static let window = 32
    /// Shapes remembered; beyond, new shapes are not followed (a log of ad-hoc SQL).
    static let maximumShapes = 20_000
    /// Occurrences of a finding whose lines are kept.
    static let keptLines = 100

    /// A statement of the trace as a candidate parent of a loop: the one whose rows the loop walks.
    struct Parent {
        var sql: String
        var shape: Int
        var ordinal: Int
        var lines: ClosedRange<Int>
        var duration: Double?
        var isExpanded: Bool
    }

    /// What is remembered of each shape.
    struct Shape {
        var text: String
        var sample: String
        var firstLine: Int
        var kind: StatementShape.Kind
        var table: String?
        var count = 0
        /// The associations a statement of this shape could walk, with where their keys are.
        var loops: [(association: LoopAssociation, parameters: [Int])]
    }

    /// A loop found: the statements of one shape, each for another row of a parent.
    struct Loop {
        var run: LoopRun
        var occurrences = 1
        var statements = 0
    }

    /// The same statement again, with the same values.
    struct Repetition {
        var shape: Int
        var sql: String
        var lines: [Int] = []
        var statements = 0
        var duration: Double?
    }

    /// `SELECT COUNT(*) FROM x` then `SELECT * FROM x`.
    struct CountThenFetch {
        var countSQL: String
        var fetchSQL: String
        var lines: [Int]
        var occurrences = 1
    }

    let associations: [LoopAssociation]
    /// Whether a shape is SQL at all (it prepares): a line that only looks like a statement is unreadable.
    let isSQL: (String) -> Bool

    private(set) var shapes: [Shape] = []
    private var shapeIndex: [String: Int] = [:]
    private(set) var statementCount = 0
    /// Lines of statements that turned out not to be SQL.
    private(set) var notSQL: [(lines: ClosedRange<Int>, text: String)] = []
    private(set) var notSQLCount = 0
    private(set) var loops: [String: Loop] = [:]
    private(set) var loopOrder: [String] = []
    private(set) var repetitions: [String: Repetition] = [:]
    private(set) var repetitionOrder: [String] = []
    private(set) var countsThenFetches: [String: CountThenFetch] = [:]
    private(set) var countThenFetchOrder: [String] = []
    private(set) var tooManyShapes = false

    private var ordinal = 0
    private var parents: [String: Parent] = [:]
    private var runs: [Int: LoopRun] = [:]
    private var recent: [String: Int] = [:]
    private var recentOrder: [(key: String, ordinal: Int)] = []
    private var recentStart = 0
    private var lastCount: (sql: String, ordinal: Int, line: Int, table: String?)?

    init(associations: [LoopAssociation], isSQL: @escaping (String) -> Bool) {
        self.associations = associations
        self.isSQL = isSQL
    }

    mutating func read(_ statement: TracedStatement) {
        let parsed = StatementShape(sql: statement.sql)
        guard let index = shape(of: parsed, statement) else { return }
        if shapes[index].kind == .bookkeeping { return }
        statementCount += 1
        shapes[index].count += 1
        ordinal += 1
        closeStaleRuns()
        if shapes[index].kind == .write {
            closeAllRuns()
            forgetRecent()
            lastCount = nil
            return
        }
        let inLoop = !shapes[index].loops.isEmpty && extendOrStartRun(index, parsed, statement)
        if let table = parsed.table {
            // A new read of a loop's parent table starts the next loop, if any. A statement
            // of a loop is a parent too: of the loop nested in it (each book's tags).
            for (key, run) in runs where key != index && run.association.origin.sqlFolded == table.sqlFolded {
                runs[key] = nil
                close(run)
            }
            parents[table.sqlFolded] = Parent(
                sql: statement.sql, shape: index, ordinal: ordinal, lines: statement.firstLine...statement.lastLine,
                duration: statement.duration, isExpanded: parsed.isExpanded)
        }
        if inLoop { return }
        noteRepetition(index, parsed, statement)
        noteCountThenFetch(index, parsed, statement)
    }

    /// Closes what is still open at the end of the log.
    mutating func finish() {
        closeAllRuns()
    }

    // MARK: Shapes

    private mutating func shape(of parsed: StatementShape, _ statement: TracedStatement) -> Int? {
        if let index = shapeIndex[parsed.text] { return index }
        guard shapes.count < Self.maximumShapes else {
            tooManyShapes = true
            return nil
        }
        if parsed.kind != .bookkeeping, !isSQL(statement.sql) {
            notSQLCount += statement.lastLine - statement.firstLine + 1
            if notSQL.count < TraceStatementReader.shownUnreadable {
                notSQL.append((statement.firstLine...statement.lastLine, String(statement.sql.prefix(200))))
            }
            return nil
        }
        var loops: [(LoopAssociation, [Int])] = []
        if parsed.kind == .read, !parsed.isWindow {
            for association in associations {
                if let parameters = association.keyParameters(in: parsed) { loops.append((association, parameters)) }
            }
        }
        shapes.append(
            Shape(
                text: parsed.text, sample: statement.sql, firstLine: statement.firstLine, kind: parsed.kind,
                table: parsed.table, loops: loops))
        shapeIndex[parsed.text] = shapes.count - 1
        return shapes.count - 1
    }

    // MARK: Loops

    /// Adds the statement to the loop of its shape, or starts one after a parent of
    /// the loop's association; false when the statement is in no loop.
    private mutating func extendOrStartRun(_ index: Int, _ parsed: StatementShape, _ statement: TracedStatement)
        -> Bool
    {
        if var run = runs[index] {
            runs[index] = nil
            run.append(parsed, statement, ordinal: ordinal)
            runs[index] = run
            return true
        }
        // The association whose origin was read last, and recently, is the one walked.
        var best: (association: LoopAssociation, parameters: [Int], parent: Parent)?
        for (association, parameters) in shapes[index].loops {
            guard let parent = parents[association.origin.sqlFolded], ordinal - parent.ordinal <= Self.window,
                parent.shape != index
            else { continue }
            if let current = best, parent.ordinal <= current.parent.ordinal { continue }
            best = (association, parameters, parent)
        }
        guard let best else { return false }
        // Other associations from the same origin to the same rows: the parent's rows say which one.
        let alternatives = shapes[index].loops.filter {
            $0.association.origin.sqlFolded == best.association.origin.sqlFolded
        }
        var run = LoopRun(
            shape: index, association: best.association, parameters: best.parameters, parent: best.parent,
            alternatives: alternatives.map {
                LoopRun.Alternative(association: $0.association, parameters: $0.parameters)
            })
        run.append(parsed, statement, ordinal: ordinal)
        runs[index] = run
        return true
    }

    private mutating func closeStaleRuns() {
        for (key, run) in runs where ordinal - run.lastOrdinal > Self.window {
            runs[key] = nil
            close(run)
        }
    }

    private mutating func closeAllRuns() {
        let open = runs.values.sorted { $0.firstOrdinal < $1.firstOrdinal }
        runs = [:]
        for run in open { close(run) }
    }

    private mutating func close(_ run: LoopRun) {
        guard run.count >= 2 else { return }
        if run.isExpanded, run.distinctKeyCount < 2 {
            // One row read again and again: not a loop over rows, and a repetition if the
            // statements are the same.
            let repeats = run.sqls.count - Set(run.sqls).count
            if repeats > 0 {
                recordRepetition(
                    key: "loop:\(run.shape)", shape: run.shape, sql: run.sqls.first ?? shapes[run.shape].sample,
                    lines: run.lines, statements: repeats, duration: run.duration)
            }
            return
        }
        let key = "\(run.parent.shape) \(run.shape) \(run.association.swiftName)"
        if var loop = loops[key] {
            loop.occurrences += 1
            loop.statements += run.count
            loops[key] = loop
        } else {
            loops[key] = Loop(run: run, statements: run.count)
            loopOrder.append(key)
        }
    }

    // MARK: Repetitions

    private mutating func noteRepetition(_ index: Int, _ parsed: StatementShape, _ statement: TracedStatement) {
        guard parsed.isExpanded else { return }
        let key = StatementText.exact(parsed)
        if let previous = recent[key], ordinal - previous <= Self.window {
            recordRepetition(
                key: key, shape: index, sql: statement.sql, lines: [statement.firstLine], statements: 1,
                duration: statement.duration)
        }
        recent[key] = ordinal
        recentOrder.append((key, ordinal))
        // Forget what fell out of the window.
        while recentStart < recentOrder.count, ordinal - recentOrder[recentStart].ordinal > Self.window {
            let old = recentOrder[recentStart]
            if recent[old.key] == old.ordinal { recent[old.key] = nil }
            recentStart += 1
        }
        if recentStart > 4 * Self.window {
            recentOrder.removeFirst(recentStart)
            recentStart = 0
        }
    }

    private mutating func forgetRecent() {
        recent = [:]
        recentOrder = []
        recentStart = 0
    }

    private mutating func recordRepetition(
        key: String, shape: Int, sql: String, lines: [Int], statements: Int, duration: Double?
    ) {
        var repetition = repetitions[key] ?? Repetition(shape: shape, sql: sql)
        if repetitions[key] == nil { repetitionOrder.append(key) }
        repetition.lines.append(contentsOf: lines.prefix(max(0, Self.keptLines - repetition.lines.count)))
        repetition.statements += statements
        if let duration { repetition.duration = (repetition.duration ?? 0) + duration }
        repetitions[key] = repetition
    }

    // MARK: Counts then fetches

    private mutating func noteCountThenFetch(_ index: Int, _ parsed: StatementShape, _ statement: TracedStatement) {
        if parsed.kind == .count {
            lastCount = (statement.sql, ordinal, statement.firstLine, parsed.table)
            return
        }
        guard let count = lastCount, ordinal - count.ordinal <= 3, parsed.kind == .read,
            StatementText.countsSameRows(count: count.sql, fetch: statement.sql)
        else { return }
        lastCount = nil
        let key = "\(StatementShape(sql: count.sql).text) \(parsed.text)"
        if var found = countsThenFetches[key] {
            found.occurrences += 1
            countsThenFetches[key] = found
        } else {
            countsThenFetches[key] = CountThenFetch(
                countSQL: count.sql, fetchSQL: statement.sql, lines: [count.line, statement.firstLine])
            countThenFetchOrder.append(key)
        }
    }
}
