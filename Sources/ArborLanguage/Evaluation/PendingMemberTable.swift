import ArborCore

/// The members of loaded declarations not evaluated yet, by type path then name, and how
/// many wait under each name: a name mentioned in a member (`Author` in
/// `belongsTo(Author.self)`) asks whether any type of a table has a member of that name
/// pending (or failed, to say why), and with thousands of types on one table, visiting
/// each was quadratic.
///
/// The members stay where they were added; taking one out only marks its place, so that
/// thousands of members of one type are not moved about in a dictionary one by one.
public struct PendingMemberTable: Sendable {
    /// Every member added, in the order added; nil once taken out or replaced.
    private var members: [PendingMember?] = []
    /// Where each pending member is in `members`, by type path then name.
    private var positions: [String: [String: Int]] = [:]
    private var countByName: [String: Int] = [:]
    private var failedNames: Set<String> = []

    public init() {}

    public var isEmpty: Bool { countByName.isEmpty }

    /// Whether the type at `path` has members pending.
    public func hasMembers(of path: String) -> Bool { positions[path] != nil }

    /// Whether the type at `path` has a member `name` pending.
    public func contains(_ name: String, of path: String) -> Bool { positions[path]?[name] != nil }

    /// The pending members by type path, then by where each is declared: the order loading
    /// forces them in.
    public var inLoadingOrder: [PendingMember] {
        members.compactMap { $0 }.sorted {
            $0.typePath != $1.typePath
                ? $0.typePath < $1.typePath : $0.nameRange.lowerBound < $1.nameRange.lowerBound
        }
    }

    /// Whether some type has a member `name` pending, or one that could not be declared.
    public func hasPendingOrFailed(named name: String) -> Bool {
        countByName[name] != nil || failedNames.contains(name)
    }

    /// Whether a member `name` of some type could not be declared.
    public func hasFailed(named name: String) -> Bool {
        !failedNames.isEmpty && failedNames.contains(name)
    }

    /// A member `name` could not be declared: naming it says why.
    public mutating func markFailed(_ name: String) {
        failedNames.insert(name)
    }

    /// Adds `member`, replacing one of the same type and name.
    public mutating func add(_ member: PendingMember) {
        if let position = positions[member.typePath]?[member.name] {
            members[position] = member
            return
        }
        positions[member.typePath, default: [:]][member.name] = members.count
        members.append(member)
        countByName[member.name, default: 0] += 1
    }

    /// Takes the member `name` of the type at `path` out, if it is pending.
    public mutating func remove(_ name: String, of path: String) -> PendingMember? {
        // Asked for every name a member's value mentions, and mostly in vain: the count by
        // name answers first.
        guard countByName[name] != nil, let position = positions[path]?.removeValue(forKey: name) else { return nil }
        if positions[path]?.isEmpty == true { positions[path] = nil }
        let left = (countByName[name] ?? 1) - 1
        countByName[name] = left > 0 ? left : nil
        defer { members[position] = nil }
        return members[position]
    }
}
