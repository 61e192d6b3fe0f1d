/// A record of a table held by the session: `Author(id: 1, name: "x")`, or the row
/// `let author = try Author.fetchOne(db, id: 1)` fetched. It is what GRDB's
/// `record.request(for:)` encodes: a value per column, as a record type's
/// `encode(to:)` would write it.
public struct RecordValue: Hashable, Sendable {
    /// The table as `sqlite_master` spells it.
    public var table: String
    /// Column name → value. Columns absent here encode as NULL, as GRDB reads a
    /// record's container (`PersistenceContainer` gives NULL for a missing column).
    public var values: [String: SQLValue]
    public var source: RecordSource
    /// Properties of the app's record type that are no column, as its initializer set them
    /// (`coordinate`, which a hand-written `encode(to:)` writes as `latitude` and `longitude`).
    public var swiftProperties: [String: SwiftPropertyValue] = [:]

    public init(table: String, values: [String: SQLValue], source: RecordSource) {
        self.table = table
        self.values = values
        self.source = source
    }

    /// How many fetched records lead to this one (`let b = try a.request(for: …).fetchOne(db)`
    /// gives `b` one more than `a`), counted without recursion.
    public var fetchDepth: Int {
        var depth = 0
        var source = source
        while case .fetched(let plan, _) = source {
            depth += 1
            guard case .associated(let record, _) = plan.root else { break }
            source = record.source
        }
        return depth
    }

    /// The value of `column`, compared as SQLite compares names.
    public func value(of column: String) -> SQLValue {
        if let value = values[column] { return value }
        let folded = column.sqlFolded
        return values.first { $0.key.sqlFolded == folded }?.value ?? .null
    }
}

/// How the session got a record: what `--format swift` writes to get it again.
public indirect enum RecordSource: Hashable, Sendable {
    /// Built with the record type's memberwise initializer; the labels in the order written.
    case memberwise(labels: [String])
    /// The row a `fetchOne` request found, bound to `name` with `let`.
    case fetched(RequestPlan, name: String)
}

/// A Swift property of a record that is no column: a value, or a struct of such (`Coordinate`).
public indirect enum SwiftPropertyValue: Hashable, Sendable {
    case value(SQLValue)
    case structure(type: String, fields: [Field])

    public struct Field: Hashable, Sendable {
        public var name: String
        public var value: SwiftPropertyValue

        public init(name: String, value: SwiftPropertyValue) {
            self.name = name
            self.value = value
        }
    }
}
