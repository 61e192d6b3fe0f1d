import ArborCore
import ArborLanguage
import GRDB

extension Session {
    static let maximumFetchDepth = 8

    /// The record a fetched row decodes into, as the app's `let` holds it: the record's
    /// properties read from the columns the row has. `source` says where it came from
    /// (`fetched` for `fetchOne`, usable in `author.request(for: Author.books)`).
    static func record(
        from row: Row, table: String, source: RecordSource, range: SourceRange, environment: Environment
    ) throws -> RecordValue {
        var values: [String: SQLValue] = [:]
        let properties = environment.schema.table(named: table).map(RecordProperty.of) ?? []
        let columns = Array(row)
        for property in properties {
            let folded = property.column.sqlFolded
            guard let column = columns.first(where: { $0.0.sqlFolded == folded }) else {
                // GRDB decodes a missing optional property as nil, and fails on a required one.
                guard property.isRequired else { continue }
                throw ArborError(
                    "`\(environment.displayName(ofTable: table))` can not be decoded from this row: it has no column `\(property.column)`",
                    at: range, suggestion: "select every column the record needs, or none (all of them)")
            }
            values[property.column] = SQLValue(column.1)
        }
        var record = RecordValue(table: table, values: values, source: source)
        // Each record fetched from another one holds it: past a few, keep the values
        // alone (written as a memberwise initializer), so that chains stay shallow.
        if case .fetched = source, record.fetchDepth > maximumFetchDepth {
            record.source = .memberwise(labels: properties.map(\.column).filter { values[$0] != nil })
        }
        return record
    }

    /// The source of a record that is one of many fetched (`fetchAll`): its values alone,
    /// written as a memberwise initializer.
    static func memberwiseSource(table: String, environment: Environment) -> RecordSource {
        .memberwise(labels: (environment.schema.table(named: table).map(RecordProperty.of) ?? []).map(\.column))
    }
}
