import GRDB

/// Where GRDB's decoder finds a property's value in a row (`_RowDecoder`'s
/// `decode(_:forKey:)`): a column first, then a scope (searched at any depth),
/// then prefetched rows; a key it finds nowhere decodes from the row itself,
/// once per level, and fails after that.
enum KeySource {
    /// The column, as the row spells it (GRDB matches names ignoring case).
    case column(String)
    case scope(Row)
    case prefetched([Row])
    /// The first key found nowhere: GRDB decodes it from the row itself.
    case rowItself
    /// An optional property whose key is found nowhere: nil.
    case absent
    /// Found nowhere: GRDB throws.
    case missing

    /// The source of each property of `shape` in `row`, in the order GRDB decodes them.
    static func sources(of shape: RecordShape, in row: Row) -> [KeySource] {
        var rootTaken = false
        return shape.properties.map { property in
            let (type, isOptional) = property.type.unwrapped
            if row.hasColumn(property.key) {
                let folded = property.key.lowercased()
                return .column(row.columnNames.first { $0.lowercased() == folded } ?? property.key)
            }
            // `decode(String.self, forKey:)` and kin read a column, nothing else.
            if case .scalar(let scalar) = type, scalar.hasSpecializedDecode { return isOptional ? .absent : .missing }
            if let scoped = row.scopesTree[property.key] { return .scope(scoped) }
            if let rows = row.prefetchedRows[property.key] { return .prefetched(rows) }
            if isOptional { return .absent }
            if rootTaken { return .missing }
            rootTaken = true
            return .rowItself
        }
    }
}

/// Where GRDB stops the program instead of throwing (its `fatalError`s on
/// prefetched rows decoded as one value): found before decoding, so that arbor
/// reports it and never reaches it.
struct DecodingTrap {
    /// The properties down to the one GRDB would stop on.
    var path: [String]
    /// GRDB's fatal error message.
    var message: String

    /// The first trap decoding `row` as `shape` reaches, if any.
    static func find(in shape: RecordShape, row: Row, path: [String] = []) -> DecodingTrap? {
        for (property, source) in zip(shape.properties, KeySource.sources(of: shape, in: row)) {
            let (type, isOptional) = property.type.unwrapped
            let path = path + [property.name]
            switch source {
            case .scope(let scoped):
                if isOptional && !scoped.containsNonNullValue { continue }
                if case .record(let record) = type, let trap = find(in: record, row: scoped, path: path) {
                    return trap
                }
            case .rowItself:
                if case .record(let record) = type, let trap = find(in: record, row: row, path: path) { return trap }
            case .prefetched(let rows):
                guard case .array(let element) = type else {
                    let isKeyed = if case .record = type { true } else { false }
                    return DecodingTrap(
                        path: path,
                        message: isKeyed
                            ? "keyed decoding from prefetched rows is not supported"
                            : "single value decoding from prefetched rows is not supported")
                }
                switch element.unwrapped.type {
                case .record(let record):
                    for row in rows {
                        if let trap = find(in: record, row: row, path: path) { return trap }
                    }
                case .array, .optional:
                    return DecodingTrap(path: path, message: "unkeyed decoding from database row is not supported")
                default:
                    continue
                }
            case .column, .absent, .missing:
                continue
            }
        }
        return nil
    }
}

extension DecodingTrap {
    /// A `Date` read from a statement's TEXT that holds a NUL character: GRDB's date
    /// parser asserts that a text has no NUL (`strlen(cString) == length`), which stops
    /// the app in a debug build (and arbor's own, when it decodes the row). Rows copied
    /// from a statement (prefetched) read the text up to its NUL and never get there.
    static func nulInDate(in shape: RecordShape, row: Row, path: [String] = []) -> (
        trap: DecodingTrap, property: PropertyShape, column: String
    )? {
        for (property, source) in zip(shape.properties, KeySource.sources(of: shape, in: row)) {
            let path = path + [property.name]
            switch (source, property.type.unwrapped.type) {
            case (.column(let column), .scalar(.date)):
                let value: DatabaseValue = row[column]
                // Read by length: a statement's text read as a value stops at its NUL.
                if case .string = value.storage,
                    (try? row.withUnsafeData(named: column, { $0?.contains(0) == true })) == true
                {
                    let trap = DecodingTrap(
                        path: path,
                        message: "Assertion failed: strlen(cString) == length (GRDB's SQLiteDateParser, debug builds)")
                    return (trap, property, column)
                }
            case (.scope(let scoped), .record(let record)):
                if let found = nulInDate(in: record, row: scoped, path: path) { return found }
            case (.rowItself, .record(let record)):
                if let found = nulInDate(in: record, row: row, path: path) { return found }
            default:
                continue
            }
        }
        return nil
    }
}
