import ArborCore

/// What may follow `value.`: the members GRDB offers on that kind of value (from
/// the registry, `GRDBAPI`: associations have no `limit`, tables no `reversed`…),
/// the associations of a table, the columns of a row.
enum MemberCandidates {
    /// The candidates after `value.`, in the order they are best offered.
    static func candidates(after value: Value, environment: Environment) -> [Completion] {
        switch value {
        case .table(let table, _, let form):
            // A `Table` value is GRDB's struct: the record type's associations and statics are not its own.
            let typeMembers =
                form == .recordType
                ? associations(of: table, environment: environment) + statics(of: table, environment: environment) : []
            return typeMembers + grdbMembers(offeredOn: .table, to: value)
        case .request:
            return grdbMembers(offeredOn: .request, to: value)
        case .association(let association):
            // Aggregates (`count`, `max(_:)`) are offered on to-many associations only.
            let aggregates = Set(GRDBAPI.members.filter(\.isAssociationAggregate).map(\.name))
            return grdbMembers(offeredOn: .association).filter { association.isToMany || !aggregates.contains($0.text) }
        case .expression(let expression):
            if expression.containsAggregate { return [Completion("forKey", kind: .method, detail: "forKey(_:)")] }
            // A Swift value (`1`, `"x"`) is also GRDB's `DatabaseValueConvertible`.
            if case .value = expression { return grdbMembers(offeredOn: .expression) + grdbMembers(offeredOn: .value) }
            // A JSON expression (`JSONColumn("info")`) has JSON's members too.
            if expression.isJSONExpressible {
                let json = grdbMembers(offeredOn: .jsonExpression)
                return json + grdbMembers(offeredOn: .expression).filter { c in !json.contains { $0.text == c.text } }
            }
            return grdbMembers(offeredOn: .expression)
        case .rowComponents(let table):
            return columns(of: table, environment: environment)
        case .alias(let alias):
            let aliasColumns =
                environment.aliasTables[alias.id].map { Self.columns(of: $0, environment: environment) } ?? []
            return aliasColumns + [Completion("exists", kind: .method, detail: "exists: the joined row exists")]
        case .array, .range:
            return [Completion("contains", kind: .method, detail: "contains(_:)")]
        case .sqlLiteral:
            return [Completion("sqlExpression", kind: .method, detail: "sqlExpression")]
        case .namespace(let path):
            return (environment.statics[path] ?? [:]).keys.sorted().map { Completion($0, kind: .binding, detail: path) }
        case .record(let record):
            return grdbMembers(offeredOn: .record) + columns(of: record.table, environment: environment)
        case .composite(let type, let fields):
            // Its stored properties, then the methods and computed properties the app declares.
            let declared = environment.valueMethods[type]?.all ?? []
            return fields.map { Completion($0.name, kind: .binding, detail: "property") }
                + declared.map { method in
                    method.isProperty
                        ? Completion(method.function.name, kind: .binding, detail: "computed property")
                        : Completion(method.function.name, kind: .method, detail: method.function.signature)
                }
        case .observation:
            return [
                Completion("publisher", kind: .method, detail: "publisher(in:scheduling:)"),
                Completion("removeDuplicates", kind: .method, detail: "removeDuplicates()"),
                Completion("eraseToAnyPublisher", kind: .method, detail: "eraseToAnyPublisher()"),
            ]
        case .ordering, .selection, .dictionary, .foreignKey, .implicitMember, .fetch, .absentRecord, .swift,
            .fetchComparison:
            return []
        case .fullTextPattern:
            return grdbMembers(offeredOn: .fullTextPattern)
        case .commonTableExpression:
            return grdbMembers(offeredOn: .commonTableExpression)
        }
    }

    /// GRDB's members offered on `receiver`, from the registry.
    static func grdbMembers(offeredOn receiver: GRDBReceiver, to value: Value? = nil) -> [Completion] {
        GRDBAPI.completions(offeredOn: receiver, to: value).map {
            Completion($0.name, kind: .method, detail: $0.detail)
        }
    }

    static func associations(of table: String, environment: Environment, toManyOnly: Bool = false) -> [Completion] {
        environment.catalog.associations(of: table).filter { !toManyOnly || $0.plan.isToMany }.map { entry in
            Completion(
                entry.name, kind: .association,
                detail: "\(entry.plan.base.kind.rawValue) → \(environment.displayName(ofTable: entry.plan.destination))"
            )
        }
    }

    /// The static values of the type's declarations that are not associations (`Book.authorForeignKey`).
    static func statics(of table: String, environment: Environment) -> [Completion] {
        guard let type = environment.typeNames.type(forTable: table), let values = environment.statics[type] else {
            return []
        }
        return values.filter { if case .association = $0.value { return false } else { return true } }.keys.sorted().map
        {
            Completion($0, kind: .binding, detail: type)
        }
    }

    /// The static values of the type's declarations that are associations, when
    /// they are not the schema's own (those come from `associations`).
    static func associationStatics(of table: String, environment: Environment, toManyOnly: Bool) -> [Completion] {
        guard let type = environment.typeNames.type(forTable: table), let values = environment.statics[type] else {
            return []
        }
        let known = Set(environment.catalog.associations(of: table).map(\.name))
        return values.compactMap { name, value -> Completion? in
            guard case .association(let plan) = value, !known.contains(name), !toManyOnly || plan.isToMany else {
                return nil
            }
            return Completion(name, kind: .association, detail: type)
        }.sorted { $0.text < $1.text }
    }

    static func columns(of table: String, environment: Environment) -> [Completion] {
        guard let info = environment.schema.table(named: table) else { return [] }
        return info.columns.map { Completion($0.name, kind: .column, detail: $0.type.isEmpty ? nil : $0.type) }
    }
}
