import ArborCore

extension Evaluator {
    func call(_ callee: Expr, arguments: [Argument], range: SourceRange) throws -> Value {
        if let value = try associatedCaseCall(callee, arguments: arguments, range: range) { return value }
        switch callee.kind {
        case .member(let baseExpr, let name, let nameRange):
            if isObservationTracking(baseExpr, name) {
                return try observationTracking(name, arguments: arguments, range: range, nameRange: nameRange)
            }
            if let value = try databaseStaticMethod(
                baseExpr, name, arguments: arguments, range: range, nameRange: nameRange)
            {
                return value
            }
            // `String.fetchAll(db, …)`, `Row.fetchOne(db, sql: …)`: types the language has no value for.
            if let type = fetchedType(baseExpr) {
                return try valueTypeMethod(type, name, arguments: arguments, range: range, nameRange: nameRange)
            }
            // `Gear.DatabaseModel(…)`, `DetailedConversation.Request()`: a nested type's value.
            if let path = Self.dottedTypeName(callee), path.contains(".") {
                if let table = environment.typeNames.table(forType: path) {
                    return try memberwiseRecord(table, typeName: path, arguments: arguments, range: range)
                }
                if let properties = storedProperties(of: path) {
                    return try compositeValue(path, properties: properties, arguments: arguments, range: range)
                }
            }
            if let value = try enumMember(
                name, of: baseExpr, arguments: arguments, range: range, nameRange: nameRange)
            {
                return value
            }
            let base = try evaluate(baseExpr)
            // `ordering?.by(…)` (the parser drops the `?`): a call on Swift's nil is nil, as optional chaining.
            if case .expression(.value(.null)) = base, baseExpr.kind != .nilLiteral { return base }
            // A method of the app's enum, on a case whatever expression gave it.
            if case .swift(.enumCase(let value)) = base {
                return try compositeMethod(
                    name, on: base, type: value.type, arguments: arguments, range: range, nameRange: nameRange)
            }
            return try method(name, on: base, arguments: arguments, range: range, nameRange: nameRange)
        case .identifier(let name):
            return try callName(name, arguments: arguments, range: range, nameRange: callee.range)
        case .implicitMember("init"):
            // `.init(uncheckedUniqueElements: fetched)`: an IdentifiedArray (or Array) of what is fetched.
            if let wrapped = try wrappedFetch(arguments) { return wrapped }
            throw ArborError(
                "`.init(…)` is read only as `.init(uncheckedUniqueElements:)` or `.init(uniqueElements:)` of a fetch",
                at: callee.range)
        case .implicitMember("allColumns"):
            // `select(.allColumns(excluding: ["id"]))`, GRDB's `SQLSelection.allColumns(excluding:)`.
            guard arguments.count == 1, arguments[0].label == "excluding" else {
                throw ArborError(
                    "`.allColumns` takes `excluding:`, as in `.allColumns(excluding: [\"id\"])`", at: callee.range)
            }
            return .selection(.allColumnsExcluding(try columnNames(arguments[0].value)))
        default:
            throw ArborError("this can not be called", at: callee.range)
        }
    }

    /// The app's Decodable struct or class named `path`, if it is one.
    func decodableType(named path: String) -> DecodableType? {
        guard let type = environment.decodableTypes[canonicalTypePath(path)], type.isDecodable else { return nil }
        return type
    }

    /// GRDB's methods that write: arbor runs requests and never writes through them.
    static let writeMethods: Set<String> = [
        "insert", "inserted", "insertAndFetch", "save", "saved", "update", "updateChanges", "updateAndFetch",
        "upsert", "upsertAndFetch", "delete", "deleteAll", "deleteOne", "deleteAndFetchAll", "updateAll",
        "deleteAndFetchCursor", "deleteAndFetchSet", "execute", "deleteAndFetchIds", "deleteAndFetchStatement",
        "updateAndFetchAll", "updateAndFetchCursor", "updateAndFetchSet", "updateAndFetchStatement", "saveAndFetch",
        "updateChangesAndFetch",
    ]

