import ArborCore

/// What may follow `value.`: the methods GRDB offers on that kind of value
/// (docs/LANGUAGE.md §2.3: associations have no `limit`, tables no `reversed`…),
/// the associations of a table, the columns of a row.
enum MemberCandidates {
    struct Method {
        var name: String
        var detail: String
        var onTable = false
        var onRequest = false
        var onAssociation = false
    }

    /// The methods of `Table<Row>`, `QueryInterfaceRequest<Row>` and associations.
    static let derivableMethods: [Method] = [
        Method(name: "all", detail: "all()", onTable: true),
        Method(name: "none", detail: "none()", onTable: true, onRequest: true, onAssociation: true),
        Method(
            name: "filter",
            detail: "filter(_:) · filter(key:) · filter(keys:) · filter(sql:arguments:) · filter(literal:)",
            onTable: true,
            onRequest: true, onAssociation: true),
        Method(
            name: "order", detail: "order(_:) · order(sql:) · order(literal:)", onTable: true, onRequest: true,
            onAssociation: true),
        Method(
            name: "orderByPrimaryKey", detail: "orderByPrimaryKey()", onTable: true, onRequest: true,
            onAssociation: true),
        Method(name: "reversed", detail: "reversed()", onRequest: true, onAssociation: true),
        Method(name: "unordered", detail: "unordered()", onRequest: true, onAssociation: true),
        Method(
            name: "select", detail: "select(_:) · select(sql:) · select(literal:) · select(_:as:)", onTable: true,
            onRequest: true, onAssociation: true),
        Method(
            name: "annotated", detail: "annotated(with:) · annotated(withRequired:) · annotated(withOptional:)",
            onTable: true, onRequest: true, onAssociation: true),
        Method(
            name: "having", detail: "having(_:) · having(literal:)", onTable: true, onRequest: true, onAssociation: true
        ),
        Method(name: "group", detail: "group(_:) · group(literal:)", onRequest: true, onAssociation: true),
        Method(
            name: "matching", detail: "matching(_:): an FTS5Pattern", onTable: true, onRequest: true,
            onAssociation: true),
        Method(
            name: "with", detail: "with(_:): a CommonTableExpression", onTable: true, onRequest: true,
            onAssociation: true),
        Method(name: "contains", detail: "contains(_:): IN the request's rows", onRequest: true),
        Method(name: "limit", detail: "limit(_:offset:)", onTable: true, onRequest: true),
        Method(name: "distinct", detail: "distinct()", onRequest: true, onAssociation: true),
        Method(name: "aliased", detail: "aliased(_:)", onTable: true, onRequest: true, onAssociation: true),
        Method(
            name: "including", detail: "including(all:) · including(required:) · including(optional:)", onTable: true,
            onRequest: true, onAssociation: true),
        Method(
            name: "joining", detail: "joining(required:) · joining(optional:)", onTable: true, onRequest: true,
            onAssociation: true),
        Method(name: "forKey", detail: "forKey(_:)", onAssociation: true),
        Method(name: "asRequest", detail: "asRequest(of:)", onRequest: true),
        Method(name: "fetchAll", detail: "fetchAll()", onTable: true, onRequest: true),
        Method(
            name: "fetchOne", detail: "fetchOne() · fetchOne(db, key:) · fetchOne(db, id:)", onTable: true,
            onRequest: true),
        Method(name: "find", detail: "find(db, key:) · find(db, id:)", onTable: true),
        Method(name: "fetchCount", detail: "fetchCount()", onTable: true, onRequest: true),
        Method(name: "belongsTo", detail: "belongsTo(_:key:using:)", onTable: true),
        Method(name: "hasMany", detail: "hasMany(_:key:using:) · hasMany(_:through:using:key:)", onTable: true),
        Method(name: "hasOne", detail: "hasOne(_:key:using:) · hasOne(_:through:using:key:)", onTable: true),
        Method(name: "association", detail: "association(to:on:): a CommonTableExpression", onTable: true),
    ]

    /// The aggregates of a to-many association.
    static let aggregates: [(name: String, detail: String)] = [
        ("count", "count: aggregate"), ("isEmpty", "isEmpty: aggregate"), ("min", "min(_:)"), ("max", "max(_:)"),
        ("average", "average(_:)"), ("sum", "sum(_:)"), ("total", "total(_:)"),
    ]

    /// The members of an SQL expression.
    static let expressionMembers: [(name: String, detail: String)] = [
        ("asc", "asc"), ("desc", "desc"), ("ascNullsLast", "ascNullsLast"), ("descNullsFirst", "descNullsFirst"),
        ("like", "like(_:escape:)"), ("collating", "collating(_:)"),
        ("forKey", "forKey(_:)"), ("lowercased", "lowercased"), ("uppercased", "uppercased"),
        ("capitalized", "capitalized"), ("localizedLowercased", "localizedLowercased"),
        ("localizedUppercased", "localizedUppercased"), ("localizedCapitalized", "localizedCapitalized"),
        ("detached", "detached: the name alone, unqualified (an annotation)"),
    ]

    /// The candidates after `value.`, in the order they are best offered.
    static func candidates(after value: Value, environment: Environment) -> [Completion] {
        switch value {
        case .table(let table, _):
            return associations(of: table, environment: environment) + statics(of: table, environment: environment)
                + methods { $0.onTable }
        case .request:
            return methods { $0.onRequest }
        case .association(let association):
            var result = methods { $0.onAssociation }
            if association.isToMany {
                result += aggregates.map { Completion($0.name, kind: .method, detail: $0.detail) }
            }
            return result
        case .expression(let expression):
            if expression.containsAggregate { return [Completion("forKey", kind: .method, detail: "forKey(_:)")] }
            return expressionMembers.map { Completion($0.name, kind: .method, detail: $0.detail) }
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
            return [Completion("request", kind: .method, detail: "request(for:)")]
                + columns(of: record.table, environment: environment)
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
        case .ordering, .selection, .dictionary, .foreignKey, .implicitMember, .fetch, .absentRecord,
            .fullTextPattern, .swift:
            return []
        case .commonTableExpression:
            return [
                Completion("all", kind: .method, detail: "all()"),
                Completion("association", kind: .method, detail: "association(to:on:)"),
            ]
        }
    }

    static func methods(where included: (Method) -> Bool) -> [Completion] {
        derivableMethods.filter(included).map { Completion($0.name, kind: .method, detail: $0.detail) }
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
