import ArborCore

/// Where each member of the loaded types was declared, to say when one is declared again.
/// Swift keeps a type's static members apart from its instance members: `static let instance
/// = belongsTo(…)` and `var instance: QueryInterfaceRequest<…>` are two members of one name,
/// neither replacing the other; only a member of the same level declared twice is one again.
struct MemberDeclarations {
    enum Level: Hashable {
        /// `static let`, `static func`: the type's own members.
        case type
        /// `var`, `func`: members of the type's values.
        case instance
    }

    private var places: [Level: [String: (unit: Int, range: SourceRange)]] = [:]

    /// Records `key` (`Type.member`) declared at `range` of `unit`; gives the place it was
    /// declared before at the same level, if it was.
    mutating func declare(_ key: String, level: Level, unit: Int, range: SourceRange) -> (
        unit: Int, range: SourceRange
    )? {
        let earlier = places[level]?[key]
        places[level, default: [:]][key] = (unit, range)
        return earlier
    }

    /// Where the member `key` of `level` was last declared.
    func place(of key: String, level: Level) -> (unit: Int, range: SourceRange)? {
        places[level]?[key]
    }
}
