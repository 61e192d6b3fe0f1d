import GRDB

extension DerivableRequest<Member> {
    func admins() -> Self {
        filter(Member.Columns.isAdmin == true)
    }

    func named(_ name: String) -> Self {
        filter(Member.Columns.name == name)
    }

    func orderedByName(descending: Bool = false) -> Self {
        if descending {
            return order(Member.Columns.name.desc)
        } else {
            return order(Member.Columns.name)
        }
    }
}
