import ArborCore

/// What a bare name means, looked up in one path in Swift's order: the frames around it,
/// innermost first, down to the session's: a block's, closure's or function's locals, the
/// members of an enclosing type (`self`'s, then its statics, associations and nested types,
/// then the enclosing types'), the session's `let`s and `var`s; then the associations a
/// request method's argument names (arbor's `including(all: books)` at the prompt), then
/// the module's types.
extension Evaluator {
    func identifier(_ name: String, range: SourceRange) throws -> Value {
        // The innermost frame first, the session's last; no array of them made for each name.
        // Each frame read where it is in the array, held once: iterating the scope's frames
        // copied each one, a retain and release of each of its fields, for every name.
        let frames = scope.frames
        for index in frames.indices.reversed() {
            if frames[index].kind == .type {
                // In an initializer, a stored property it has assigned reads as that value, as in Swift.
                if let value = scope.initializing?.assigned[name] { return value }
                if let value = try member(name, ofEnclosing: frames[index], range: range) { return value }
            } else if let local = frames[index].names[name] {
                return try value(of: local, named: name, range: range)
            }
        }
        // The session's frame is not copied out of the environment: its names are read in place.
        if let local = environment.session.names[name] { return try value(of: local, named: name, range: range) }
        if let table = scope.associationTable, let value = try association(name, of: table, range: range) {
            return value
        }
        if let value = moduleType(name) { return value }
        if let value = try topLevelConstant(name, range: range) { return value }
        if let value = grdbName(name) { return value }
        if let error = fileScopedElsewhere(name, range: range) { throw error }
        throw unknownName(name, range: range)
    }

    /// A local's value, once it has one.
    private func value(of local: LocalName, named name: String, range: SourceRange) throws -> Value {
        guard let value = local.value else {
            throw ArborError("constant '\(name)' used before being initialized", at: range)
        }
        return value
    }

    /// The declared type of a name: a local's, a stored property's of `self`, or `self`'s
    /// in a method of the app's enum (`switch self { case .forward: … }`).
    func declaredType(ofName name: String) -> SwiftType? {
        if let local = local(name) { return local.type }
        guard let frame = typeFrame, let receiver = frame.implicitSelf else { return nil }
        if name == "self", let type = frame.selfType, environment.types[type]?.enumeration != nil {
            return .named(type, arguments: [])
        }
        if case .composite(let type, _) = receiver {
            return storedProperties(of: type)?.first { $0.name == name }?.typeValue
        }
        return nil
    }

    // MARK: The enclosing type

    /// `name` as a member of the type whose body the code is in: an instance member of `self`,
    /// a static member, an association of its table, a nested type or one of an enclosing type.
    private func member(_ name: String, ofEnclosing frame: ScopeFrame, range: SourceRange) throws -> Value? {
        // A static member's scope, while loading forces the members: a miss is looked up once.
        guard enclosingMisses != nil, Self.isStaticMemberScope(frame), extensionTypeAliases.isEmpty else {
            return try memberLookedUp(name, ofEnclosing: frame, range: range)
        }
        let scope = EnclosingMisses.Scope(type: frame.selfType, table: frame.selfTable)
        if enclosingMisses?.contains(name, in: scope) == true { return nil }
        let value = try memberLookedUp(name, ofEnclosing: frame, range: range)
        if value == nil { enclosingMisses?.insert(name, in: scope) }
        return value
    }

    /// Whether what the frame's scope has depends on its type and table alone: no `self`, or
    /// the table of a record type's static member (a request method's `self` is the receiver).
    private static func isStaticMemberScope(_ frame: ScopeFrame) -> Bool {
        switch frame.implicitSelf {
        case nil: true
        case .table(let table, _, _)?: table == frame.selfTable
        default: false
        }
    }

