import ArborCore
import ArborLanguage
import GRDB

extension Session {
    static let maximumFetchDepth = 8

    /// Binds, for the evaluator, what `let` binds inside closures and methods too.
    func installBinder(on evaluator: Evaluator) {
        let database = self.database
        evaluator.binder = { value, name, range, environment in
            try Self.boundValue(value, name: name, range: range, database: database, environment: environment)
        }
    }

    /// What `let name = value` binds. A `fetchOne` runs there, as in Swift
    /// (`let author = try Author.fetchOne(db, id: 1)`), and the row it finds becomes
    /// a record of the session, usable in `author.request(for: Author.books)`; no
    /// row binds Swift's nil.
    static func boundValue(
        _ value: Value, name: String, range: SourceRange, database: DatabaseQueue, environment: Environment
    ) throws -> Value {
        // `fetchOne`, and any other fetch of one record (`find`, which throws when none is found).
        guard case .fetch(let plan, let kind) = value, kind == .one || kind == .find else { return value }
        // A row with includes or annotations decodes into the app's own type (`BookInfo`), not a
        // record: it stays the request, and shows as such.
        let isComposite = plan.operations.contains { operation in
            switch operation {
            case .including, .annotated, .annotatedWithRequired, .annotatedWithOptional: true
            default: false
            }
        }
        if isComposite { return value }
        let validated = try Validator(schema: environment.schema, range: range).validate(plan)
        switch FetchStrategy(validated) {
        case .steppedRows, .prefetchedRows: break
        // Values, `fetchSet`, raw SQL rows and the app's decoded types bind no record: the fetch stays.
        case .rawRows, .distinctRows, .values, .decoded: return value
        }
        let row = try database.read { db in try Row.fetchOne(db, try Lowering().request(validated)) }
        guard let row else {
            if kind == .one { return .absentRecord(table: plan.table, name: name) }
            throw ArborError("no `\(environment.displayName(ofTable: plan.table))` was found", at: range)
        }
        var values: [String: SQLValue] = [:]
        // The record's properties, read from the columns the row has.
        let properties = environment.schema.table(named: plan.table).map(RecordProperty.of) ?? []
        let columns = Array(row)
        for property in properties {
            let folded = property.column.sqlFolded
            guard let column = columns.first(where: { $0.0.sqlFolded == folded }) else {
                // GRDB decodes a missing optional property as nil, and fails on a required one.
                guard property.isRequired else { continue }
                throw ArborError(
                    "`\(environment.displayName(ofTable: plan.table))` can not be decoded from this row: it has no column `\(property.column)`",
                    at: range, suggestion: "select every column the record needs, or none (all of them)")
            }
            values[property.column] = SQLValue(column.1)
        }
        var record = RecordValue(table: plan.table, values: values, source: .fetched(plan, name: name))
        // Each record fetched from another one holds it: past a few, keep the values
        // alone (written as a memberwise initializer), so that chains stay shallow.
        if record.fetchDepth > maximumFetchDepth {
            record.source = .memberwise(labels: properties.map(\.column).filter { values[$0] != nil })
        }
        return .record(record)
    }
}
