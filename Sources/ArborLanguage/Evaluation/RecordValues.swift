import ArborCore

/// Record values: `Author(id: 1, name: "x")` built with the record type's
/// memberwise initializer, and `record.request(for: association)`.
extension Evaluator {
    /// `Author(id: 1, name: "x")`: the labels are the record type's properties (for
    /// now the table's columns, as `--format swift` declares them), in declaration
    /// order as Swift requires; an optional property may be left out (nil).
    func memberwiseRecord(_ table: String, typeName: String, arguments: [Argument], range: SourceRange) throws
        -> Value
    {
        guard let info = environment.schema.table(named: table) else {
            throw ArborError("no table or view named \(SQLValue.swiftQuoted(table))", at: range)
        }
        let properties = RecordProperty.of(info)
        let names = properties.map(\.column)
        var values: [String: SQLValue] = [:]
        var labels: [String] = []
        var lastIndex = -1
        for argument in arguments {
            guard let label = argument.label, let labelRange = argument.labelRange else {
                throw ArborError(
                    "`\(typeName)(…)` takes its properties as labelled arguments, as in `\(typeName)(\(names.first ?? "id"): …)`",
                    at: argument.value.range)
            }
            guard let index = properties.firstIndex(where: { $0.column == label }) else {
                throw ArborError(
                    "`\(typeName)` has no property `\(label)`", at: labelRange,
                    suggestion: Suggestions.didYouMean(label, in: names)
                        ?? "its properties: " + names.joined(separator: ", "))
            }
            let property = properties[index]
            if values[property.column] != nil {
                throw ArborError("`\(label)` is given twice", at: labelRange)
            }
            guard index > lastIndex else {
                throw ArborError(
                    "`\(label)` must come before `\(properties[lastIndex].column)`: the memberwise initializer takes the properties in declaration order",
                    at: labelRange, suggestion: "the order: " + names.joined(separator: ", "))
            }
            lastIndex = index
            let value = try withScope({ $0.columnTable = nil }) { try evaluate(argument.value) }
            guard case .expression(.value(let literal)) = value else {
                throw ArborError(
                    "`\(label)` takes a value (a literal such as `1` or `\"x\"`), got \(value.kindName)",
                    at: argument.value.range)
            }
            guard property.accepts(literal) else {
                let expected = property.swiftType + (property.isRequired ? "" : "?")
                throw ArborError(
                    literal == .null
                        ? "`\(label)` is not optional: column `\(property.column)` is never NULL"
                        : "`\(label)` is \(Self.article(expected)) `\(expected)`, got \(literal)",
                    at: argument.value.range)
            }
            values[property.column] = literal
            labels.append(label)
        }
        let missing = properties.filter { $0.isRequired && values[$0.column] == nil }.map(\.column)
        if !missing.isEmpty {
            throw ArborError(
                "`\(typeName)(…)` is missing \(missing.map { "`\($0):`" }.joined(separator: ", ")): "
                    + (missing.count == 1 ? "this property is" : "these properties are") + " not optional",
                at: range)
        }
        return .record(RecordValue(table: info.name, values: values, source: .memberwise(labels: labels)))
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
        case .record(let record):
            let association = try associationArgument(arguments[0], of: record.table)
            return .request(RequestPlan(root: .associated(record, association)))
        case .absentRecord(let table, let binding):
            throw ArborError(
                "`\(binding)` is nil: no `\(environment.displayName(ofTable: table))` was found", at: range,
                suggestion: "`\(binding)?.request(for:)` is nil in Swift, and `\(binding)!` stops the program")
        default:
            throw ArborError("\(base.kindName) has no method `\(name)`", at: nameRange)
        }
    }

    /// `author.name`: the value of a property of a record.
    func recordProperty(_ name: String, of record: RecordValue, nameRange: SourceRange) throws -> Value {
        let properties = environment.schema.table(named: record.table).map(RecordProperty.of) ?? []
        guard let property = properties.first(where: { $0.column == name }) else {
            throw ArborError(
                "`\(environment.displayName(ofTable: record.table))` has no property `\(name)`", at: nameRange,
                suggestion: Suggestions.didYouMean(name, in: properties.map(\.column) + ["request"]))
        }
        return .expression(.value(record.value(of: property.column)))
    }
}