    private func memberLookedUp(_ name: String, ofEnclosing frame: ScopeFrame, range: SourceRange) throws -> Value? {
        if name == "self", let value = frame.implicitSelf { return value }
        if let receiver = frame.implicitSelf, let value = try instanceMember(name, of: receiver, range: range) {
            return value
        }
        if let target = extensionTypeAliases[name] {
            let path = canonicalTypePath(target)
            if let table = environment.typeNames.table(forType: path) { return .table(table, type: path) }
            if environment.types[path] != nil { return .namespace(path) }
        }
        if let selfType = frame.selfType {
            if name == "Self" || name == selfType {
                if let table = frame.selfTable { return .table(table, type: recordType(selfType)) }
                if environment.types[canonicalTypePath(selfType)] != nil {
                    return .namespace(canonicalTypePath(selfType))
                }
            }
            try forceMember(selfType, name, range: range)
            if let value = environment.types[canonicalTypePath(selfType)]?.statics[name] { return value }
        }
        // `databaseTableName` in the record type's own methods: `Self.databaseTableName`.
        if name == "databaseTableName", let table = frame.selfTable { return .expression(.value(.text(table))) }
        if let table = frame.selfTable, let value = try association(name, of: table, range: range) { return value }
        if let selfType = frame.selfType, let path = nestedTypePath(name, in: selfType) {
            if let table = environment.typeNames.table(forType: path) { return .table(table, type: path) }
            return .namespace(path)
        }
        // `RowDecoder.Columns.x` in `extension DerivableRequest where RowDecoder == Manga`: the
        // record type of the request the method runs on.
        if name == "RowDecoder", let table = frame.selfTable ?? receiverTable(frame.implicitSelf) {
            return .table(table, type: environment.typeNames.types(forTable: table).first)
        }
        return nil
    }

    /// `name` as `self.name`: a computed property of the app's struct or enum, an enum's
    /// `rawValue`, a record's property or instance member.
    private func instanceMember(_ name: String, of receiver: Value, range: SourceRange) throws -> Value? {
        switch receiver {
        case .composite(let type, let fields):
            // In a method of the app's struct, its stored properties are names, as in Swift.
            if let field = fields.first(where: { $0.name == name }) { return field.value }
            guard let method = valueMethod(name, ofType: type, labels: nil) else { return nil }
            return try invoke(method, on: receiver, arguments: [], range: range)
        case .record(let record):
            if let method = try appMethod(name, on: receiver, labels: nil, nameRange: range) {
                return try invoke(method, on: receiver, arguments: [], range: range)
            }
            guard propertyColumn(name, ofTable: record.table) != nil else { return nil }
            return try recordProperty(name, of: record, nameRange: range)
        default:
            // In a method of the app's enum, `self` is a case. Any other name than `rawValue`
            // is one of its methods: an enum without any is not looked up (most types are none).
            guard let type = scope.selfType,
                name == "rawValue" || environment.types.hasEnumMethods(type),
                let enumeration = environment.types[type]?.enumeration
            else { return nil }
            if name == "rawValue", !enumeration.isCaseOnly {
                if case .swift(.enumCase(let value)) = caseValue(receiver, of: type), let raw = value.rawValue {
                    return .expression(.value(raw))
                }
                return receiver
            }
            guard let method = valueMethod(name, ofType: type, labels: nil) else { return nil }
            return try invoke(method, on: receiver, arguments: [], range: range)
        }
    }

    /// The association `name` of `table`, once the members declaring it are evaluated.
    private func association(_ name: String, of table: String, range: SourceRange) throws -> Value? {
        try forceMembers(ofTable: table, named: name, range: range)
        return environment.catalog.association(named: name, of: table).map { .association(plan(of: $0)) }
    }

    /// The full path of the type `name` nested in `typePath` or one of its parents, if declared.
    func nestedTypePath(_ name: String, in typePath: String) -> String? {
        // Record types' paths are types' too: no nested type ends with `name`, none is found.
        guard environment.types.mayNest(name) else { return nil }
        var path = typePath
        while true {
            let candidate = canonicalTypePath(String.memberKey(path, name))
            if environment.types[candidate] != nil || environment.typeNames.table(forType: candidate) != nil {
                return candidate
            }
            guard let dot = path.lastIndex(of: ".") else { return nil }
            path = String(path[..<dot])
        }
    }

    // MARK: Calls of bare names

    /// `name(…)`, looked up in the same order: a local is no function; then the enclosing
    /// type's methods (`self.name(…)`, `Self.name(…)`, GRDB's association builders of its
    /// table); then the module's types (their initializers) and functions.
    func callName(_ name: String, arguments: [Argument], range: SourceRange, nameRange: SourceRange) throws -> Value {
        // `Self(…)` in a type's body or extension is that type's initializer, as in Swift.
        if name == "Self", let selfType = scope.selfType, selfType != "Self" {
            guard
                environment.types[canonicalTypePath(selfType)] != nil
                    || environment.typeNames.table(forType: selfType) != nil
            else {
                throw ArborError(
                    "`Self(…)` is an initializer of `\(selfType)`, a type whose initializers arbor does not know",
                    at: nameRange)
            }
            return try callName(selfType, arguments: arguments, range: range, nameRange: nameRange)
        }
        if local(name) != nil || environment.binding(name) != nil {
            throw ArborError("`\(name)` is not a function", at: nameRange)
        }
        if let frame = typeFrame,
            let value = try method(name, ofEnclosing: frame, arguments: arguments, range: range, nameRange: nameRange)
        {
            return value
        }
        if let table = environment.typeNames.table(forType: name) {
            return try memberwiseRecord(table, typeName: name, arguments: arguments, range: range)
        }
        if let value = try builtinStatic(name, "init", arguments: arguments, range: range) { return value }
        if let properties = storedProperties(of: name) {
            return try compositeValue(name, properties: properties, arguments: arguments, range: range)
        }
        if Self.arrayWrappers.contains(name), let wrapped = try wrappedFetch(arguments) { return wrapped }
        return try globalFunction(name, arguments: arguments, range: range, nameRange: nameRange)
    }

