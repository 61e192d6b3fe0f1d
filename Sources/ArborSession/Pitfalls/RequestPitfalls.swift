import ArborCore
import ArborLanguage

/// A GRDB behaviour that gives wrong results without an error, found in a
/// request's plan before it runs: what happens, and the change that avoids it.
public struct Pitfall: Sendable, Equatable {
    public var message: String
    public var fix: String

    public init(message: String, fix: String) {
        self.message = message
        self.fix = fix
    }
}

/// The pitfalls of association aggregates users report as wrong results:
/// - two aggregates under one name (the row has two columns of that name, and a
///   record reads the first);
/// - one association refined two ways under one key (groue/GRDB.swift#1559): GRDB
///   joins it once, with every refinement, and each aggregate sees the rows that
///   match them all;
/// - a `sum` or `total` beside another to-many join (groue/GRDB.swift#777): each
///   summed row is repeated once per row of the other association.
enum RequestPitfalls {
    static func find(in plan: RequestPlan) -> [Pitfall] {
        level(plan.levelOperations)
    }

    private struct Aggregate {
        var expression: SQLExpr
        var name: String?
        var plan: AssociationAggregatePlan?
    }

    private static func level(_ operations: [RequestOperation]) -> [Pitfall] {
        var aggregates: [Aggregate] = []
        var joins: [AssociationPlan] = []
        var nested: [Pitfall] = []
        for operation in operations {
            switch operation {
            case .annotated(let items):
                for case .expression(let e) in items where e.containsAggregate { aggregates.append(aggregate(e)) }
            case .having(let e):
                aggregates.append(Aggregate(expression: e, name: nil, plan: nil))
            case .including(.all, let association):
                // Prefetched by a statement of its own: a level apart.
                nested += level(association.operations)
            case .including(_, let association), .joining(_, let association):
                joins.append(association)
                nested += level(association.operations)
            default:
                continue
            }
        }
        return sameName(aggregates) + sameKey(aggregates, joins) + multipliedSums(aggregates, joins) + nested
    }

    private static func aggregate(_ e: SQLExpr) -> Aggregate {
        switch e {
        case .named(.aggregate(let plan), let name): Aggregate(expression: e, name: name, plan: plan)
        case .named(_, let name): Aggregate(expression: e, name: name, plan: nil)
        case .aggregate(let plan): Aggregate(expression: e, name: plan.defaultName, plan: plan)
        default: Aggregate(expression: e, name: nil, plan: nil)
        }
    }

    private static func describe(_ plan: AssociationAggregatePlan?, _ fallback: AssociationPlan?) -> String {
        guard let plan else { return fallback.map { "an aggregate of `\($0.displayName)`" } ?? "an aggregate" }
        let function =
            switch plan {
            case .count: "count"
            case .isEmpty: "isEmpty"
            case .average: "average(…)"
            case .min: "min(…)"
            case .max: "max(…)"
            case .sum: "sum(…)"
            case .total: "total(…)"
            }
        return "`\(plan.association.displayName).\(function)`"
    }

    /// Two aggregates named alike: GRDB selects both, under one name.
    private static func sameName(_ aggregates: [Aggregate]) -> [Pitfall] {
        var seen: [String: Aggregate] = [:]
        var pitfalls: [Pitfall] = []
        for aggregate in aggregates {
            guard let name = aggregate.name else { continue }
            let folded = name.lowercased()
            guard let first = seen[folded] else {
                seen[folded] = aggregate
                continue
            }
            let association = aggregate.plan?.association ?? aggregate.expression.aggregatedAssociations.first
            let descriptions = [
                describe(first.plan, first.expression.aggregatedAssociations.first),
                describe(aggregate.plan, association),
            ]
            let what =
                descriptions[0] == descriptions[1]
                ? "two aggregates \(descriptions[0])" : descriptions.joined(separator: " and ")
            pitfalls.append(
                Pitfall(
                    message:
                        "\(what) are both named `\(name)`: the row has two `\(name)` columns, and the app's `\(name)` property reads the first one for both",
                    fix: "give each aggregate its own name: `\(descriptions[1].dropFirst().dropLast()).forKey(\"…\")`"))
        }
        return pitfalls
    }

    /// One association refined two ways under one key, with an aggregate among them.
    private static func sameKey(_ aggregates: [Aggregate], _ joins: [AssociationPlan]) -> [Pitfall] {
        let aggregated = aggregates.flatMap { $0.expression.aggregatedAssociations }
        var groups: [String: [AssociationPlan]] = [:]
        var order: [String] = []
        for association in aggregated + joins {
            let key = association.key.singular.lowercased()
            if groups[key] == nil { order.append(key) }
            if !(groups[key] ?? []).contains(where: { sameDefinition($0, association) }) {
                groups[key, default: []].append(association)
            }
        }
        return order.compactMap { key -> Pitfall? in
            guard let group = groups[key], group.count > 1,
                group.contains(where: { a in aggregated.contains { sameDefinition($0, a) } })
            else { return nil }
            var names: [String] = []
            for association in group where !names.contains("`\(association.displayName)`") {
                names.append("`\(association.displayName)`")
            }
            return Pitfall(
                message:
                    "\(names.joined(separator: " and ")) \(names.count == 1 ? "is" : "are") refined \(group.count) ways under one association key, `\(key)`: GRDB joins \(names.count == 1 ? "it" : "them") once, with every filter, so each aggregate sees only the rows that match all of them (groue/GRDB.swift#1559)",
                fix:
                    "give each refinement its own key, before its filter: `\(group[1].displayName).forKey(\"…\").filter(…)`"
            )
        }
    }

    private static func sameDefinition(_ a: AssociationPlan, _ b: AssociationPlan) -> Bool {
        a.base == b.base && a.operations == b.operations
    }

    /// A `sum` or `total` beside another to-many join: its rows are repeated.
    private static func multipliedSums(_ aggregates: [Aggregate], _ joins: [AssociationPlan]) -> [Pitfall] {
        let toMany = (aggregates.flatMap { $0.expression.aggregatedAssociations } + joins.filter(\.isToMany))
        var keys: [String: AssociationPlan] = [:]
        for association in toMany where keys[association.key.singular.lowercased()] == nil {
            keys[association.key.singular.lowercased()] = association
        }
        guard keys.count > 1 else { return [] }
        return aggregates.compactMap { aggregate -> Pitfall? in
            guard let plan = aggregate.plan else { return nil }
            switch plan {
            case .sum, .total: break
            default: return nil
            }
            let own = plan.association.key.singular.lowercased()
            let others = keys.filter { $0.key != own }.values.map { "`\($0.displayName)`" }.sorted()
            return Pitfall(
                message:
                    "\(describe(plan, nil)) is computed over a join that also joins \(others.joined(separator: ", ")) (to-many): each of its rows is added once per row of \(others.count == 1 ? "that association" : "those associations") (groue/GRDB.swift#777)",
                fix:
                    "compute it in a request of its own, `annotated(with: \(plan.association.displayName).sum(…))` with no other to-many association"
            )
        }
    }
}