    func method(_ name: String, on base: Value, arguments: [Argument], range: SourceRange, nameRange: SourceRange)
        throws -> Value
    {
        if Self.writeMethods.contains(name) {
            throw ArborError(
                "`\(name)` writes to the database: arbor runs requests and never writes through them", at: nameRange,
                suggestion: "`:sql` runs raw SQL, and writes when arbor was started with `--write`")
        }
        // `try Player.fetchAll(db).map(\.name)`: Swift calls the method on what the fetch returns.
        if base.isFetched {
            try refuseRequestMethodAfterFetch(name, on: base, arguments: arguments, nameRange: nameRange)
            let fetched = try fetchedSwiftValue(base, range: range)
            return try method(name, on: fetched, arguments: arguments, range: range, nameRange: nameRange)
        }
        if let value = try builtin(name, on: base, arguments: arguments, range: range) { return value }
        switch base {
        case .table, .request, .association:
            if let appMethod = try appMethod(
                name, on: base, labels: arguments.labels, arguments: arguments, nameRange: nameRange)
            {
                return try invoke(appMethod, on: base, arguments: arguments, range: range)
            }
            return try requestMethod(name, on: base, arguments: arguments, range: range, nameRange: nameRange)
        case .record:
            if let appMethod = try appMethod(
                name, on: base, labels: arguments.labels, arguments: arguments, nameRange: nameRange)
            {
                return try invoke(appMethod, on: base, arguments: arguments, range: range)
            }
            if let value = try grdbMethod(
                name, on: base, kind: .record, arguments: arguments, range: range, nameRange: nameRange)
            {
                return value
            }
            return try recordMethod(name, on: base, arguments: arguments, range: range, nameRange: nameRange)
        case .absentRecord:
            return try recordMethod(name, on: base, arguments: arguments, range: range, nameRange: nameRange)
        case .observation:
            return try observationMethod(name, on: base, arguments: arguments, nameRange: nameRange)
        case .composite(let type, _):
            return try compositeMethod(
                name, on: base, type: type, arguments: arguments, range: range, nameRange: nameRange)
        case .expression(let e):
            return try expressionMethod(name, on: e, arguments: arguments, range: range, nameRange: nameRange)
        case .array:
            // `kinds.map(\.rawValue)`: arbor holds an enum's cases by their raw values already.
            if name == "map", arguments.count == 1, arguments[0].label == nil,
                case .keyPath(nil, ["rawValue"]) = arguments[0].value.kind
            {
                return base
            }
            if let value = try grdbMethod(
                name, on: base, kind: .sequence, arguments: arguments, range: range, nameRange: nameRange)
            {
                return value
            }
            throw ArborError(
                "an array offers `contains(_:)`, `joined(operator:)` and `map(\\.rawValue)` here", at: nameRange)
        case .commonTableExpression(let cte):
            if let value = try grdbMethod(
                name, on: base, kind: .commonTableExpression, arguments: arguments, range: range, nameRange: nameRange)
            {
                return value
            }
            return try commonTableExpressionMethod(name, on: cte, arguments: arguments, nameRange: nameRange)
        case .range:
            if let value = try grdbMethod(
                name, on: base, kind: .range, arguments: arguments, range: range, nameRange: nameRange)
            {
                return value
            }
            throw ArborError("a range offers `contains(_:)` here", at: nameRange)
        case .namespace(let path)
        where environment.requestMethods.named(name).contains {
            $0.receiver == .typeStatic && $0.table == nil
                && $0.typePath.map(canonicalTypePath) == canonicalTypePath(path)
                && Self.matches(arguments.labels, $0.function.parameters)
        }:
            // `StatusInfo.request(StatusRecord.all())`: a static request builder of a type without a table.
            guard
                let method = environment.requestMethods.named(name).first(where: {
                    $0.receiver == .typeStatic && $0.table == nil
                        && $0.typePath.map(canonicalTypePath) == canonicalTypePath(path)
                        && Self.matches(arguments.labels, $0.function.parameters)
                })
            else { throw ArborError("`\(path)` has no method `\(name)`", at: nameRange) }
            return try invoke(method, on: base, arguments: arguments, range: range)
        case .namespace(let path):
            // `AuthorInfo.fetchAll(db, request)`: a Decodable record of the app fetching a request.
            if ["fetchAll", "fetchOne", "fetchCount"].contains(name), arguments.count == 2,
                arguments.allUnlabelled, let kind = Value.FetchKind(rawValue: name)
            {
                var plan = try request(evaluate(arguments[1].value), range: arguments[1].value.range)
                // Decoded with GRDB's own decoder into the app's type, when Swift can decode it.
                if kind != .count, let type = decodableType(named: path) {
                    // Raw SQL is fetched whole by GRDB's row requests: the decoding check does not reach it yet.
                    guard plan.rawSQL == nil else {
                        throw ArborError(
                            "arbor does not check yet how raw SQL rows decode into `\(type.path)`",
                            at: arguments[1].value.range,
                            suggestion:
                                "fetch them as rows (`Row.fetchAll(db, sql: …)`), or write the request with the query interface"
                        )
                    }
                    plan.decodedAs = type.path
                }
                return .fetch(plan, kind)
            }
            // `db.makeFTS5Pattern(…)`: a method of GRDB's `Database`.
            if path == "Database",
                let value = try grdbMethod(
                    name, on: base, kind: .database, arguments: arguments, range: range, nameRange: nameRange)
            {
                return value
            }
            if let missing = missingTableError(path, member: name, at: nameRange) { throw missing }
            throw ArborError("`\(path)` has no method `\(name)`", at: nameRange)
        default:
            throw ArborError("\(base.kindName) has no method `\(name)`", at: nameRange)
        }
    }

