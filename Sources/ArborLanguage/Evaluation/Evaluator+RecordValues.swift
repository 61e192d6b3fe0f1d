import ArborCore

/// Record values: `Author(id: 1, name: "x")` built with the record type's
/// memberwise initializer, and `record.request(for: association)`.
extension Evaluator {
    /// A label of a record type's memberwise initializer.
    struct MemberwiseParameter {
        var label: String
        /// The column its value encodes into.
        var column: String
        var isRequired: Bool
        /// The literal the argument gives, or an error saying what the property takes.
        var check: (Value, SourceRange) throws -> SQLValue
    }

    /// The memberwise initializer of `typeName`: the stored properties the app
    /// declared (their `CodingKeys` name the columns), or, for a type arbor names
    /// after a table, the table's columns as `--format swift` declares them.
    func memberwiseParameters(table info: TableInfo, typeName: String) -> [MemberwiseParameter] {
        // A type that encodes itself by hand declares its properties, even none (`A()`).
        let encodesByHand = environment.types[canonicalTypePath(typeName)]?.recordEncoder != nil
        if let stored = storedProperties(of: typeName) ?? (encodesByHand ? [] : nil) {
            return stored.map { property in
                MemberwiseParameter(
                    label: property.name, column: column(of: property, in: typeName),
                    isRequired: property.isRequired,
                    check: { value, range in
                        let converted =
                            try property.typeValue.map {
                                try self.convert(value, to: $0, in: typeName, range: range)
                            } ?? value
                        // A Swift value (`Date`, `UUID`) is stored as GRDB stores it.
                        if case .swift(let swift) = converted, let stored = swift.databaseValue { return stored }
                        guard case .expression(.value(let literal)) = converted else {
                            throw ArborError(
                                "`\(property.name)` takes a value (a literal such as `1` or `\"x\"`), got \(value.kindName)",
                                at: range)
                        }
                        return literal
                    })
            }
        }
        return RecordProperty.of(info).map { property in
            MemberwiseParameter(
                label: property.column, column: property.column, isRequired: property.isRequired,
                check: { value, range in
                    let value = value.knownValue.map { Value.expression(.value($0)) } ?? value
                    guard case .expression(.value(let literal)) = value else {
                        throw ArborError(
                            "`\(property.column)` takes a value (a literal such as `1` or `\"x\"`), got \(value.kindName)",
                            at: range)
                    }
                    guard property.accepts(literal) else {
                        let expected = property.swiftType + (property.isRequired ? "" : "?")
                        throw ArborError(
                            literal == .null
                                ? "`\(property.column)` is not optional: column `\(property.column)` is never NULL"
                                : "`\(property.column)` is \(Self.article(expected)) `\(expected)`, got \(literal)",
                            at: range)
                    }
                    return literal
                })
        }
    }

    /// `Author(id: 1, name: "x")`: the labels are the record type's properties, in
    /// declaration order as Swift requires; an optional property may be left out (nil).
    func memberwiseRecord(_ table: String, typeName: String, arguments: [Argument], range: SourceRange) throws
        -> Value
    {
        guard let info = environment.schema.table(named: table) else {
            throw ArborError("no table or view named \(SQLValue.swiftQuoted(table))", at: range)
        }
        let parameters = memberwiseParameters(table: info, typeName: typeName)
        // Swift calls the app's own initializer; the memberwise one only where Swift synthesizes it.
        if let initializer = declaredInitializer(of: typeName, labels: arguments.labels) {
            return try initializedRecord(
                initializer, table: info.name, typeName: typeName, parameters: parameters, arguments: arguments,
                range: range)
        }
        if !hasMemberwiseInitializer(typeName) {
            throw noMatchingInitializer(typeName, arguments: arguments, range: range)
        }
        let names = parameters.map(\.label)
        var values: [String: SQLValue] = [:]
        var given: Set<String> = []
        var labels: [String] = []
        var lastIndex = -1
        for argument in arguments {
            guard let label = argument.label, let labelRange = argument.labelRange else {
                throw ArborError(
                    "`\(typeName)(…)` takes its properties as labelled arguments, as in `\(typeName)(\(names.first ?? "id"): …)`",
                    at: argument.value.range)
            }
            guard let index = parameters.firstIndex(where: { $0.label == label }) else {
                throw ArborError(
                    "`\(typeName)` has no property `\(label)`", at: labelRange,
                    suggestion: Suggestions.didYouMean(label, in: names)
                        ?? "its properties: " + names.joined(separator: ", "))
            }
            let parameter = parameters[index]
            guard given.insert(label).inserted else {
                throw ArborError("`\(label)` is given twice", at: labelRange)
            }
            guard index > lastIndex else {
                throw ArborError(
                    "`\(label)` must come before `\(parameters[lastIndex].label)`: the memberwise initializer takes the properties in declaration order",
                    at: labelRange, suggestion: "the order: " + names.joined(separator: ", "))
            }
            lastIndex = index
            let value = try withScope({ $0.columnTable = nil }) { try evaluate(argument.value) }
            values[parameter.column] = try parameter.check(value, argument.value.range)
            labels.append(label)
        }
        let missing = parameters.filter { $0.isRequired && !given.contains($0.label) }.map(\.label)
        if !missing.isEmpty {
            throw ArborError(
                "`\(typeName)(…)` is missing \(missing.map { "`\($0):`" }.joined(separator: ", ")): "
                    + (missing.count == 1 ? "this property is" : "these properties are") + " not optional",
                at: range)
        }
        if let encoder = environment.types[canonicalTypePath(typeName)]?.recordEncoder {
            values = try encoded(by: encoder, typeName: typeName, values: values, parameters: parameters, range: range)
        }
        return .record(RecordValue(table: info.name, values: values, source: .memberwise(labels: labels)))
    }

