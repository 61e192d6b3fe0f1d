/// While loading evaluates the pending members, the names a type's scope was asked for and
/// does not have: none of its statics, nor an association of its table, nor a nested type.
/// The declarations do not change then, and members name the same types again and again
/// (`belongsTo(Author.self, …)` in each of 20,000 members of `Book`): each miss is found
/// once, not by the eight lookups of a type's scope each time. A member installed under a
/// name forgets that name's misses.
struct EnclosingMisses {
    /// The scope asked: its type and that type's table.
    struct Scope: Equatable {
        var type: String?
        var table: String?
    }

    /// By name, the scopes that lack it: mostly one or two a name.
    private var scopes: [String: [Scope]] = [:]

    func contains(_ name: String, in scope: Scope) -> Bool {
        scopes[name]?.contains(scope) ?? false
    }

    mutating func insert(_ name: String, in scope: Scope) {
        scopes[name, default: []].append(scope)
    }

    /// A member named `name` was installed: a scope may have it now.
    mutating func forget(_ name: String) {
        scopes.removeValue(forKey: name)
    }
}
