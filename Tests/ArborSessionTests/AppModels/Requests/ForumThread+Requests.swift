import GRDB

enum ThreadOrdering {
    case byTitle, byNewest
}

extension DerivableRequest where RowDecoder == ForumThread {
    func kind(_ kind: ForumThread.Kind) -> Self {
        filter(ForumThread.Columns.kind == kind.rawValue)
    }

    func pinnedFirst() -> Self {
        order(ForumThread.Columns.pinned.desc, ForumThread.Columns.id)
    }

    /// Announcements, pinned ones first: request methods call each other.
    func featured() -> Self {
        pinnedFirst().kind(.announcement)
    }

    func search(_ query: String?) -> Self {
        guard let query, !query.isEmpty else { return self }
        return filter(ForumThread.Columns.title.like("%" + query + "%"))
    }

    func titled(in titles: [String]) -> Self {
        filter(titles.contains(ForumThread.Columns.title))
    }

    func ordered(by ordering: ThreadOrdering) -> Self {
        switch ordering {
        case .byTitle:
            return order(ForumThread.Columns.title)
        case .byNewest:
            return order(ForumThread.Columns.id.desc)
        }
    }
}

extension QueryInterfaceRequest<Post> {
    func approved(_ isApproved: Bool = true) -> QueryInterfaceRequest<Post> {
        let column = Post.Columns.isApproved
        return filter(column == isApproved)
    }
}
