import ArborCore

/// The members of loaded declarations not evaluated yet, by type path then name, and how
/// many wait under each name: a name mentioned in a member (`Author` in
/// `belongsTo(Author.self)`) asks whether any type of a table has a member of that name
/// pending (or failed, to say why), and with thousands of types on one table, visiting
/// each was quadratic.
///
/// The members stay where they were added, and taking one out only marks its place:
/// loading takes every member in turn by its place, with no lookup by name.
public struct PendingMemberTable: Sendable {
    /// Every member added, in the order added; nil once taken out or replaced.
    private var members: [PendingMember?] = []
    /// Where each member was added in `members`, by type path then name (taken ones too).
    private var positions: [String: [String: Int]] = [:]
    /// How many wait, by type path and by name. A count that falls to 0 stays, at 0: taking
    /// out each of 20,000 names would otherwise delete it from the table, moving its neighbours.
    private var pendingByPath: [String: Int] = [:]
    private var countByName: [String: Int] = [:]
    private var pendingCount = 0
    private var failedNames: Set<String> = []

    public init() {}

    public var isEmpty: Bool { pendingCount == 0 }

    /// Whether the type at `path` has members pending.
    public func hasMembers(of path: String) -> Bool { (pendingByPath[path] ?? 0) > 0 }

    /// Whether the type at `path` has a member `name` pending.
    public func contains(_ name: String, of path: String) -> Bool {
        positions[path]?[name].map { members[$0] != nil } ?? false
    }

    /// The places of the pending members by type path, then by where each is declared: the
    /// order loading forces them in (`take(at:)`).
    public var placesInLoadingOrder: [Int] {
        var keys: [(path: String, offset: Int, place: Int)] = []
        for (place, member) in members.enumerated() {
            if let member { keys.append((member.typePath, member.nameRange.lowerBound, place)) }
        }
        keys.sort { $0.path != $1.path ? $0.path < $1.path : $0.offset < $1.offset }
        return keys.map(\.place)
    }

    /// The pending members, in loading's order.
    public var inLoadingOrder: [PendingMember] { placesInLoadingOrder.compactMap { members[$0] } }

    /// Whether some type has a member `name` pending, or one that could not be declared.
    public func hasPendingOrFailed(named name: String) -> Bool {
        (countByName[name] ?? 0) > 0 || failedNames.contains(name)
    }

    /// Whether a member `name` of some type could not be declared.
    public func hasFailed(named name: String) -> Bool {
        !failedNames.isEmpty && failedNames.contains(name)
    }

    /// A member `name` could not be declared: naming it says why.
    public mutating func markFailed(_ name: String) {
        failedNames.insert(name)
    }

    /// Adds `member`, replacing a pending one of the same type and name.
    public mutating func add(_ member: PendingMember) {
        // The type's names found once, and changed in place.
        if let pending = Self.place(of: member.name, in: &positions[member.typePath, default: [:]], members: members) {
            members[pending] = member
            return
        }
        members.append(member)
        countByName[member.name, default: 0] += 1
        pendingByPath[member.typePath, default: 0] += 1
        pendingCount += 1
    }

    /// The place of the pending member `name` among a type's `names`, if there is one; if
    /// not, `name` is placed at the end of `members`, where the caller appends it.
    private static func place(of name: String, in names: inout [String: Int], members: [PendingMember?]) -> Int? {
        guard let earlier = names.updateValue(members.count, forKey: name) else { return nil }
        guard members[earlier] != nil else { return nil }
        names[name] = earlier
        return earlier
    }

    /// Takes the member `name` of the type at `path` out, if it is pending.
    public mutating func remove(_ name: String, of path: String) -> PendingMember? {
        // Asked for every name a member's value mentions, and mostly in vain: the count by
        // name answers first.
        guard (countByName[name] ?? 0) > 0, let position = positions[path]?[name] else { return nil }
        return take(at: position)
    }

    /// Takes the member at `place` (of `placesInLoadingOrder`) out, if it is still pending.
    public mutating func take(at place: Int) -> PendingMember? {
        guard members.indices.contains(place), let member = members[place] else { return nil }
        members[place] = nil
        countByName[member.name, default: 0] -= 1
        pendingByPath[member.typePath, default: 0] -= 1
        pendingCount -= 1
        return member
    }
}
