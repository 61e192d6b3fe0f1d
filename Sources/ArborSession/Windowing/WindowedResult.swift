import ArborCore
import ArborLanguage
import Foundation
import GRDB

/// A request's rows fetched a window at a time, for views that show a few dozen
/// rows of a result that may hold millions: the cost follows what is on screen.
///
/// - Root rows come in windows of `windowSize`: by keyset (`Keyset`) when the
///   request's order allows it (so that the millionth row costs what the first
///   does), else by `limit(_:offset:)`.
/// - To-one children come with their row; `including(all:)` children are
///   prefetched by GRDB for the window's rows only.
/// - Windows far from the last one asked for are evicted, so memory stays bounded
///   however far one scrolls.
public final class WindowedResult: @unchecked Sendable {
    /// The request, validated once, and how it is fetched.
    public let checked: CheckedRequest
    public var plan: RequestPlan { checked.plan }
    public let windowSize: Int
    /// How many windows stay in memory.
    public let maximumWindows: Int
    /// The main statement of the request as the user wrote it, for the SQL pane.
    public let mainSQL: String

    private let session: Session
    private let builder: ResultTreeBuilder
    /// For windows fetched with the whole request (nothing to cut).
    private let fullBuilder: ResultTreeBuilder
    private let keyset: Keyset?
    private let lock = NSLock()
    private var windows: [Int: [ResultRow]] = [:]
    /// The keyset values of the last row of each window, to start the next one.
    private var lastKeys: [Int: [DatabaseValue]] = [:]
    private var count: Int?
    /// Windows asked for and not loaded yet.
    private var pending: Set<Int> = []
    /// Every statement this result ran (windows, capped children, pages of more
    /// children, the row count), labelled, for the SQL pane.
    public let log = StatementLog()

    /// At most this many rows of a to-many child per parent (the rest is announced).
    public let childCap: Int?
    /// The plan fetched for root rows: `plan` without the includes that are capped.
    private let rootPlan: ValidatedPlan
    /// How the root rows are fetched: `rootPlan` may prefetch less than `plan`.
    private let rootStrategy: FetchStrategy
    private let cappedTargets: [CappedChildren.Target]
    /// Raw SQL (`Row.fetchAll(db, sql: …)`, `:sql SELECT …` in the terminal): read by its own pages.
    private let rawPages: RawSQLPages?
    /// For capped lists opened for more (`loadMoreChildren`): how many rows each
    /// parent shows, by target position then parent key, so that a window evicted
    /// and loaded again keeps them.
    private var shownChildren: [Int: [DatabaseValue: Int]] = [:]

    public convenience init(
        session: Session, plan: RequestPlan, windowSize: Int = 100, maximumWindows: Int = 20,
        childCap: Int? = 50
    ) throws {
        try self.init(
            session: session, checked: session.checked(plan, range: nil), windowSize: windowSize,
            maximumWindows: maximumWindows, childCap: childCap)
    }

    /// The windows of a checked request (a `RequestResult`'s): nothing validated again
    /// but the plan without its capped includes, a statement of its own.
    public init(
        session: Session, checked: CheckedRequest, windowSize: Int = 100, maximumWindows: Int = 20,
        childCap: Int? = 50
    ) throws {
        let plan = checked.plan
        self.session = session
        self.checked = checked
        self.windowSize = max(1, windowSize)
        self.maximumWindows = max(2, maximumWindows)
        self.childCap = childCap.map { max(1, $0) }
        if childCap != nil {
            let (split, targets) = CappedChildren.split(plan, schema: session.environment.schema)
            rootPlan = targets.isEmpty ? checked.validated : try session.validated(split)
            cappedTargets = targets
        } else {
            (rootPlan, cappedTargets) = (checked.validated, [])
        }
        rootStrategy = FetchStrategy(rootPlan)
        // A view keeps a bounded prefix of each long value (`ValueCut`).
        self.builder = ResultTreeBuilder(
            plan: rootPlan.plan, valueLimit: ValueCut.displayLimit, schema: session.environment.schema)
        self.fullBuilder = ResultTreeBuilder(
            plan: plan, valueLimit: ValueCut.displayLimit, schema: session.environment.schema)
        self.mainSQL = try session.request(checked, range: nil, single: false, fetch: false).mainSQL
        self.keyset =
            checked.strategy == .rawRows ? nil : Keyset.of(rootPlan.plan, schema: session.environment.schema)
        // Windows come later, when another process may have changed the schema: a window
        // read against other columns could show a value under another column's name.
        let schemaVersion = session.schemaVersion
        log.readCheck = { db in
            guard try Session.schemaVersion(db) == schemaVersion else {
                throw ArborError(
                    "another process changed the schema since this result was read: run the request again")
            }
        }
        self.rawPages =
            checked.strategy != .rawRows
            ? nil
            : try session.database.read { db in
                RawSQLPages(try session.prepared(checked.validated, db, range: nil).prepared.statement, db)
            }
    }

