import ArborCore

extension Evaluator {
    /// `base.name` without a call.
    func member(_ name: String, of base: Value, range: SourceRange, nameRange: SourceRange) throws -> Value {
        // `try Player.fetchOne(db)?.name`: Swift reads the member of what the fetch returns.
        if base.isFetched {
            return try member(name, of: fetchedSwiftValue(base, range: range), range: range, nameRange: nameRange)
        }
        if let value = try builtin(name, on: base, arguments: nil, range: range) { return value }
        switch base {
        case .table(let table, let recordType, _):
            if let value = try tableValueMember(name, of: base, nameRange: nameRange) { return value }
            if name == "self" { return base }
            if name == "databaseSelection", let recordType {
                // The selection of the type named, not of another type of its table.
                return .array((declaredSelection(ofType: recordType) ?? [.allColumns(alias: nil)]).map(Value.selection))
            }
            // The type's own association first (`AuthorRow.books`, not another type's of its table).
            if let recordType {
                let type = canonicalTypePath(recordType)
                try forceMember(type, name, range: nameRange)
                if let own = environment.statics[type]?[name], case .association = own { return own }
            }
            try forceMembers(ofTable: table, named: name, range: nameRange)
            if let entry = environment.catalog.association(named: name, of: table) {
                return .association(plan(of: entry))
            }
            // Statics of any type that maps to this table (`Order` and `Orders` alike).
            for type in environment.typeNames.types(forTable: table) {
                let type = canonicalTypePath(type)
                if let value = environment.statics[type]?[name] { return value }
                let nested = canonicalTypePath("\(type).\(name)")
                if let nestedTable = environment.typeNames.table(forType: nested) {
                    return .table(nestedTable, type: nested)
                }
                if environment.statics[nested] != nil { return .namespace(nested) }
            }
            if let method = try appMethod(name, on: base, labels: nil, nameRange: nameRange) {
                return try invoke(method, on: base, arguments: [], range: range)
            }
            if name == "databaseTableName" { return .expression(.value(.text(table))) }
            if GRDBAPI.isRequestMethod(name) {
                throw ArborError("`\(name)` is a method: call it, as in `\(name)(…)`", at: nameRange)
            }
            let names = environment.catalog.associations(of: table).map(\.name)
            if let why = environment.catalog.whyMissing(name, of: table) {
                throw ArborError(
                    "`\(environment.displayName(ofTable: table))` has no association `\(name)`: \(why)", at: nameRange)
            }
            if name == "Columns" || name == "CodingKeys" {
                throw ArborError(
                    "`\(environment.displayName(ofTable: table))` declares no `\(name)`", at: nameRange,
                    suggestion: "write a column of `\(table)` as `Column(\"name\")`")
            }
            if let column = environment.schema.table(named: table)?.column(named: name) {
                throw ArborError(
                    "`\(environment.displayName(ofTable: table))` has no association `\(name)`: `\(column.name)` is a column of `\(table)`",
                    at: nameRange,
                    suggestion: "write `Column(\(SQLValue.swiftQuoted(column.name)))`"
                        + (names.isEmpty ? "" : "; its associations: " + names.joined(separator: ", ")))
            }
            // `Alley.Database.self`: a nested type of a record type, declared in a file not loaded.
            if name.first?.isUppercase == true,
                Suggestions.didYouMean(name, in: names + staticNames(ofTable: table)) == nil
            {
                let type = "\(environment.displayName(ofTable: table)).\(name)"
                throw ArborError(
                    "arbor knows no type `\(type)`: `\(environment.displayName(ofTable: table))` declares no `\(name)` and has no association of that name",
                    at: nameRange, suggestion: "load (or paste) the code that declares `\(type)`")
            }
            // Only what a member access can name: associations and the app's own statics, never
            // request methods (`none`, `all`), which must be called.
            throw ArborError(
                "`\(environment.displayName(ofTable: table))` has no association `\(name)`", at: nameRange,
                suggestion: Suggestions.didYouMean(name, in: names + staticNames(ofTable: table))
                    ?? (names.isEmpty ? "it has no associations" : "its associations: " + names.joined(separator: ", "))
            )
        case .association:
            if let method = try appMethod(name, on: base, labels: nil, nameRange: nameRange) {
                return try invoke(method, on: base, arguments: [], range: range)
            }
            if let value = try grdbProperty(name, of: base, range: range, nameRange: nameRange) { return value }
            throw ArborError(
                "an association has no property `\(name)`", at: nameRange,
                suggestion: Suggestions.didYouMean(name, in: GRDBAPI.names(offeredOn: .association, kind: .property)))
        case .expression(let e):
            // An enum's raw value, which arbor holds already (`kind.rawValue`).
            if name == "rawValue", case .value = e { return .expression(e) }
            if let value = try grdbProperty(name, of: base, range: range, nameRange: nameRange) { return value }
            let swiftOrderings = ["ascending": "asc", "descending": "desc"]
            throw ArborError(
                "an expression has no property `\(name)`", at: nameRange,
                suggestion: swiftOrderings[name].map { "did you mean `\($0)`?" }
                    ?? Suggestions.didYouMean(name, in: GRDBAPI.names(offeredOn: .expression, kind: .property)))
        case .sqlLiteral:
            if let value = try grdbProperty(name, of: base, range: range, nameRange: nameRange) { return value }
            throw ArborError(
                "an SQL literal has no property `\(name)`", at: nameRange,
                suggestion: Suggestions.didYouMean(name, in: GRDBAPI.names(offeredOn: .sqlLiteral, kind: .property)))
        case .alias(let alias):
            if name == "exists" { return .expression(.aliasExists(alias)) }
            return .expression(.column(name, alias: alias))
        case .rowComponents(let table):
            if let declared = try declaredJSONColumn(name, ofTable: table, range: nameRange) { return declared }
            return .expression(try column(name.hasPrefix("$") ? String(name.dropFirst()) : name, range: nameRange))
        case .record(let record):
            if let method = try appMethod(name, on: base, labels: nil, nameRange: nameRange) {
                return try invoke(method, on: base, arguments: [], range: range)
            }
            return try recordProperty(name, of: record, nameRange: nameRange)
        case .namespace(let path):
            try forceMember(path, name, range: nameRange)
            if let value = environment.statics[canonicalTypePath(path)]?[name] { return value }
            let nested = canonicalTypePath(String.memberKey(path, name))
            if let nestedTable = environment.typeNames.table(forType: nested) {
                return .table(nestedTable, type: nested)
            }
            if environment.statics[nested] != nil { return .namespace(nested) }
            if let value = try grdbStaticProperty(name, ofType: path, range: range, nameRange: nameRange) {
                return value
            }
            if let missing = missingTableError(path, member: name, at: nameRange) { throw missing }
            let statics = (environment.statics[canonicalTypePath(path)] ?? [:]).keys.sorted()
            throw ArborError(
                "`\(path)` has no static member `\(name)`", at: nameRange,
                suggestion: Suggestions.didYouMean(name, in: statics))
        case .composite(let type, let fields):
            return try compositeMember(name, on: base, type: type, fields: fields, range: range, nameRange: nameRange)
        case .swift(.enumCase(let value)):
            return try enumCaseMember(name, of: value, range: range, nameRange: nameRange)
        // What a request method's body asks of an array argument (`guard !ids.isEmpty`, `ids.first`).
        case .array(let elements) where ["first", "last", "isEmpty", "count"].contains(name):
            switch name {
            case "first": return elements.first ?? .expression(.value(.null))
            case "last": return elements.last ?? .expression(.value(.null))
            case "isEmpty": return .expression(.value(.bool(elements.isEmpty)))
            default: return .expression(.value(.integer(Int64(elements.count))))
            }
        case .request(let plan):
            if let method = try appMethod(name, on: base, labels: nil, nameRange: nameRange) {
                return try invoke(method, on: base, arguments: [], range: range)
            }
            // `Author.all().books`: associations are members of the type, joined with a method.
            if let entry = environment.catalog.association(named: name, of: plan.table) {
                let type = environment.displayName(ofTable: plan.table)
                let method = entry.plan.isToMany ? "including(all:" : "including(required:"
                throw ArborError(
                    "a request has no property `\(name)`: `\(name)` is an association of `\(type)`", at: nameRange,
                    suggestion: "include it with `\(method) \(type).\(name))`")
            }
            if let value = try grdbProperty(name, of: base, range: range, nameRange: nameRange) { return value }
            throw ArborError(
                "a request has no property `\(name)`", at: nameRange,
                suggestion: Suggestions.didYouMean(
                    name,
                    in: environment.requestMethods.all.filter { $0.receiver != .recordInstance }.map(\.function.name)))
        default:
            if case .implicitMember = base {
                throw ArborError("`\(name)` is not a member here", at: nameRange)
            }
            // `record?.id` where the fetch found no row: Swift's optional chaining gives nil
            // (`record!.id` stops before, at the `!`; `record.id` is the compiler's error).
            if case .absentRecord(let table, _) = base {
                return try absentRecordMember(name, ofTable: table, nameRange: nameRange)
            }
            if let value = try grdbProperty(name, of: base, range: range, nameRange: nameRange) { return value }
            throw ArborError("\(base.kindName) has no member `\(name)`", at: nameRange)
        }
    }

