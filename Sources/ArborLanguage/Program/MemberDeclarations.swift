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

    private var typePlaces: [String: (unit: Int, range: SourceRange)] = [:]
    private var instancePlaces: [String: (unit: Int, range: SourceRange)] = [:]
    /// Where each static member a later declaration of its name replaced was declared.
    private var replacedStatics: Set<Place> = []

    /// Where a declaration's name starts, in which unit.
    private struct Place: Hashable {
        var unit: Int
        var offset: Int
    }

    /// Records `key` (`Type.member`) declared at `range` of `unit`; gives the place it was
    /// declared before at the same level, if it was. One hash of `key`: a load declares every member.
    mutating func declare(_ key: String, level: Level, unit: Int, range: SourceRange) -> (
        unit: Int, range: SourceRange
    )? {
        switch level {
        case .type:
            let earlier = typePlaces.updateValue((unit, range), forKey: key)
            if let earlier { replacedStatics.insert(Place(unit: earlier.unit, offset: earlier.range.lowerBound)) }
            return earlier
        case .instance:
            return instancePlaces.updateValue((unit, range), forKey: key)
        }
    }

    /// Whether the static member declared at `range` of `unit` was replaced by a later
    /// declaration of its name: only the last is in effect. No hash while none was.
    func isReplacedStatic(unit: Int, range: SourceRange) -> Bool {
        !replacedStatics.isEmpty && replacedStatics.contains(Place(unit: unit, offset: range.lowerBound))
    }

    /// Where the member `key` of `level` was last declared.
    func place(of key: String, level: Level) -> (unit: Int, range: SourceRange)? {
        switch level {
        case .type: typePlaces[key]
        case .instance: instancePlaces[key]
        }
    }
}
