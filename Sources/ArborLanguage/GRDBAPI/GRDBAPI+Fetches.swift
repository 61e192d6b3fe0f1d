import ArborCore

/// GRDB's fetching methods of record types and requests: `fetchAll(db)`,
/// `fetchOne(db, id:)`, `find(db, key:)`, `fetchAll(db, sql:)`, `isEmpty(db)`…
extension GRDBAPI {
    static let fetches: [GRDBMember] =
        // A cursor is iterated to the end: arbor shows its rows as `fetchAll` does.
        ["fetchAll", "fetchOne", "fetchSet", "fetchCursor"].map(recordTypeFetch)
        + ["fetchAll", "fetchOne", "fetchSet", "fetchCount", "fetchCursor"].map(requestFetch)
        // `FetchableRecord`'s statics, which GRDB's `Table` does not declare.
        + [("fetchOne", ["key", "id"]), ("find", ["key", "id"])].flatMap { name, labels in
            labels.map { keyedFetch(name, labels: [$0], symbol: "FetchableRecord").requiring(keyedFetchOfTable) }
        }
        + ["fetchAll", "fetchSet", "fetchCursor"].flatMap { name in
            ["keys", "ids"].map {
                keyedFetch(name, labels: [$0], symbol: "FetchableRecord").requiring(keyedFetchOfTable)
            }
        }
        + [
            keyedFetch("exists", labels: ["key"], symbol: "TableRecord", alsoOn: "Table"),
            // `where Self: Identifiable` (`TableRecord`), `where RowDecoder: Identifiable` (`Table`).
            keyedFetch("exists", labels: ["id"], symbol: "TableRecord", alsoOn: "Table").requiring(
                .identifiableRowDecoder(instead: "`exists(db, key:)` takes the key of any table")),
            GRDBMember(
                .method, "isEmpty", [CallForm([nil])], on: .queryInterfaceRequest,
                symbols: symbols("QueryInterfaceRequest", member: "isEmpty(_:)"),
                notOffered: { evaluator, call in
                    let type = evaluator.environment.displayName(ofTable: call.table)
                    return ArborError(
                        "`isEmpty(_:)` is a method of requests", at: call.nameRange,
                        suggestion: call.receiverKind == .association
                            ? nil : "call it on a request, as in `\(type).all().isEmpty(db)`")
                }
            ) { evaluator, call in
                guard Evaluator.isDatabaseArgument(call.argument(0)) else {
                    throw ArborError(
                        "`isEmpty` takes the database connection, as in `isEmpty(db)`", at: call.arguments[0].range)
                }
                return .fetch(call.receiver?.plan ?? RequestPlan(table: call.table), .isEmpty)
            },
        ]

    /// What a `Table` value does instead of a record type's keyed fetch.
    static let keyedFetchOfTable = ReceiverRequirement.recordType(
        instead: "a `Table` value filters by key, as in `filter(key: …).fetchOne(db)`")

    /// `Book.fetchAll(db, sql: …)`, `Book.fetchOne(db, request)`: a record type's static fetches.
    static func recordTypeFetch(_ name: String) -> GRDBMember {
        GRDBMember(
            .method, name, [CallForm([nil, nil]), CallForm([nil, "sql"]), CallForm([nil, "sql", "arguments"])],
            on: [.table],
            symbols: symbols("FetchableRecord", member: "\(name)(_:_:)")
                + symbols("FetchableRecord", member: "\(name)(_:sql:arguments:adapter:)"),
            detail: "\(name)(db, sql:) · \(name)(db, request)", acceptsRawSQL: true,
            notOffered: { _, call in extraFetchArgument(call) }
        ) { evaluator, call in
            try evaluator.recordTypeFetch(call.name, table: call.table, arguments: call.arguments)
        }
        .requiring(.recordType(instead: "`Row.\(name)(db, …)` fetches rows"))
    }

    /// `request.fetchAll(db)`, `Book.fetchCount(db)`.
    static func requestFetch(_ name: String) -> GRDBMember {
        GRDBMember(
            .method, name, [CallForm([]), CallForm([nil])], on: .tableAndRequest,
            symbols: symbols(
                "FetchRequest", name == "fetchCount" ? "TableRecord" : "FetchableRecord", "Table", member: "\(name)(_:)"
            )
                + (name == "fetchCount"
                    ? symbols("QueryInterfaceRequest", "AnyFetchRequest", "SQLRequest", member: "fetchCount(_:)") : []),
            detail: "\(name)(db)", acceptsRawSQL: true
        ) { evaluator, call in
            guard call.arguments.isEmpty || Evaluator.isDatabaseArgument(call.argument(0)) else {
                throw extraFetchArgument(call)
            }
            let kind = Value.FetchKind(rawValue: call.name) ?? .all
            var plan = call.receiver?.plan ?? RequestPlan(table: call.table)
            try refuseCursorOfPrefetch(call.name, plan, at: call.nameRange)
            plan.isDeduplicated = kind == .set
            return .fetch(plan, kind)
        }
    }

    /// GRDB stops the process on a cursor of a request that prefetches (its
    /// `precondition` "Not implemented: fetchCursor with supplementary fetch"; T22).
    static func refuseCursorOfPrefetch(_ name: String, _ plan: RequestPlan, at range: SourceRange) throws {
        guard name == "fetchCursor", plan.hasPrefetch else { return }
        throw ArborError(
            "GRDB stops the app on `fetchCursor` of a request that includes a to-many association (`including(all:)`): a cursor does not prefetch",
            at: range, suggestion: "fetch it with `fetchAll(db)`, `fetchOne(db)` or `fetchSet(db)`")
    }

    /// A request's fetch takes `db` alone: the first argument that is not it.
    static func extraFetchArgument(_ call: GRDBCall) -> ArborError {
        let extra = call.arguments.enumerated().first { position, argument in
            position > 0 || argument.label != nil || !Evaluator.isDatabaseArgument(argument.value)
        }
        return ArborError(
            "`\(call.name)` takes no argument here (or `db`)", at: extra.map(\.element.range) ?? call.nameRange)
    }

    /// `Book.fetchOne(db, key: 9)`, `Book.find(db, id: 9)`, `Book.fetchAll(db, keys: [1, 2])`.
    /// `alsoOn`: the other GRDB type declaring it (`Table` for `exists`).
    static func keyedFetch(_ name: String, labels: [String], symbol: String, alsoOn: String? = nil) -> GRDBMember {
        GRDBMember(
            .method, name, labels.map { CallForm([nil, $0]) }, on: [.table],
            symbols: ([symbol] + (alsoOn.map { [$0] } ?? [])).flatMap { type in
                labels.map { "\(type).\(name)(_:\($0):)" }
            },
            notOffered: { evaluator, call in
                let labels = call.labels.map { $0 ?? "_" }.joined(separator: ":")
                return ArborError(
                    "`\(call.name)(_:\(labels.dropFirst(2)):)` is a static method of the record type, not of a request",
                    at: call.nameRange,
                    suggestion:
                        "call it on the type, as in `\(evaluator.environment.displayName(ofTable: call.table)).\(call.name)(db, …)`, or filter the request with `filter(key:)`"
                )
            }
        ) { evaluator, call in
            guard let receiver = call.receiver else { throw call.unexpectedReceiver }
            return try evaluator.keyedFetch(
                call.name, on: receiver, arguments: call.arguments, nameRange: call.nameRange)
        }
    }
}