    /// `Album.Columns.title` where the app declares no `Columns` for the table (the
    /// database was opened without its code): the column, as `Column("title")`.
    func undeclaredColumns(_ base: Expr, column name: String, nameRange: SourceRange) -> ArborError? {
        // Only `Type.Columns.name`: the type is a bare name, so evaluating it again costs
        // nothing (a chain `A.Columns.Columns…` evaluated again at each level is exponential).
        guard case .member(let inner, let namespace, let namespaceRange) = base.kind,
            namespace == "Columns" || namespace == "CodingKeys", case .identifier = inner.kind,
            case .table(let table, _, _)? = try? evaluate(inner),
            let schemaTable = environment.schema.table(named: table)
        else { return nil }
        let range = namespaceRange.union(nameRange)
        let type = environment.displayName(ofTable: table)
        if let column = schemaTable.column(named: name) {
            return ArborError(
                "`\(type)` declares no `\(namespace)`; `\(column.name)` is a column of `\(table)`", at: range,
                suggestion: "write `Column(\(SQLValue.swiftQuoted(column.name)))`")
        }
        let columns = schemaTable.columns.map(\.name)
        return ArborError(
            "`\(type)` declares no `\(namespace)`, and `\(table)` has no column `\(name)`", at: range,
            suggestion: Suggestions.closest(to: name, in: columns).first.map {
                "did you mean `Column(\(SQLValue.swiftQuoted($0)))`?"
            } ?? "its columns: " + columns.joined(separator: ", "))
    }

