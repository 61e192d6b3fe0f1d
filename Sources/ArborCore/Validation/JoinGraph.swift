/// A model of how GRDB merges the joins of a request (`SQLRelation.appendingChild`):
/// every association becomes a chain of steps, each step a child under a key,
/// and two children under one key must be mergeable, or GRDB stops the process
/// ("The association key … is ambiguous", "merging a direct association and an
/// indirect one with including(all:)": T6, T7).
struct JoinGraph {
    enum Kind: Equatable {
        case oneRequired, oneOptional, all, bridge

        /// GRDB's `SQLRelation.Child.Kind.merged(with:)`; `nil` when GRDB traps.
        func merged(with other: Kind) -> Kind?? {
            switch (self, other) {
            case (.oneRequired, .oneRequired), (.oneRequired, .oneOptional), (.oneOptional, .oneRequired):
                return .some(.oneRequired)
            case (.oneOptional, .oneOptional): return .some(.oneOptional)
            case (.all, .all): return .some(.all)
            case (.bridge, .bridge): return .some(.bridge)
            case (.all, .bridge), (.bridge, .all): return .none  // T6
            default: return .some(nil)  // T7
            }
        }
    }

    /// The join condition GRDB compares: destination, foreign key and direction.
    struct Condition: Equatable {
        var destinationTable: String
        var foreignKey: ForeignKeySpec?
        var originIsLeft: Bool
        /// `association(to:on:)`: GRDB merges two such conditions (the last wins),
        /// never one with a foreign key.
        var isExpression = false
    }

    final class Node {
        var children: [(key: String, child: Child)] = []
        /// The aliases given to this join; GRDB merges them when it merges the joins.
        var aliasIDs: Set<Int> = []

        /// The aliases of each join below, merged as GRDB merges them.
        var mergedAliases: [Set<Int>] {
            children.flatMap { [$0.child.node.aliasIDs] + $0.child.node.mergedAliases }
        }
    }

    struct Child {
        var kind: Kind
        var condition: Condition
        var table: String
        var aliasName: String?
        var node: Node
        var displayName: String
    }

    /// One step of an association: a direct association and the refinements of its destination.
    struct Step {
        var base: AssociationBase
        var key: AssociationKey
        var isToMany: Bool
        var operations: [RequestOperation]
        var displayName: String
    }

    static func steps(_ association: AssociationPlan) -> [Step] {
        switch association.base {
        case .commonTable:
            return [
                Step(
                    base: association.base, key: association.key, isToMany: false,
                    operations: association.operations, displayName: association.displayName)
            ]
        case .direct(let kind, _, _, _, _):
            return [
                Step(
                    base: association.base, key: association.key, isToMany: kind.isToMany,
                    operations: association.operations, displayName: association.displayName)
            ]
        case .through(_, _, let pivot, let target, _):
            var steps = Self.steps(pivot) + Self.steps(target)
            if var last = steps.popLast() {
                // The through association's key and refinements apply to its destination.
                last.key = association.key
                last.operations += association.operations.filter { if case .forKey = $0 { false } else { true } }
                last.displayName = association.displayName
                steps.append(last)
            }
            return steps
        }
    }

    /// Adds `association` under `node` as GRDB would, or throws where GRDB would trap.
    static func append(_ association: AssociationPlan, kind: Kind, to node: Node, fail: (String, String?) -> ArborError)
        throws
    {
        try append(steps: steps(association), kind: kind, to: node, inner: nil, fail: fail)
    }

    /// Appends the last step under `node` (with the children of `inner` inside it);
    /// the steps before it become a chain of their own, recursively, as
    /// `SQLRelation.appendingChild(for:kind:)` does.
    private static func append(
        steps: [Step], kind: Kind, to node: Node, inner: Node?, fail: (String, String?) -> ArborError
    ) throws {
        guard let last = steps.last else { return }
        let singular: Bool =
            switch kind {
            case .oneOptional, .oneRequired: true
            case .all: false
            case .bridge: !last.isToMany
            }
        let key = singular ? last.key.singular : last.key.plural
        let child = try makeChild(last, kind: kind, fail: fail)
        for (innerKey, innerChild) in inner?.children ?? [] {
            try add(innerChild, key: innerKey, to: child.node, fail: fail)
        }
        if steps.count == 1 {
            try add(child, key: key, to: node, fail: fail)
            return
        }
        // A through association: its last step hangs under the steps before it.
        let holder = Node()
        try add(child, key: key, to: holder, fail: fail)
        try append(
            steps: Array(steps.dropLast()), kind: kind == .all ? .bridge : kind, to: node, inner: holder, fail: fail)
    }