    /// `name(…)` as a method of the type whose body the code is in.
    private func method(
        _ name: String, ofEnclosing frame: ScopeFrame, arguments: [Argument], range: SourceRange, nameRange: SourceRange
    ) throws -> Value? {
        if let table = frame.selfTable,
            name == "belongsTo" || name == "hasMany" || name == "hasOne" || name == "association"
        {
            return try method(name, on: .table(table), arguments: arguments, range: range, nameRange: nameRange)
        }
        if let receiver = frame.implicitSelf {
            switch receiver {
            // In a method of the app's struct, `request(…)` is `self.request(…)`.
            case .composite(let type, _)
            where environment.valueMethods[canonicalTypePath(type)]?.named(name).isEmpty == false:
                return try method(name, on: receiver, arguments: arguments, range: range, nameRange: nameRange)
            default:
                // In a method of the app's enum, `loop()` is `self.loop()`.
                if let type = frame.selfType, environment.types[type]?.enumeration != nil,
                    let method = valueMethod(name, ofType: type, labels: arguments.labels)
                {
                    return try invoke(method, on: receiver, arguments: arguments, range: range)
                }
            }
            // In a request method, `filter(…)` is `self.filter(…)`.
            if GRDBAPI.isRequestMethod(name) || !environment.requestMethods.named(name).isEmpty || name == "request" {
                return try method(name, on: receiver, arguments: arguments, range: range, nameRange: nameRange)
            }
        }
        // In a static method, `addingIncludes(request)` is `Self.addingIncludes(request)`.
        if let type = frame.selfType, let method = staticMethod(name, ofType: type, labels: arguments.labels) {
            let receiver: Value =
                environment.typeNames.table(forType: type).map { .table($0, type: type) } ?? .namespace(type)
            return try invoke(method, on: receiver, arguments: arguments, range: range)
        }
        return nil
    }

    // MARK: The module

    /// A type of the app's code or of the database: a record type's table, or a namespace
    /// of static members (a Decodable type without a table, `enum Queries`).
    private func moduleType(_ name: String) -> Value? {
        if let table = environment.typeNames.table(forType: name) { return .table(table, type: name) }
        let path = canonicalTypePath(name)
        if path != name, let table = environment.typeNames.table(forType: path) { return .table(table, type: path) }
        return environment.types[path] != nil ? .namespace(path) : nil
    }

    /// Why nothing has the name, with the closest names that exist.
    private func unknownName(_ name: String, range: SourceRange) -> ArborError {
        var candidates = environment.typeNames.allTypeNames + environment.bindings.keys
        if let table = scope.associationTable ?? scope.selfTable {
            candidates += environment.catalog.associations(of: table).map(\.name)
        }
        if let what = UnsupportedGRDB.functions[name] { return UnsupportedGRDB.error(what, at: range) }
        if name.first?.isUppercase == true {
            return ArborError(
                "unknown record type `\(name)`", at: range,
                suggestion: Suggestions.didYouMean(name, in: candidates) ?? "`:tables` lists the tables")
        }
        if let table = scope.associationTable {
            let names = environment.catalog.associations(of: table).map(\.name)
            if let why = environment.catalog.whyMissing(name, of: table) {
                return ArborError(
                    "`\(environment.displayName(ofTable: table))` has no association `\(name)`: \(why)", at: range)
            }
            return ArborError(
                "`\(environment.displayName(ofTable: table))` has no association `\(name)`", at: range,
                suggestion: Suggestions.didYouMean(name, in: candidates)
                    ?? (names.isEmpty ? nil : "its associations: " + names.joined(separator: ", ")))
        }
        return ArborError(
            "unknown name `\(name)`", at: range, suggestion: Suggestions.didYouMean(name, in: candidates))
    }
}
