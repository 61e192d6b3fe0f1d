import GRDB

/// GRDB's association key rules (`SQLAssociationKey`), which GRDB keeps internal:
/// the names under which joined and prefetched rows appear.
public enum AssociationKey: Hashable, Sendable {
    /// Inflected in both directions: a table name.
    case inflected(String)
    /// `key:`/`forKey` on a to-one association: used as is in to-one positions.
    case fixedSingular(String)
    /// `key:`/`forKey` on a to-many association: used as is by `including(all:)`.
    case fixedPlural(String)

    public var singular: String {
        switch self {
        case .inflected(let name), .fixedPlural(let name): Naming.singularize(name)
        case .fixedSingular(let name): name
        }
    }

    public var plural: String {
        switch self {
        case .inflected(let name), .fixedSingular(let name): Naming.pluralize(name)
        case .fixedPlural(let name): name
        }
    }
}

extension AssociationPlan {
    /// The key GRDB gives this association, after `key:` and the last `forKey`.
    public var key: AssociationKey {
        var key = base.defaultKey
        for case .forKey(let name) in operations {
            key = isToMany ? .fixedPlural(name) : .fixedSingular(name)
        }
        return key
    }

    /// The nested scope names under which a to-one inclusion appears in a row:
    /// a through association is nested under the scopes of its pivots.
    public var scopePath: [String] {
        switch base {
        case .direct, .commonTable: return [key.singular]
        case .through(_, _, let pivot, let target, _):
            return pivot.scopePath + target.scopePath.dropLast() + [key.singular]
        }
    }
}

extension AssociationBase {
    var defaultKey: AssociationKey {
        switch self {
        case .direct(let kind, _, let destination, let key, _):
            guard let key else { return .inflected(destination) }
            return kind.isToMany ? .fixedPlural(key) : .fixedSingular(key)
        case .through(let kind, _, _, let target, let key):
            guard let key else { return target.key }
            return kind.isToMany ? .fixedPlural(key) : .fixedSingular(key)
        case .commonTable(_, let cte, _):
            return .inflected(cte.name)
        }
    }
}