    func expressionMethod(
        _ name: String, on e: SQLExpr, arguments: [Argument], range: SourceRange, nameRange: SourceRange
    ) throws -> Value {
        // Swift's own methods of a string (`Parent.databaseTableName.uppercased()`), not SQL.
        if ["uppercased", "lowercased"].contains(name), arguments.isEmpty {
            guard case .value(.text(let text)) = e else {
                throw ArborError(
                    "`\(name)()` is a method of a Swift string; the SQL function is the property `.\(name)`",
                    at: nameRange)
            }
            return .expression(.value(.text(name == "uppercased" ? text.uppercased() : text.lowercased())))
        }
        if let value = try expressionMethodEntry(name, on: e, arguments: arguments, range: range, nameRange: nameRange)
        {
            return value
        }
        if let refusal = UnsupportedGRDB.notGRDB[name] { throw refusal.error(at: nameRange) }
        // Swift's string methods, which GRDB spells as SQL `LIKE` patterns.
        let patterns = ["contains": "%…%", "hasPrefix": "…%", "hasSuffix": "%…"]
        throw ArborError(
            "an expression has no method `\(name)\(arguments.labels.signature)`", at: nameRange,
            suggestion: patterns[name].map { "match a pattern with `like(\"\($0)\")`" }
                ?? Suggestions.didYouMean(name, in: GRDBAPI.names(offeredOn: .expression, kind: .method)))
    }

    static let swiftCollations: [String: String] = [
        "unicodeCompare": "swiftCompare",
        "caseInsensitiveCompare": "swiftCaseInsensitiveCompare",
        "localizedCaseInsensitiveCompare": "swiftLocalizedCaseInsensitiveCompare",
        "localizedCompare": "swiftLocalizedCompare",
        "localizedStandardCompare": "swiftLocalizedStandardCompare",
    ]

    func globalFunction(_ name: String, arguments: [Argument], range: SourceRange, nameRange: SourceRange) throws
        -> Value
    {
        if let value = try grdbFunction(name, arguments: arguments, range: range, nameRange: nameRange) {
            return value
        }
        if let what = UnsupportedGRDB.functions[name] { throw UnsupportedGRDB.error(what, at: nameRange) }
        throw ArborError(
            "unknown function `\(name)`", at: nameRange,
            suggestion: Suggestions.didYouMean(
                name, in: GRDBAPI.names(offeredOn: .global) + environment.typeNames.allTypeNames))
    }

    /// An argument of an SQL function: GRDB applies only `abs`, `length` and `cast` to an
    /// association aggregate; the others take expressions.
    func sqlFunctionArgument(_ expr: Expr, of function: String) throws -> SQLExpr {
        let e = try sqlExpression(evaluate(expr), range: expr.range)
        if e.containsAggregate, !["abs", "length"].contains(function) {
            throw ArborError(
                "GRDB's `\(function)` does not take an association aggregate", at: expr.range,
                suggestion: "GRDB offers `abs`, `length` and `cast` on aggregates, and their operators")
        }
        return e
    }

    /// The argument of `Column(…)`: a name, or a coding key (`Column(CodingKeys.name)`) whose
    /// string value names the column. Codable synthesizes `CodingKeys` when the app declares
    /// none: then the case is the property's name.
    func columnArgument(_ expr: Expr) throws -> SQLExpr {
        let value: Value
        do {
            value = try evaluate(expr)
        } catch {
            if case .member(let base, let name, _) = expr.kind, base.kind == .identifier("CodingKeys") {
                return try column(name, range: expr.range)
            }
            throw error
        }
        switch value {
        case .expression(.value(.text(let name))): return try column(name, range: expr.range)
        case .expression(.column(let name, nil)): return try column(name, range: expr.range)
        case .implicitMember("rowID"): return .column("rowid", alias: nil)
        default: throw ArborError("expected a column name, as in `Column(\"name\")`", at: expr.range)
        }
    }

    /// `["a", "b"]` or `[Column("a")]` in a `ForeignKey`.
    func columnNames(_ expr: Expr) throws -> [String] {
        let saved = scope.columnTable
        scope.columnTable = nil
        defer { scope.columnTable = saved }
        guard case .array(let values) = try evaluate(expr) else {
            throw ArborError("expected an array of column names", at: expr.range)
        }
        return try values.map { value in
            switch value {
            case .expression(.value(.text(let name))), .expression(.column(let name, nil)): return name
            case .implicitMember("rowID"): return "rowid"
            default: throw ArborError("expected column names, as in `[\"authorId\"]`", at: expr.range)
            }
        }
    }
}