    /// The static members the app declares on the types of `table`, for suggestions.
    func staticNames(ofTable table: String) -> [String] {
        environment.typeNames.types(forTable: table).flatMap { type in
            (environment.statics[canonicalTypePath(type)] ?? [:]).keys
        }
    }

    /// `alias[Column("x")]`, `alias["x"]`, `alias[AllColumns()]`.
    func subscripted(_ base: Value, arguments: [Argument], range: SourceRange) throws -> Value {
        // `ids[0]`, `keys["id"]`, `counts[key, default: 0]`: Swift's subscripts.
        if let value = try builtin("subscript", on: base, arguments: arguments, range: range) { return value }
        if case .expression = base {
            return try jsonSubscript(base, arguments: arguments, range: range)
        }
        // `row["score"]` in a record type's `init(row:)`.
        if case .record(let record) = base { return try rowSubscript(record, arguments: arguments, range: range) }
        guard case .alias(let alias) = base else {
            throw ArborError(
                "only a table alias, an array or a dictionary can be subscripted, as in `alias[Column(\"name\")]`",
                at: range)
        }
        guard arguments.count == 1, let argument = arguments.first, argument.label == nil else {
            throw ArborError("an alias subscript takes one column", at: range)
        }
        // The alias's table is known only once it is attached: columns are checked by SQLite.
        let value = try withScope({ $0.columnTable = nil }) { try evaluate(argument.value) }
        switch value {
        case .expression(.value(.text(let name))), .expression(.column(let name, nil)):
            return .expression(.column(name, alias: alias))
        case .selection(.allColumns(nil)):
            return .selection(.allColumns(alias: alias))
        case .ordering(let term):
            guard case .column(let name, nil) = term.expression else { break }
            return .ordering(OrderingTerm(.column(name, alias: alias), term.direction))
        default:
            break
        }
        throw ArborError("an alias subscript takes a column, such as `Column(\"name\")`", at: argument.value.range)
    }
}
