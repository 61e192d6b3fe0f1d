import ArborCore
import ArborLanguage
import ArborSession

extension AppState {
    /// The children pane's entries for `node`, the row's links after its children.
    func childListing(_ source: any ResultSource, _ node: NodePath) -> ChildListing {
        ChildListing(source: source, node: node, links: links?.node == node ? links?.links.count ?? 0 : 0)
    }

    /// The link selected in the children pane, if one is.
    var selectedLink: RowLinks.Link? {
        guard focus == .children, let source = results?.source, let level = miller?.current,
            let index = childListing(source, level.node).entry(at: level.selected)?.link
        else { return nil }
        return links?.links[index]
    }

    /// After a key: when the children pane shows another row, lists that row's links
    /// and asks for their counts (for this row only, capped).
    mutating func refreshLinks() -> [Effect] {
        guard let source = results?.source, let node = miller?.current?.node,
            let (table, row) = Self.linkableRow(source.node(at: node))
        else {
            links = nil
            return []
        }
        if links?.node == node { return [] }
        let environment = schema.environment
        let reverse =
            reverseAssociations ?? ReverseAssociations(schema: environment.schema, catalog: environment.catalog)
        reverseAssociations = reverse
        links = RowLinks.of(row: row, table: table, node: node, environment: environment, reverse: reverse)
        guard let links else { return [] }
        let requests = links.countRequests
        return requests.isEmpty ? [] : [.countLinks(requests)]
    }

    /// A row the links can name: a root row or a to-one row.
    static func linkableRow(_ node: ResultNode?) -> (table: String, row: ResultRow)? {
        switch node {
        case .row(let table, let row)?: (table, row)
        case .toOne(_, let table, let row?)?: (table, row)
        default: nil
        }
    }

    /// A count of a link arrived.
    mutating func linkCounted(_ request: String, _ count: CappedCount?) {
        guard var links else { return }
        for i in links.links.indices where links.links[i].countRequest == request {
            links.links[i].count = count
            links.links[i].countFailed = count == nil
        }
        self.links = links
    }

    /// → on a link: runs its request as if typed, so that it lands in the history
    /// (↑ gives it back, `y` copies it); the results pane then walks its rows.
    mutating func jump(_ link: RowLinks.Link) -> [Effect] {
        guard !link.isNullKey else {
            notice = Notice(text: Self.nullKeyText(link), isError: false)
            return []
        }
        input.set(link.request)
        let effects = submit()
        focus = .results
        return effects
    }

    /// Why a link with a NULL key leads nowhere.
    static func nullKeyText(_ link: RowLinks.Link) -> String {
        "\(link.label): the key is NULL on this row, so it names no row to go to"
    }
}
