import ArborCore
import ArborLanguage
import ArborSession

/// The associations to jump along from one row, listed in the children pane
/// after its children, each once, by the direction of its foreign key: `→` to the
/// row this row's key names (`Track.album`), `←` to the rows whose key names this
/// row (`Track.invoiceLines`), then `⇢` the through associations, two keys away
/// (`Track.playlists`). An association and its inverse follow one foreign key one
/// way: the row's own association is shown, else the other table's.
/// A jump runs the request that lands on the rows it names, as the app would write
/// it (`Album.filter(id: 1)`, `InvoiceLine.filter(Column("TrackId") == 1)`), so
/// that moving through the data puts that request in the history. A link whose
/// key is NULL on this row is listed too, dimmed: it names no row to land on.
public struct RowLinks: Sendable, Equatable {
    public enum Direction: Sendable, Equatable {
        case forward, backward, through
    }

    public struct Link: Sendable, Equatable {
        public var direction: Direction
        /// `Book.author`, as the association is typed.
        public var label: String
        /// The request a jump runs: `Author.filter(id: 1)`; empty for a NULL key.
        public var request: String
        /// The request counted for this row (capped, `CappedCount`).
        public var countRequest: String
        /// nil while counting.
        public var count: CappedCount?
        public var countFailed = false
        /// The row's key is NULL: no row to land on, nothing to count.
        public var isNullKey = false

        public var isForward: Bool { direction == .forward }
        /// `→`, `←` or `⇢`.
        public var marker: String {
            switch direction {
            case .forward: "→"
            case .backward: "←"
            case .through: "⇢"
            }
        }
    }

    /// The children pane's level the links belong to.
    public var node: NodePath
    public var links: [Link]

    /// The links of `row` of `table`; nil when the row can not be named by its
    /// primary key (a view, a table keyed by its hidden rowid, the key not selected).
    public static func of(
        row: ResultRow, table: String, node: NodePath, environment: Environment, reverse: ReverseAssociations
    ) -> RowLinks? {
        guard let info = environment.schema.table(named: table), info.kind == .table,
            keyArguments(row: row, primaryKey: info.primaryKey) != nil
        else { return nil }
        let type = environment.displayName(ofTable: table)
        var links: [Link] = []
        var followed: Set<String> = []
        func add(_ entry: AssociationCatalog.Entry, owner: String) {
            guard let key = ForeignKeyLink.resolve(entry, schema: environment.schema),
                let landing = key.landing(from: row, of: table, environment: environment)
            else { return }
            let isForward = key.isForward(from: table)
            guard followed.insert(key.identity(isForward: isForward)).inserted else { return }
            let label = "\(owner).\(SwiftIdentifier.typed(entry.name))"
            switch landing {
            case .filter(let filter):
                let request = "\(environment.displayName(ofTable: key.target(from: table))).filter(\(filter))"
                links.append(
                    Link(
                        direction: isForward ? .forward : .backward, label: label, request: request,
                        countRequest: request))
            case .nullKey:
                links.append(nullLink(isForward ? .forward : .backward, label: label))
            }
        }
        let own = environment.catalog.associations(of: table)
        for entry in own { add(entry, owner: type) }
        for reference in reverse.pointing(at: table) where reference.origin.sqlFolded != table.sqlFolded {
            add(reference.association, owner: environment.displayName(ofTable: reference.origin))
        }
        // Forward first, as the pane reads: what this row names, then what names it.
        links = links.filter(\.isForward) + links.filter { !$0.isForward }
        for entry in own {
            guard case .through = entry.plan.base,
                let landing = ThroughLink.landing(entry, from: row, of: table, environment: environment)
            else { continue }
            let label = "\(type).\(SwiftIdentifier.typed(entry.name))"
            switch landing {
            case .request(let request):
                links.append(Link(direction: .through, label: label, request: request, countRequest: request))
            case .nullKey:
                links.append(nullLink(.through, label: label))
            }
        }
        return links.isEmpty ? nil : RowLinks(node: node, links: links)
    }

    /// A link whose key is NULL on the row: shown, not counted, not jumped along.
    static func nullLink(_ direction: Direction, label: String) -> Link {
        Link(direction: direction, label: label, request: "", countRequest: "", isNullKey: true)
    }

    /// The requests to count: those of the links with a key.
    public var countRequests: [String] { links.filter { !$0.isNullKey }.map(\.countRequest) }

    /// `id: 1`, or `key: ["a": 1, "b": "x"]` for a composite key; nil when a key
    /// column is missing from the row or holds a value no literal can say.
    static func keyArguments(row: ResultRow, primaryKey: [String]) -> String? {
        guard !primaryKey.isEmpty, primaryKey != ["rowid"] else { return nil }
        var literals: [String] = []
        for column in primaryKey {
            guard let index = row.names.firstIndex(where: { $0.sqlFolded == column.sqlFolded }),
                let literal = ValueText.swiftLiteral(row.values[index])
            else { return nil }
            literals.append(literal)
        }
        if primaryKey.count == 1, let only = literals.first { return "id: \(only)" }
        let pairs = zip(primaryKey, literals).map { "\(SQLValue.swiftQuoted($0)): \($1)" }
        return "key: [" + pairs.joined(separator: ", ") + "]"
    }

    /// What the pane shows after the label: the count, "10,000+" past the cap.
    public static func countText(_ link: Link) -> String {
        if link.isNullKey { return "NULL" }
        if link.countFailed { return "?" }
        guard let count = link.count else { return "…" }
        if count.isCapped { return NumberText.grouped(count.cap) + "+" }
        return NumberText.grouped(count.count)
    }
}
