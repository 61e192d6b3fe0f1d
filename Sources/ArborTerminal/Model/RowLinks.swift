import ArborCore
import ArborLanguage
import ArborSession

/// The associations to jump along from one row, listed in the children pane
/// after its children: forward (the row's own associations, `→`) and backward
/// (every association of any table whose destination is the row's table, `←`).
/// Each is a request the user could type, run when they jump, so that moving
/// through the data puts the request that expresses it in the history.
public struct RowLinks: Sendable, Equatable {
    public struct Link: Sendable, Equatable {
        public var isForward: Bool
        /// `Book.author`, as the association is typed.
        public var label: String
        /// The request a jump runs: `Author.filter(id: 1).including(all: Author.books)`.
        public var request: String
        /// The request counted for this row (capped, `CappedCount`).
        public var countRequest: String
        /// nil while counting.
        public var count: CappedCount?
        public var countFailed = false
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
            let key = keyArguments(row: row, primaryKey: info.primaryKey)
        else { return nil }
        let type = environment.displayName(ofTable: table)
        var links: [Link] = []
        for entry in environment.catalog.associations(of: table) {
            let association = "\(type).\(SwiftIdentifier.typed(entry.name))"
            let include = entry.plan.isToMany ? "all" : "optional"
            links.append(
                Link(
                    isForward: true, label: association,
                    request: "\(type).filter(\(key)).including(\(include): \(association))",
                    countRequest: "\(type).filter(\(key)).joining(required: \(association))"))
        }
        for reference in reverse.pointing(at: table) {
            let origin = environment.displayName(ofTable: reference.origin)
            let association = "\(origin).\(SwiftIdentifier.typed(reference.association.name))"
            let request = "\(origin).joining(required: \(association).filter(\(key)))"
            links.append(Link(isForward: false, label: association, request: request, countRequest: request))
        }
        return links.isEmpty ? nil : RowLinks(node: node, links: links)
    }

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
        if link.countFailed { return "?" }
        guard let count = link.count else { return "…" }
        if count.isCapped { return NumberText.grouped(count.cap) + "+" }
        return NumberText.grouped(count.count)
    }
}
