import ArborSession

/// The SQL pane: first the statements the app would run for the last request
/// (GRDB's main statement and each prefetch, as typed, unwindowed), then every
/// statement arbor ran for it, labelled (window 1, window 2, more books of …).
public struct SQLState: Sendable {
    /// One line of the pane.
    public enum Entry: Equatable, Sendable {
        case app(Int)
        /// Why the app's statements are not shown (yet).
        case appNote(String)
        /// Older statements that ran and are no longer kept.
        case dropped(Int)
        case ran(Int)
    }

    /// What the app would run; nil while it is worked out, or when it could not be.
    public var appStatements: [CapturedStatement]? {
        didSet {
            appLines = appStatements?.map { SQLLayout.oneLine($0.sql) } ?? []
            measures = []
        }
    }
    /// The app's statements run once each in the background, in their order (nil:
    /// that one failed); empty until they arrive.
    public var measures: [StatementMeasure?] = []
    /// Said instead of the app's statements while they are nil.
    public var appNote = "the app's statements: working them out…"
    /// Every statement that ran, oldest first (the last ones when there were many).
    public private(set) var ran: [CapturedStatement] = []
    /// The statements as the pane's lines show them, laid out once rather than at
    /// every frame (a prefetch may list thousands of keys).
    public private(set) var appLines: [String] = []
    public private(set) var ranLines: [String] = []
    /// How many statements ran before those of `ran`.
    public var dropped = 0
    /// How many statements the log held when `ran` was read from it.
    public var ranTotal = 0
    public var selected = 0
    public var top = 0

    public init(
        appStatements: [CapturedStatement]? = nil, ran: [CapturedStatement] = [], dropped: Int = 0, ranTotal: Int? = nil
    ) {
        self.appStatements = appStatements
        self.ran = ran
        appLines = appStatements?.map { SQLLayout.oneLine($0.sql) } ?? []
        ranLines = ran.map { SQLLayout.oneLine($0.sql) }
        self.dropped = dropped
        self.ranTotal = ranTotal ?? ran.count + dropped
    }

    public var isEmpty: Bool { appStatements == nil && ran.isEmpty }

    public var entries: [Entry] {
        guard !isEmpty else { return [] }
        var entries: [Entry] = appStatements.map { $0.indices.map { .app($0) } } ?? [.appNote(appNote)]
        if dropped > 0 { entries.append(.dropped(dropped)) }
        entries += ran.indices.map { .ran($0) }
        return entries
    }

    /// The statement of an entry, if it is one.
    public func statement(_ entry: Entry) -> CapturedStatement? {
        switch entry {
        case .app(let i): appStatements.flatMap { $0.indices.contains(i) ? $0[i] : nil }
        case .ran(let i): ran.indices.contains(i) ? ran[i] : nil
        case .appNote, .dropped: nil
        }
    }

    /// How an app's statement ran when arbor ran it once, if it did.
    public func measure(_ entry: Entry) -> StatementMeasure? {
        guard case .app(let i) = entry, measures.indices.contains(i) else { return nil }
        return measures[i]
    }

    /// The line the pane shows for an entry's statement.
    public func line(_ entry: Entry) -> String? {
        switch entry {
        case .app(let i): appLines.indices.contains(i) ? appLines[i] : nil
        case .ran(let i): ranLines.indices.contains(i) ? ranLines[i] : nil
        case .appNote, .dropped: nil
        }
    }

    public var selectedEntry: Entry? {
        let entries = self.entries
        return entries.indices.contains(selected) ? entries[selected] : nil
    }

    public mutating func move(by steps: Int, height: Int) {
        let count = entries.count
        guard count > 0 else { return }
        selected = min(max(0, selected + steps), count - 1)
        if selected < top { top = selected }
        if height > 0, selected >= top + height { top = selected - height + 1 }
    }

    /// Reads the statements that ran from `log` again if it grew; the selection
    /// stays on its statement.
    public mutating func refresh(from log: StatementLog) {
        guard log.total != ranTotal else { return }
        let before = selectedEntry
        let snapshot = log.snapshot
        // Only the statements new since the last read are laid out.
        let new = min(snapshot.statements.count, snapshot.total - ranTotal)
        let kept = snapshot.statements.count - new
        ranLines = Array(ranLines.suffix(kept)) + snapshot.statements.suffix(new).map { SQLLayout.oneLine($0.sql) }
        if ranLines.count != snapshot.statements.count {
            ranLines = snapshot.statements.map { SQLLayout.oneLine($0.sql) }
        }
        ran = snapshot.statements
        ranTotal = snapshot.total
        let shift = snapshot.dropped - dropped
        dropped = snapshot.dropped
        if case .ran(let i)? = before {
            let entries = self.entries
            selected = entries.firstIndex(of: .ran(max(0, i - shift))) ?? selected
        }
    }
}