    /// A record built by the app's initializer: the properties its body assigns, encoded
    /// into their columns as the memberwise initializer's would be.
    private func initializedRecord(
        _ initializer: RequestMethod, table: String, typeName: String, parameters: [MemberwiseParameter],
        arguments: [Argument], range: SourceRange
    ) throws -> Value {
        let assigned = try runInitializer(
            initializer, properties: Set(parameters.map(\.label)), arguments: arguments, range: range)
        let labels = parameters.map(\.label).filter { assigned[$0] != nil }
        if let encoder = environment.types[canonicalTypePath(typeName)]?.recordEncoder {
            // A hand-written `encode(to:)` reads the properties as Swift values (`coordinate.latitude`).
            let typePath = canonicalTypePath(typeName)
            var properties: [String: Value] = [:]
            for stored in storedProperties(of: typeName) ?? [] {
                guard let value = assigned[stored.name] else { continue }
                properties[stored.name] = try property(stored, of: typePath, holding: value, range: range)
            }
            let values = try encoded(by: encoder, typeName: typeName, properties: properties, range: range)
            var record = RecordValue(table: table, values: values, source: .memberwise(labels: labels))
            // What Swift reads of the value (`place.coordinate.latitude`) where no column holds it.
            let columns = Set((environment.schema.table(named: table)?.columns ?? []).map(\.name.sqlFolded))
            for (name, value) in properties where !columns.contains(name.sqlFolded) {
                record.swiftProperties[name] = Self.swiftProperty(value)
            }
            return .record(record)
        }
        var values: [String: SQLValue] = [:]
        for parameter in parameters {
            guard let value = assigned[parameter.label] else { continue }
            values[parameter.column] = try parameter.check(value, range)
        }
        return .record(RecordValue(table: table, values: values, source: .memberwise(labels: labels)))
    }

    /// A call that matches none of the initializers a type declares, where Swift gives it no memberwise one.
    func noMatchingInitializer(_ type: String, arguments: [Argument], range: SourceRange) -> ArborError {
        let initializers = environment.types[canonicalTypePath(type)]?.initializers ?? []
        return ArborError(
            "`\(type)\(arguments.labels.signature)` matches no initializer of `\(type)`",
            at: arguments.first?.labelRange ?? range,
            suggestion: initializers.isEmpty
                ? nil
                : "it declares "
                    + initializers.map { "`\(Self.declaredSignature($0.function))`" }.joined(separator: " or "))
    }

    /// The columns a hand-written `encode(to container:)` gives for these property values.
    private func encoded(
        by encoder: FunctionDeclaration, typeName: String, values: [String: SQLValue],
        parameters: [MemberwiseParameter], range: SourceRange
    ) throws -> [String: SQLValue] {
        var properties: [String: Value] = [:]
        for parameter in parameters {
            properties[parameter.label] = .expression(.value(values[parameter.column] ?? .null))
        }
        return try encoded(by: encoder, typeName: typeName, properties: properties, range: range)
    }