    private static func makeChild(_ step: Step, kind: Kind, fail: (String, String?) -> ArborError) throws -> Child {
        if case .commonTable(_, let cte, _) = step.base {
            let node = Node()
            var aliasName: String?
            try fill(node, operations: step.operations, aliasName: &aliasName, fail: fail)
            return Child(
                kind: kind,
                condition: Condition(
                    destinationTable: cte.name, foreignKey: nil, originIsLeft: false, isExpression: true),
                table: cte.name, aliasName: aliasName, node: node, displayName: step.displayName)
        }
        guard case .direct(let associationKind, _, let destination, _, let foreignKey) = step.base else {
            throw fail("internal: a step is not a direct association", nil)
        }
        let node = Node()
        var aliasName: String?
        try fill(node, operations: step.operations, aliasName: &aliasName, fail: fail)
        return Child(
            kind: kind,
            condition: Condition(
                destinationTable: destination, foreignKey: foreignKey, originIsLeft: associationKind == .belongsTo),
            table: destination, aliasName: aliasName, node: node, displayName: step.displayName)
    }

    /// The joins a level's operations add, in order.
    static func fill(
        _ node: Node, operations: [RequestOperation], aliasName: inout String?, fail: (String, String?) -> ArborError
    )
        throws
    {
        for operation in operations {
            switch operation {
            case .including(.all, let a): try append(a, kind: .all, to: node, fail: fail)
            case .including(.required, let a), .joining(.required, let a), .annotatedWithRequired(let a):
                try append(a, kind: .oneRequired, to: node, fail: fail)
            case .including(.optional, let a), .joining(.optional, let a), .annotatedWithOptional(let a):
                try append(a, kind: .oneOptional, to: node, fail: fail)
            case .joining(.all, _):
                break
            case .annotated(let selection):
                for case .expression(let e) in selection {
                    for a in e.aggregatedAssociations { try append(a, kind: .oneOptional, to: node, fail: fail) }
                }
            case .having(let e):
                for a in e.aggregatedAssociations { try append(a, kind: .oneOptional, to: node, fail: fail) }
            case .aliased(let alias):
                aliasName = alias.name
                node.aliasIDs.insert(alias.id)
            default:
                break
            }
        }
    }

    private static func add(_ child: Child, key: String, to node: Node, fail: (String, String?) -> ArborError) throws {
        guard let index = node.children.firstIndex(where: { $0.key == key }) else {
            node.children.append((key, child))
            return
        }
        let existing = node.children[index].child
        let ambiguous = fail(
            "the association key \"\(key)\" is ambiguous: `\(existing.displayName)` and `\(child.displayName)` both use it",
            "give one of them its own key with `forKey(\"…\")`")
        guard let mergedKind = existing.kind.merged(with: child.kind) else {
            throw fail(
                "GRDB can not include `\(child.displayName)` and `\(existing.displayName)` with `including(all:)` under one key \"\(key)\"",
                "give the direct one its own key, as in `forKey(\"\(key)List\")`")
        }
        guard let kind = mergedKind, existing.condition == child.condition, existing.table == child.table else {
            throw ambiguous
        }
        if let a = existing.aliasName, let b = child.aliasName, a != b { throw ambiguous }
        for (innerKey, innerChild) in child.node.children {
            try add(innerChild, key: innerKey, to: existing.node, fail: fail)
        }
        existing.node.aliasIDs.formUnion(child.node.aliasIDs)
        node.children[index].child.kind = kind
        if node.children[index].child.aliasName == nil { node.children[index].child.aliasName = child.aliasName }
    }
}
