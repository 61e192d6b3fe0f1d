import ArborCore

/// Building associations from a record type, and aggregating to-many ones.
extension GRDBAPI {
    static let associationMembers: [GRDBMember] =
        ["belongsTo", "hasMany", "hasOne"].map(associationFactory)
        + [
            GRDBMember(
                .method, "association", [CallForm(["to"]), CallForm(["to", "on"])], on: [.table],
                symbols: symbols("TableRecord", "Table", member: "association(to:on:)")
                    + symbols("TableRecord", "Table", member: "association(to:)"),
                notOffered: { _, call in
                    ArborError(
                        "`association(to:on:)` builds an association from a record type, as in `Author.association(to: cte, on: …)`",
                        at: call.nameRange)
                }
            ) { evaluator, call in
                .association(
                    try evaluator.commonTableAssociation(from: call.table, arguments: call.arguments, range: call.range)
                )
            },
            aggregateProperty("count", symbol: "AssociationToMany.count") { .count($0) },
            aggregateProperty("isEmpty", symbol: "AssociationToMany.isEmpty") { .isEmpty($0) },
        ]
        + ["min", "max", "average", "sum", "total"].map(aggregateMethod)

    /// `belongsTo(_:key:using:)`, `hasMany(_:through:using:key:)`…
    static func associationFactory(_ name: String) -> GRDBMember {
        let direct = [
            CallForm([nil]), CallForm([nil, "key"]), CallForm([nil, "using"]), CallForm([nil, "key", "using"]),
        ]
        let through =
            name == "belongsTo"
            ? [] : [CallForm([nil, "through", "using"]), CallForm([nil, "through", "using", "key"])]
        var member = GRDBMember(
            .method, name, direct + through, on: [.table],
            symbols: symbols("TableRecord", "Table", member: "\(name)(_:key:using:)")
                + (through.isEmpty ? [] : symbols("TableRecord", "Table", member: "\(name)(_:through:using:key:)")),
            detail: name == "belongsTo"
                ? "belongsTo(_:key:using:)" : "\(name)(_:key:using:) · \(name)(_:through:using:key:)",
            notOffered: { _, call in
                ArborError(
                    "`\(call.name)` builds an association from a table, as in `Book.\(call.name)(Author.self)`",
                    at: call.nameRange)
            }
        ) { evaluator, call in
            .association(
                try evaluator.associationFactory(
                    call.name, origin: call.table, arguments: call.arguments, range: call.range))
        }
        // Its own messages say which label belongs where (`through:` before `using:`).
        member.checksOwnArguments = true
        return member
    }

    /// `Author.books.count`, `Author.books.isEmpty`.
    static func aggregateProperty(
        _ name: String, symbol: String, _ aggregate: @escaping @Sendable (AssociationPlan) -> AssociationAggregatePlan
    ) -> GRDBMember {
        GRDBMember(.property, name, on: [.association], symbols: [symbol], detail: "\(name): aggregate") { _, call in
            let association = try call.toManyAssociation()
            return .expression(.aggregate(aggregate(association)))
        }
    }

    /// `Author.books.max(Column("year"))`, with a closure too (`max { $0.year }`).
    static func aggregateMethod(_ name: String) -> GRDBMember {
        GRDBMember(
            .method, name, [CallForm([nil])], on: [.association],
            symbols: ["AssociationToMany.\(name)(_:)"],
            notOffered: { _, call in ArborError("`\(call.name)` applies to associations", at: call.nameRange) }
        ) { evaluator, call in
            let association = try call.toManyAssociation()
            let column = try evaluator.withScope({
                $0.columnTable = association.destination
                $0.extraColumns = []
            }) {
                try evaluator.closureOrExpression(call.arguments[0], table: association.destination)
            }
            let aggregate: AssociationAggregatePlan =
                switch call.name {
                case "min": .min(association, column)
                case "max": .max(association, column)
                case "average": .average(association, column)
                case "sum": .sum(association, column)
                default: .total(association, column)
                }
            return .expression(.aggregate(aggregate))
        }
    }
}

extension GRDBCall {
    /// The association called on, when it is to-many: aggregates need one.
    func toManyAssociation() throws -> AssociationPlan {
        guard case .association(let association)? = receiver else { throw unexpectedReceiver }
        guard association.isToMany else {
            throw ArborError(
                "`\(name)` is an aggregate of to-many associations; `\(association.displayName)` is to-one",
                at: nameRange)
        }
        return association
    }
}
