import ArborCore

/// A record fetched in app code (`let player = try Player.fetchOne(db)`) is built as Swift
/// builds it: GRDB calls the type's `init(row:)`, so where the record type declares its own,
/// its body runs on the fetched row (`row["score"]`, `row[Columns.name]`) and the properties
/// it assigns (a computed `bonus`, a column's value changed) are what the app reads. Without
/// one, the record holds the row's columns, as GRDB's decoding gives them.
extension Evaluator {
    /// `value` as the app holds it once bound: each record of the fetch (one, or an array of
    /// them) run through its type's `init(row:)` when the type declares one.
    func initializedFromRows(_ value: Value, range: SourceRange) -> Value {
        switch value {
        case .record(let record):
            return .record(initializedFromRow(record, range: range))
        case .array(let elements) where elements.contains(where: { if case .record = $0 { true } else { false } }):
            guard case .record(let first)? = elements.first, rowInitializer(ofTable: first.table) != nil else {
                return value
            }
            return .array(
                elements.map { element in
                    guard case .record(let record) = element else { return element }
                    return .record(initializedFromRow(record, range: range))
                })
        default:
            return value
        }
    }

    /// The record type of `table` that declares `init(row:)`, and that initializer: the one
    /// type of the table declaring it (several would make the type the app meant unknown).
    func rowInitializer(ofTable table: String) -> (type: String, initializer: RequestMethod)? {
        let declaring = environment.typeNames.types(forTable: table).compactMap { type in
            declaredInitializer(of: type, labels: ["row"]).map { (canonicalTypePath(type), $0) }
        }
        guard let first = declaring.first, declaring.allSatisfy({ $0.0 == first.0 }) else { return nil }
        return first
    }

    /// `record` as its type's `init(row:)` makes it from the row it was read from. Where arbor
    /// can not run that init (a conversion GRDB makes from the row's value, such as a `Date`
    /// read from text, that arbor's `row[…]` does not make), the record holds the row's
    /// columns, as it would without one.
    private func initializedFromRow(_ record: RecordValue, range: SourceRange) -> RecordValue {
        guard let (type, initializer) = rowInitializer(ofTable: record.table),
            let stored = storedProperties(of: type)
        else { return record }
        // The row is the record's columns, reached by the parameter's name (`row["score"]`).
        let rowName = "(fetched row)"
        let ran = try? withScope({ $0.declare(rowName, .record(record)) }) {
            try runInitializer(
                initializer, properties: Set(stored.map(\.name)),
                arguments: [Argument(label: "row", labelRange: nil, value: Expr(.identifier(rowName), range))],
                range: range)
        }
        guard let assigned = ran else { return record }
        var initialized = record
        let columns = Set((environment.schema.table(named: record.table)?.columns ?? []).map(\.name.sqlFolded))
        for property in stored {
            guard let value = assigned[property.name] else { continue }
            let column = column(of: property, in: type)
            if columns.contains(column.sqlFolded), let known = Self.swiftProperty(value), case .value(let sql) = known {
                initialized.values[column] = sql
            } else if let kept = Self.swiftProperty(value) {
                initialized.swiftProperties[property.name] = kept
            }
        }
        return initialized
    }

    /// `row["score"]`, `row[Column("score")]`, `row[Columns.score]` on a fetched row: the
    /// column's value (nil for a column the row does not have, as GRDB gives an optional).
    func rowSubscript(_ record: RecordValue, arguments: [Argument], range: SourceRange) throws -> Value {
        guard arguments.count == 1, let argument = arguments.first, argument.label == nil else {
            throw ArborError("a row's subscript takes one column name, as in `row[\"name\"]`", at: range)
        }
        switch try withScope({ $0.columnTable = nil }, { try evaluate(argument.value) }) {
        case .expression(.value(.text(let name))), .expression(.column(let name, nil)):
            return .expression(.value(record.value(of: name)))
        default:
            throw ArborError(
                "a row is read here by column name (`row[\"name\"]`, `row[Column(\"name\")]`)", at: argument.value.range
            )
        }
    }
}
