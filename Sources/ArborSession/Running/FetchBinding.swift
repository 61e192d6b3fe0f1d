import ArborCore
import ArborLanguage
import Foundation
import GRDB

/// What `let name = try …fetch…(db)` binds in app code, as Swift binds it: the fetch
/// runs (read-only) and the Swift value it returns is bound. A count is an `Int`,
/// `exists` and `isEmpty` a `Bool`, a value fetch its values (`String?` for `fetchOne`,
/// an array for `fetchAll` and `fetchSet`), a record fetch its record (nil when no row)
/// or an array of records. Fetches of the app's own decoded types, and of rows with
/// includes, stay requests. Each statement run is kept in `BoundFetchLog`, for `--format sql`.
extension Session {
    /// Binds, for the evaluator, what `let` binds inside closures and methods.
    func installBinder(on evaluator: Evaluator) {
        let database = self.database
        let log = boundFetches
        evaluator.binder = { value, name, range, site, environment in
            try Self.boundValue(
                value, name: name, range: range, site: site, database: database, environment: environment, log: log)
        }
    }

    /// At most this many records or values are bound from one fetch in app code: the app
    /// would hold them all, and a hostile table may hold millions.
    static let maximumBoundElements = 100_000

    static func boundValue(
        _ value: Value, name: String, range: SourceRange, site: Evaluator.BindingSite = .appCode,
        database: DatabaseQueue, environment: Environment, log: BoundFetchLog? = nil
    ) throws -> Value {
        guard case .fetch(let plan, let kind) = value else { return value }
        // At the prompt, only a fetch of one record is bound (`let author = try Author.fetchOne(db, id: 1)`):
        // other fetches stay requests, shown as rows.
        if site == .session, kind != .one, kind != .find { return value }
        // A row with includes or annotations decodes into the app's own type (`BookInfo`), not a
        // record: it stays the request, and shows as such.
        if kind != .count, kind != .exists, kind != .isEmpty, plan.operations.contains(where: \.decodesIntoAppType) {
            return value
        }
        let validated = try Validator(schema: environment.schema, range: range).validate(plan)
        let strategy = FetchStrategy(validated)
        let bound: Value?? = try database.read { db in
            let recorder = StatementRecorder()
            db.trace(options: .profile) { recorder.record($0) }
            defer {
                db.trace(options: [], nil)
                log?.append(recorder.statements.map(\.sql))
            }
            do {
                return try fetched(
                    validated, kind: kind, strategy: strategy, name: name, range: range, db: db,
                    environment: environment)
            } catch let error as RowDecodingError {
                // GRDB's own words: the value, its column, the row and the SQL.
                throw ArborError("\(error)", at: range)
            }
        }
        guard case .some(let result) = bound else { return value }
        guard let result else {
            // `find`: GRDB's `RecordError.recordNotFound`.
            throw ArborError("no `\(environment.displayName(ofTable: plan.table))` was found", at: range)
        }
        return result
    }

    /// The Swift value of a fetch; `.none` when it is not bound (it stays the fetch),
    /// `.some(nil)` when `find` found no row.
    private static func fetched(
        _ validated: ValidatedPlan, kind: Value.FetchKind, strategy: FetchStrategy, name: String,
        range: SourceRange, db: Database, environment: Environment
    ) throws -> Value?? {
        let plan = validated.plan
        switch kind {
        case .count:
            return .expression(.value(.integer(Int64(try Lowering().fetchRequest(validated).fetchCount(db)))))
        case .exists, .isEmpty:
            // GRDB's `exists(_:key:)` is `!filter(key:).isEmpty(db)`.
            let isEmpty = try Lowering().request(validated).isEmpty(db)
            return .expression(.value(.bool(kind == .exists ? !isEmpty : isEmpty)))
        case .one, .find, .all, .set:
            let single = kind == .one || kind == .find
            switch strategy {
            case .values(let type, let distinct):
                let fetchedValues = FetchedValues(
                    db: db, request: try Lowering().fetchRequest(validated), single: single, unique: distinct)
                var values: [DatabaseValue] = []
                let known = try fetchedValues.forEach(type) { value in
                    guard values.count < maximumBoundElements else { throw tooMany(range) }
                    values.append(value)
                }
                guard known else { return .none }
                let swiftValues = values.map { swiftValue($0, type: type) }
                if single { return swiftValues.first ?? .expression(.value(.null)) }
                return .array(swiftValues)
            case .steppedRows, .distinctRows(prefetches: false):
                let request = try Lowering().request(validated)
                if single {
                    guard let row = try Row.fetchOne(db, request) else {
                        return kind == .one ? .absentRecord(table: plan.table, name: name) : .some(nil)
                    }
                    let record = try record(
                        from: row, table: plan.table, source: .fetched(plan, name: name), range: range,
                        environment: environment)
                    return .record(record)
                }
                var rows: [Row] = []
                let cursor = try Row.fetchCursor(db, request)
                while let row = try cursor.next() {
                    guard rows.count < maximumBoundElements else { throw tooMany(range) }
                    rows.append(row.copy())
                }
                if kind == .set {
                    var seen = Set<Row>()
                    rows = rows.filter { seen.insert($0).inserted }
                }
                let source = memberwiseSource(table: plan.table, environment: environment)
                return .array(
                    try rows.map { row in
                        .record(
                            try record(
                                from: row, table: plan.table, source: source, range: range, environment: environment))
                    })
            // Raw SQL rows, prefetches and the app's decoded types bind no record: the fetch stays.
            case .rawRows, .distinctRows, .prefetchedRows, .decoded:
                return .none
            }
        }
    }

    private static func tooMany(_ range: SourceRange) -> ArborError {
        ArborError(
            "this fetch gives more than \(maximumBoundElements) elements, more than arbor binds in app code",
            at: range, suggestion: "limit the request, or fetch it at the prompt, where it is shown a window at a time")
    }

    /// A value GRDB converted, as the language holds a Swift value of `type`.
    static func swiftValue(_ value: DatabaseValue, type: FetchedValueType) -> Value {
        if value.isNull { return .expression(.value(.null)) }
        switch type.name {
        case "Date": if let date = Date.fromDatabaseValue(value) { return .swift(.date(date)) }
        case "UUID": if let uuid = UUID.fromDatabaseValue(value) { return .swift(.uuid(uuid)) }
        case "Bool": if let bool = Bool.fromDatabaseValue(value) { return .expression(.value(.bool(bool))) }
        default: break
        }
        return .expression(.value(SQLValue(value)))
    }
}

extension RequestOperation {
    /// Includes and annotations: the rows decode into the app's own type, not a record.
    fileprivate var decodesIntoAppType: Bool {
        switch self {
        case .including, .annotated, .annotatedWithRequired, .annotatedWithOptional: true
        default: false
        }
    }
}

/// The statements app code's bound fetches ran for the statement being run, in order:
/// what `--format sql` prints for a value the app computed from them.
public final class BoundFetchLog: @unchecked Sendable {
    private let lock = NSLock()
    private var sqls: [String] = []

    public var statements: [String] {
        lock.lock()
        defer { lock.unlock() }
        return sqls
    }

    func append(_ statements: [String]) {
        lock.lock()
        defer { lock.unlock() }
        sqls += statements
    }

    func reset() {
        lock.lock()
        defer { lock.unlock() }
        sqls = []
    }
}