    /// The columns a hand-written `encode(to container:)` gives for these property values.
    private func encoded(
        by encoder: FunctionDeclaration, typeName: String, properties: [String: Value], range: SourceRange
    ) throws -> [String: SQLValue] {
        try withScope(
            {
                $0 = Scope()
                $0.selfType = typeName
                $0.sourceUnit = environment.types[canonicalTypePath(typeName)]?.recordEncoderOrigin
                $0.closureParameters = properties
                $0.encodingContainer = encoder.parameters.first?.name
            },
            {
                _ = try execute(encoder.body)
                return scope.encoded
            })
    }

    /// `BookInfo(book: book, author: author)`: a plain struct of the app, built with its
    /// memberwise initializer (the labels in declaration order), holding any values. A
    /// property left out holds its initial value (`var ordering: Ordering = .byTitle`), or nil.
    func compositeValue(_ type: String, properties: [StoredProperty], arguments: [Argument], range: SourceRange)
        throws -> Value
    {
        let typePath = canonicalTypePath(type)
        if let initializer = declaredInitializer(of: type, labels: arguments.labels) {
            let assigned = try runInitializer(
                initializer, properties: Set(properties.map(\.name)), arguments: arguments, range: range)
            var fields: [(name: String, value: Value)] = []
            for stored in properties {
                if let value = assigned[stored.name] {
                    fields.append((stored.name, try property(stored, of: typePath, holding: value, range: range)))
                } else if let initial = stored.defaultValue {
                    let value = try withScope(
                        {
                            $0 = Scope()
                            $0.selfType = typePath
                            $0.sourceUnit = stored.origin
                        }, { try evaluate(initial) })
                    fields.append((stored.name, try property(stored, of: typePath, holding: value, range: range)))
                } else {
                    fields.append((stored.name, .expression(.value(.null))))
                }
            }
            return .composite(type: type, fields: fields)
        }
        // The app declares initializers and the call matches none: say them.
        if !hasMemberwiseInitializer(type) { throw noMatchingInitializer(type, arguments: arguments, range: range) }
        do {
            return try memberwiseValue(type, properties: properties, arguments: arguments, range: range)
        } catch let error as ArborError where !(environment.types[typePath]?.initializers.isEmpty ?? true) {
            // Initializers in extensions keep the memberwise one: a call that fits neither says them.
            throw noMatchingInitializer(type, arguments: arguments, range: error.range ?? range)
        }
    }

    private func memberwiseValue(
        _ type: String, properties: [StoredProperty], arguments: [Argument], range: SourceRange
    ) throws -> Value {
        let typePath = canonicalTypePath(type)
        var given: [String: Value] = [:]
        var index = 0
        for argument in arguments {
            guard let label = argument.label,
                let position = properties[index...].firstIndex(where: { $0.name == label })
            else {
                throw ArborError(
                    properties.isEmpty
                        ? "`\(type)()` takes no argument: `\(type)` stores no property"
                        : "`\(type)(…)` takes " + properties.map { "`\($0.name):`" }.joined(separator: ", ")
                            + ", in this order", at: argument.labelRange ?? argument.value.range)
            }
            if let missing = properties[index..<position].first(where: \.isRequired) {
                throw ArborError("`\(type)(…)` is missing `\(missing.name):`", at: argument.range)
            }
            index = position + 1
            let value = try evaluate(argument.value)
            given[label] = try property(properties[position], of: typePath, holding: value, range: argument.value.range)
        }
        if let missing = properties[index...].first(where: \.isRequired) {
            throw ArborError("`\(type)(…)` is missing `\(missing.name):`", at: range)
        }
        var fields: [(name: String, value: Value)] = []
        for property in properties {
            if let value = given[property.name] {
                fields.append((property.name, value))
            } else if let initial = property.defaultValue {
                // Evaluated as Swift does, inside the type: `.byTitle`, `Ordering.byTitle`.
                let value = try withScope(
                    {
                        $0 = Scope()
                        $0.selfType = typePath
                        $0.sourceUnit = property.origin
                    }, { try evaluate(initial) })
                fields.append((property.name, try self.property(property, of: typePath, holding: value, range: range)))
            } else if !property.hasDefault {
                fields.append((property.name, .expression(.value(.null))))
            }
        }
        return .composite(type: type, fields: fields)
    }

