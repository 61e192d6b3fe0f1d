/// The members of loaded declarations not evaluated yet, by type path then name, and how
/// many wait under each name: a name mentioned in a member (`Author` in
/// `belongsTo(Author.self)`) asks whether any type of a table has a member of that name
/// pending (or failed, to say why), and with thousands of types on one table, visiting
/// each was quadratic.
public struct PendingMemberTable: Sendable {
    private var byType: [String: [String: PendingMember]] = [:]
    private var countByName: [String: Int] = [:]
    private var failedNames: Set<String> = []

    public init() {}

    public var isEmpty: Bool { byType.isEmpty }

    /// The types with members pending.
    public var paths: Dictionary<String, [String: PendingMember]>.Keys { byType.keys }

    /// The members pending in the type at `path`, by name.
    public subscript(path: String) -> [String: PendingMember]? { byType[path] }

    /// Whether some type has a member `name` pending, or one that could not be declared.
    public func hasPendingOrFailed(named name: String) -> Bool {
        countByName[name] != nil || failedNames.contains(name)
    }

    /// A member `name` could not be declared: naming it says why.
    public mutating func markFailed(_ name: String) {
        failedNames.insert(name)
    }

    /// Adds `member`, replacing one of the same type and name.
    public mutating func add(_ member: PendingMember) {
        if byType[member.typePath, default: [:]].updateValue(member, forKey: member.name) == nil {
            countByName[member.name, default: 0] += 1
        }
    }

    /// Takes the member `name` of the type at `path` out, if it is pending.
    public mutating func remove(_ name: String, of path: String) -> PendingMember? {
        // Asked for every name a member's value mentions, and mostly in vain: the count by
        // name answers first, and the type's entry is found once.
        guard countByName[name] != nil, let position = byType.index(forKey: path),
            let member = byType.values[position].removeValue(forKey: name)
        else { return nil }
        if byType.values[position].isEmpty { byType.remove(at: position) }
        let left = (countByName[name] ?? 1) - 1
        countByName[name] = left > 0 ? left : nil
        return member
    }
}