    /// The number of root rows.
    public func rowCount() throws -> Int {
        lock.lock()
        if let count {
            lock.unlock()
            return count
        }
        lock.unlock()
        let counted = try log.read(session.database, label: "row count") { db in
            if let rawPages { return try rawPages.count(db) }
            return try Lowering().request(rootPlan).fetchCount(db)
        }
        lock.lock()
        count = counted
        lock.unlock()
        return counted
    }

    /// The count if it is known already (never queries).
    public var knownRowCount: Int? {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    /// Root rows of `range` (fewer at the end of the result).
    public func rows(in range: Range<Int>) throws -> [ResultRow] {
        guard !range.isEmpty, range.lowerBound >= 0 else { return [] }
        var result: [ResultRow] = []
        var window = range.lowerBound / windowSize
        while window * windowSize < range.upperBound {
            let rows = try self.window(window)
            let start = window * windowSize
            for (i, row) in rows.enumerated() where range.contains(start + i) { result.append(row) }
            if rows.count < windowSize { break }
            window += 1
        }
        return result
    }

    /// The root row at `index`, if any.
    public func row(at index: Int) throws -> ResultRow? {
        try rows(in: index..<(index + 1)).first
    }

    private func window(_ index: Int) throws -> [ResultRow] {
        lock.lock()
        if let rows = windows[index] {
            lock.unlock()
            return rows
        }
        let previousKey = index > 0 ? lastKeys[index - 1] : nil

        let shown = shownChildren
        lock.unlock()

        let label = "window \(index + 1)"
        var rows: [ResultRow]
        if let rawPages {
            rows = try log.read(session.database, label: label) { db in
                try rawPages.rows(db, offset: index * windowSize, limit: windowSize, valueLimit: ValueCut.displayLimit)
            }
        } else {
            rows = try fetch(page(rootPlan, index, previousKey), rootStrategy, builder, label: label)
        }
        if let childCap, !cappedTargets.isEmpty {
            let capped = CappedChildren(session: session, cap: childCap, log: log, label: label)
            let counts = try cappedTargets.map { try capped.counts($0, rows) }
            if counts.allSatisfy({ $0.values.allSatisfy { $0 <= childCap } }) {
                // Nothing to cut: GRDB prefetches the window as the request says.
                rows = try fetch(
                    page(checked.validated, index, previousKey), checked.strategy, fullBuilder, label: label)
            } else {
                for (target, counted) in zip(cappedTargets, counts) {
                    try capped.attach(
                        target, counts: counted, shown: shown[target.position] ?? [:], to: &rows)
                }
            }
        }
        lock.lock()
        pending.remove(index)
        windows[index] = rows
        if let keyset, let last = rows.last, let values = keyset.values(of: last) { lastKeys[index] = values }
        if rows.count < windowSize { count = count ?? index * windowSize + rows.count }
        evict(around: index)
        lock.unlock()
        return rows
    }

    /// The window `index` of `plan`: by keyset after the previous window's last
    /// row, by offset in keyset order for a jump, else by offset within the
    /// request's own limit. A window by offset keeps the plan validated (`limited`);
    /// a keyset window orders and filters it: a statement of its own, validated as such.
    private func page(_ plan: ValidatedPlan, _ index: Int, _ previous: [DatabaseValue]?) throws -> ValidatedPlan {
        guard let keyset else { return windowOfOwnLimit(plan, index) }
        if index == 0 || previous != nil {
            var keyed = plan.plan
            if let previous, let after = keyset.after(previous) { keyed = keyed.appending(.filter(after)) }
            return try session.validated(keyed.appending(keyset.ordering)).limited(windowSize, offset: nil)
        }
        // A jump: reach the window by offset, once; keyset from then on.
        return try session.validated(plan.plan.appending(keyset.ordering))
            .limited(windowSize, offset: index * windowSize)
    }

    /// The rows of one page, fetched as `strategy` says; its statements go to the log as `label`.
    private func fetch(_ page: ValidatedPlan, _ strategy: FetchStrategy, _ builder: ResultTreeBuilder, label: String)
        throws -> [ResultRow]
    {
        let request = try Lowering().request(page)
        return try log.read(session.database, label: label) { db in
            if strategy.runsPrefetches { return try Row.fetchAll(db, request).map(builder.row) }
            var rows: [ResultRow] = []
            let prepared = try request.makePreparedRequest(db, forSingleResult: false)
            if let layout = try StatementLayout(
                tree: builder.tree, statement: prepared.statement, adapter: prepared.adapter,
                valueLimit: builder.valueLimit)
            {
                try layout.forEachRow(prepared.statement) { rows.append($0) }
                return rows
            }
            let cursor = try Row.fetchCursor(db, request)
            while let row = try cursor.next() { rows.append(builder.row(row)) }
            return rows
        }
    }

    /// A window by offset, within the request's own limit and offset.
    private func windowOfOwnLimit(_ plan: ValidatedPlan, _ index: Int) -> ValidatedPlan {
        let own = plan.plan.limit
        let start = (own?.offset ?? 0) + index * windowSize
        var size = windowSize
        if let limit = own?.limit { size = max(0, min(windowSize, limit - index * windowSize)) }
        return plan.limited(size, offset: start)
    }

    /// Keeps the windows nearest to `index`; keyset keys are tiny and kept.
    private func evict(around index: Int) {
        guard windows.count > maximumWindows else { return }
        let far = windows.keys.sorted { abs($0 - index) > abs($1 - index) }
        for key in far.prefix(windows.count - maximumWindows) { windows[key] = nil }
    }

    /// Fetches up to `count` more rows of the capped to-many child `key` of root row
    /// `index` (the next page, by a request of its own), and returns how many came.
    /// The rows replace the window's copy of the root row, so views read them as
    /// they read the others.
    @discardableResult
    public func loadMoreChildren(ofRow index: Int, key: String, count: Int = 1000) throws -> Int {
        guard index >= 0, count > 0, let row = cachedRow(at: index),
            let position = row.children.firstIndex(where: { $0.key == key && $0.isTruncated }),
            case .toMany(let shown) = row.children[position].value,
            let target = cappedTargets.first(where: { $0.association.key.plural == key }),
            let parent = CappedChildren.Target.value(of: target.parentColumn, in: row)
        else { return 0 }
        let more = try CappedChildren(
            session: session, cap: childCap ?? count, log: log,
            label: "more " + CappedChildren.pageName(key, of: plan.table, parent)
        )
        .page(target, parent: parent, limit: count, offset: shown.count)
        lock.lock()
        defer { lock.unlock() }
        let window = index / windowSize
        if var rows = windows[window], rows.indices.contains(index % windowSize),
            rows[index % windowSize].children.indices.contains(position)
        {
            rows[index % windowSize].children[position].value = .toMany(shown + more)
            windows[window] = rows
        }
        shownChildren[target.position, default: [:]][parent] = shown.count + more.count
        return more.count
    }

    /// The root rows of `range` that are in memory, without querying; nil for the
    /// rows of a window not loaded yet (ask for it with `markPending`).
    public func cachedRow(at index: Int) -> ResultRow? {
        guard index >= 0 else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let rows = windows[index / windowSize] else { return nil }
        let offset = index % windowSize
        return offset < rows.count ? rows[offset] : nil
    }

    /// The window holding row `index`, if it is neither loaded nor asked for yet
    /// (the caller then loads it off the UI thread with `rows(in:)`).
    public func windowToLoad(forRow index: Int) -> Range<Int>? {
        let window = index / windowSize
        lock.lock()
        defer { lock.unlock() }
        guard windows[window] == nil, !pending.contains(window) else { return nil }
        pending.insert(window)
        return (window * windowSize)..<((window + 1) * windowSize)
    }

    /// How many windows are in memory (for tests and benchmarks).
    public var cachedWindowCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return windows.count
    }
}