    /// A property's value as its declared type takes it: `.byYear` of an app enum is checked
    /// against the enum's cases.
    private func property(_ property: StoredProperty, of typePath: String, holding value: Value, range: SourceRange)
        throws -> Value
    {
        guard let type = property.type else { return value }
        switch value {
        // Swift values arbor knows; records, requests and fetched results stay as they are.
        case .implicitMember, .expression(.value), .array, .swift(.enumCase):
            return try convert(value, to: type, in: typePath, range: range)
        default: return value
        }
    }

    static func article(_ type: String) -> String {
        ["A", "E", "I", "O", "U"].contains(type.first.map(String.init) ?? "") ? "an" : "a"
    }

    /// Methods of a record: `request(for:)`, which GRDB offers on `EncodableRecord & TableRecord`.
    func recordMethod(_ name: String, on base: Value, arguments: [Argument], range: SourceRange, nameRange: SourceRange)
        throws -> Value
    {
        guard name == "request", arguments.labels == ["for"] else {
            // The app's instance methods of this record type, by signature.
            let table: String? = if case .record(let record) = base { record.table } else { nil }
            let own = environment.requestMethods.all.filter { method in
                method.receiver == .recordInstance && !method.isProperty
                    && method.table.map { $0.sqlFolded == table?.sqlFolded } == true
            }.map(\.function.signature)
            throw ArborError(
                "\(base.kindName) has no method `\(name)\(arguments.labels.signature)`", at: nameRange,
                suggestion: "a record offers " + (["request(for:)"] + own).map { "`\($0)`" }.joined(separator: ", "))
        }
        switch base {
        case .absentRecord(let table, let binding):
            throw ArborError(
                "`\(binding)` is nil: no `\(environment.displayName(ofTable: table))` was found", at: range,
                suggestion: "`\(binding)?.request(for:)` is nil in Swift, and `\(binding)!` stops the program")
        default:
            throw ArborError("\(base.kindName) has no method `\(name)`", at: nameRange)
        }
    }

    /// The column of the property `name` of a record of `table`: a stored property of
    /// the app's record type, else a column (as `--format swift` declares them).
    func propertyColumn(_ name: String, ofTable table: String) -> String? {
        for type in environment.typeNames.types(forTable: table) {
            guard let stored = storedProperties(of: type) else { continue }
            return stored.first { $0.name == name }.map { column(of: $0, in: type) }
        }
        let properties = environment.schema.table(named: table).map(RecordProperty.of) ?? []
        return properties.first { $0.column == name }?.column
    }

    /// A property value kept with a record: a value, or a struct of values.
    static func swiftProperty(_ value: Value) -> SwiftPropertyValue? {
        switch value {
        case .expression(.value(let literal)): return .value(literal)
        case .swift(let swift): return swift.databaseValue.map { .value($0) }
        case .composite(let type, let fields):
            var kept: [SwiftPropertyValue.Field] = []
            for field in fields {
                guard let value = swiftProperty(field.value) else { return nil }
                kept.append(.init(name: field.name, value: value))
            }
            return .structure(type: type, fields: kept)
        default: return nil
        }
    }

    static func value(of property: SwiftPropertyValue) -> Value {
        switch property {
        case .value(let literal): .expression(.value(literal))
        case .structure(let type, let fields):
            .composite(type: type, fields: fields.map { ($0.name, value(of: $0.value)) })
        }
    }

    /// `author.name`: the value of a property of a record, as GRDB decodes it into the
    /// property's declared type (`Evaluator+DecodedProperties.swift`).
    func recordProperty(_ name: String, of record: RecordValue, nameRange: SourceRange) throws -> Value {
        if let kept = record.swiftProperties[name] { return Self.value(of: kept) }
        if let (type, stored) = declaredProperty(name, ofTable: record.table) {
            return decodedProperty(record.value(of: column(of: stored, in: type)), as: stored.typeValue, in: type)
        }
        guard let column = propertyColumn(name, ofTable: record.table) else {
            throw missingRecordMember(name, ofTable: record.table, nameRange: nameRange)
        }
        return .expression(.value(record.value(of: column)))
    }
}
