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

    /// Records `key` (`Type.member`) declared at `range` of `unit`; gives the place it was
    /// declared before at the same level, if it was. One hash of `key`: a load declares every member.
    mutating func declare(_ key: String, level: Level, unit: Int, range: SourceRange) -> (
        unit: Int, range: SourceRange
    )? {
        switch level {
        case .type: typePlaces.updateValue((unit, range), forKey: key)
        case .instance: instancePlaces.updateValue((unit, range), forKey: key)
        }
    }

    /// Where the member `key` of `level` was last declared.
    func place(of key: String, level: Level) -> (unit: Int, range: SourceRange)? {
        switch level {
        case .type: typePlaces[key]
        case .instance: instancePlaces[key]
        }
    }
}
