import ArborCore

/// Values GRDB takes in one place that a user writes in another: a `forKey`
/// name in a condition, an association aggregate in `order`. Each error says
/// where the value belongs, as GRDB spells it.
extension Evaluator {
    /// `Column("a").forKey("x")` in a filter, an ordering or an operand.
    static func misplacedForKey(_ value: Value, range: SourceRange) -> ArborError? {
        guard case .selection(.expression(.named(_, let key))) = value else { return nil }
        return ArborError(
            "`forKey` names a selected value: it belongs in `select(…)` or `annotated(with:)`, not here", at: range,
            suggestion:
                "drop `.forKey(\(SQLValue.swiftQuoted(key)))` here; a value selected under that name is `Column(\(SQLValue.swiftQuoted(key))).detached`"
        )
    }

    /// `annotated(with: Author.books.count).order(Column("bookCount"))`: the request joins, so
    /// GRDB writes `"author"."bookCount"`, which SQLite does not find. `detached` leaves it unqualified.
    static func selectedNameAsColumn(_ name: String, table: String, range: SourceRange) -> ArborError {
        let quoted = SQLValue.swiftQuoted(name)
        return ArborError(
            "`\(name)` is a name this request selects, not a column of `\(table)`: as the request joins other tables, GRDB writes `Column(\(quoted))` as `\"\(table)\".\"\(name)\"`",
            at: range, suggestion: "write `Column(\(quoted)).detached`")
    }

    /// True when the operations join other tables to the request's own, so that GRDB
    /// qualifies its columns with the table's name.
    static func joinsOtherTables(_ operations: [RequestOperation]) -> Bool {
        operations.contains { operation in
            switch operation {
            case .including(let kind, _): kind != .all
            case .joining, .annotatedWithRequired, .annotatedWithOptional: true
            case .filter(let e), .having(let e): e.containsAggregate
            case .annotated(let selection):
                selection.contains { item in
                    if case .expression(let e) = item { e.containsAggregate } else { false }
                }
            default: false
            }
        }
    }

    /// An association aggregate given to what GRDB defines on expressions only (`like`,
    /// `between`, `contains`, `coalesce`, collations): refused where it is written.
    static func refuseAggregate(_ e: SQLExpr, in function: String, range: SourceRange) throws {
        guard e.containsAggregate else { return }
        throw ArborError(
            "GRDB's `\(function)` does not take an association aggregate", at: range,
            suggestion: function == "coalesce"
                ? "`??` gives an aggregate a default, as in `Author.books.max(Column(\"year\")) ?? 0`"
                : "compare aggregates with operators, as in `Author.books.count >= 2`")
    }

    /// `forKey` called on a table or a request, which GRDB does not name.
    func misplacedForKey(on receiver: Receiver, nameRange: SourceRange) -> ArborError {
        let table = receiver.table
        let type = environment.displayName(ofTable: table)
        let example = environment.catalog.associations(of: table).first.map { "`\(type).\($0.name).forKey(\"…\")`" }
        return ArborError(
            "`forKey` names an association or a selected value, not \(receiver.isTable ? "a table" : "a request")",
            at: nameRange,
            suggestion: [example, "`Column(\"…\").forKey(\"…\")` in `select(…)` or `annotated(with:)`"]
                .compactMap { $0 }.joined(separator: ", or "))
    }

    /// `order(Author.books.count)`: GRDB orders by an aggregate only once it is
    /// selected with a name, and then by that name, detached from the table.
    func aggregateInOrder(_ e: SQLExpr, range: SourceRange) -> ArborError {
        let key: String
        let annotation: String
        switch e {
        case .named(.aggregate(let aggregate), let name):
            key = name
            annotation = Self.swiftText(aggregate) ?? "(…)"
        case .named(_, let name):
            key = name
            annotation = "(…)"
        case .aggregate(let aggregate):
            key = aggregate.defaultName ?? "value"
            annotation = Self.swiftText(aggregate) ?? "(…)"
        default:
            key = "value"
            annotation = "(…)"
        }
        let quoted = SQLValue.swiftQuoted(key)
        return ArborError(
            "GRDB does not order by an association aggregate: annotate the request with it, then order by its name",
            at: range,
            suggestion:
                "`annotated(with: \(annotation).forKey(\(quoted))).order(Column(\(quoted)).detached)`"
        )
    }

    /// `Author.books.count`, for the aggregates a suggestion can spell.
    static func swiftText(_ aggregate: AssociationAggregatePlan) -> String? {
        let association = aggregate.association.displayName
        func column(_ e: SQLExpr) -> String? {
            guard case .column(let name, nil) = e else { return nil }
            return "Column(\(SQLValue.swiftQuoted(name)))"
        }
        switch aggregate {
        case .count: return "\(association).count"
        case .isEmpty: return "\(association).isEmpty"
        case .average(_, let e): return column(e).map { "\(association).average(\($0))" }
        case .min(_, let e): return column(e).map { "\(association).min(\($0))" }
        case .max(_, let e): return column(e).map { "\(association).max(\($0))" }
        case .sum(_, let e): return column(e).map { "\(association).sum(\($0))" }
        case .total(_, let e): return column(e).map { "\(association).total(\($0))" }
        }
    }
}
