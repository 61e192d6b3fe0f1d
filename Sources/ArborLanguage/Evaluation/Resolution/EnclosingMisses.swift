/// While loading evaluates the pending members, the names the scope of the type last asked
/// does not have: none of its statics, nor an association of its table, nor a nested type.
/// The declarations do not change then, members are evaluated type after type, and a type's
/// members name the same types again and again (`belongsTo(Author.self, …)` in each of
/// 20,000 members of `Book`): each miss is found once, not by the eight lookups of a type's
/// scope each time. Another scope asked drops them (one set, not a table of every scope's
/// misses: each of 20,000 record types missing `Book` once made that cost more than it saved);
/// a member installed under a name forgets that name.
struct EnclosingMisses {
    /// The scope asked: its type and that type's table.
    struct Scope: Equatable {
        var type: String?
        var table: String?
    }

    private var scope: Scope?
    private var names: Set<String> = []

    func contains(_ name: String, in scope: Scope) -> Bool {
        self.scope == scope && names.contains(name)
    }

    mutating func insert(_ name: String, in scope: Scope) {
        if self.scope != scope {
            self.scope = scope
            names.removeAll(keepingCapacity: true)
        }
        names.insert(name)
    }

    /// A member named `name` was installed: a scope may have it now.
    mutating func forget(_ name: String) {
        names.remove(name)
    }
}
