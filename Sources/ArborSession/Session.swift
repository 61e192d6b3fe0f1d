import ArborCore
import ArborLanguage
import ArborMigrations
import Foundation
import GRDB
import GRDBSQLite

/// One open database and everything the user has said to it: bindings and
/// declarations. Runs statements and returns their outcomes; never prints.
public final class Session {
    /// Replaced only by `reopenForWatching()`, on the thread that runs the session.
    public internal(set) var database: DatabaseQueue
    public let path: String?
    /// Opened with `--write`: `:sql` may change the file (requests and declarations never do).
    public let isWritable: Bool
    /// How long a statement waits for another process's lock before failing.
    public let busyTimeout: TimeInterval
    /// Opened `immutable` (a WAL file without a `-wal`, read-only): SQLite never sees
    /// another process's changes, so it can not be watched (`DatabaseWatcher`).
    public internal(set) var isImmutable: Bool
    public internal(set) var evaluator: Evaluator
    /// The app's code: loaded files and pasted declarations, resolved together.
    public internal(set) var program = Program()
    /// What resolving `program` last gave: counts, notes and errors.
    public internal(set) var resolution = ProgramResolution()
    /// The schema's record types and inferred associations, before any declaration.
    var baseEnvironment: Environment
    var pasteCount = 0
    /// `PRAGMA schema_version` when the schema was last read (`followSchemaChanges`).
    var schemaVersion = 0
    /// The flags `#if` conditions see: `DEBUG` unless `--define` says otherwise.
    public var flags: Set<String> = ConditionalCompilation.defaultFlags
    /// Set by the command line's printer: a value fetch run without `fetch` is checked,
    /// not kept, and printed with `streamValues` (bounded memory for 10M values).
    public var streamsValueFetches = false
    /// Set by the command line's printer for `--format sql`: a request run without
    /// `fetch` fetches nothing at all, not even a value fetch's first pass or raw SQL rows.
    public var printsSQLOnly = false
    /// Set by `runInteractive`: a `:sql` line of one statement that reads rows is a raw SQL
    /// request, which the terminal's results pane reads a window at a time.
    var windowsRawSQL = false
    /// Where the advice rules kept quiet for this database are remembered (beside its history).
    public var quietAdviceURL: URL?
    /// The statements app code's bound fetches ran for the statement being run (`FetchBinding`).
    let boundFetches = BoundFetchLog()

    public var environment: Environment { evaluator.environment }
    /// Ctrl-C for the session's long work that SQLite does not run (loading code,
    /// advice): safe to set from any thread.
    public let cancellation = Cancellation()
    /// Told each file's path as its parse starts, on the reading thread (tests wait on it).
    var willReadFile: (@Sendable (String) -> Void)?
    /// The migrations the open database was built from (no DATABASE, `--load` bringing a migrator).
    public internal(set) var builtFrom: MigrationProgram?
    /// `--migrator NAME`: which of the loaded code's migrators `:migrations` reads.
    public var migratorName: String?
    /// What GRDB refused while the migrations built the open database, each located.
    public internal(set) var buildFailures: [MigrationNote] = []

    /// Opens `path` read-only (read-write with `writable`), or the demo library when `path` is nil.
    /// `busyTimeout` is how long to wait for another process's lock (`ARBOR_BUSY_TIMEOUT` on the command line).
    /// `watchable` never opens the file `immutable`, so that another process's commits are seen.
    /// `built` is a database already made (from the app's migrations): it is opened instead of the demo.
    public init(
        path: String?, writable: Bool = false, busyTimeout: TimeInterval = 5, watchable: Bool = false,
        built: DatabaseQueue? = nil
    ) throws {
        self.path = path
        self.isWritable = writable && path != nil
        self.busyTimeout = busyTimeout
        self.quietAdviceURL = DatabaseStateFiles.quietAdviceURL(
            environment: ProcessInfo.processInfo.environment, database: path)
        let location = path.map { writable || watchable ? nil : ReadOnlyOpening.location(of: $0) } ?? nil
        self.isImmutable = location?.hasSuffix("immutable=1") ?? false
        var configuration = Self.configuration(busyTimeout: busyTimeout)
        if let path {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw OpenError("\(path): no such file")
            }
            guard !isDirectory.boolValue else { throw OpenError("\(path): is a directory, not a database") }
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw OpenError("\(path): permission denied")
            }
            Self.configureFile(&configuration, writable: writable)
            do {
                database = try DatabaseQueue(
                    path: writable ? ReadOnlyOpening.writableLocation(of: path) : location ?? path,
                    configuration: configuration)
            } catch {
                throw OpenError("\(path): \(OpenFailure.message(error, path: path, busyTimeout: busyTimeout))")
            }
        } else if let built {
            database = built
            do {
                // Built in memory: nothing the user types changes it.
                try database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = 1") }
            } catch {
                throw OpenError("the built database could not be opened: \(Self.message(error))")
            }
        } else {
            do {
                database = try DatabaseQueue(configuration: configuration)
                try database.write { db in try db.execute(sql: DemoLibrary.sql) }
                // The demo is read-only too: nothing the user types can change it.
                try database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = 1") }
            } catch {
                throw OpenError("the demo database could not be created: \(Self.message(error))")
            }
        }
        let schema: SchemaGraph
        do {
            (schema, schemaVersion) = try database.read { db in
                (try SchemaGraph.load(db), try Self.schemaVersion(db))
            }
        } catch {
            throw OpenError("\(path ?? "demo"): \(OpenFailure.message(error, path: path, busyTimeout: busyTimeout))")
        }
        baseEnvironment = Environment(schema: schema)
        evaluator = Evaluator(environment: baseEnvironment)
        installBinder(on: evaluator)
        if path == nil, built == nil {
            program.load(SourceUnit.parse(name: "<demo>", text: DemoLibrary.prelude))
            resolveProgram()
        }
    }

    static func configuration(busyTimeout: TimeInterval) -> Configuration {
        var configuration = Configuration()
        let backoff = BusyBackoff(timeout: busyTimeout)
        configuration.busyMode = .callback { tries in backoff.shouldRetry(afterTries: tries) }
        // A hostile view could call it: its two-argument form installs a tokenizer from a raw pointer.
        configuration.prepareDatabase { db in HarmfulFunctions.disable(in: db) }
        return configuration
    }

    static func configureFile(_ configuration: inout Configuration, writable: Bool) {
        configuration.readonly = !writable
        if writable {
            // `:sql` leaves no transaction open; this only keeps GRDB from trapping should one be.
            configuration.allowsUnsafeTransactions = true
        } else {
            // A read-only connection opens attached files read-only; no ATTACH at all is simpler to trust.
            configuration.prepareDatabase { db in
                _ = sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_ATTACHED, 0)
            }
        }
    }

    /// An error in arbor's words: SQLite's message without GRDB's `SQLite error N:`
    /// prefix and `while executing` suffix; a lock and an interruption said plainly.
    public static func message(_ error: any Error) -> String {
        if let error = error as? ArborError { return error.message }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED: return "database is locked by another process"
            case .SQLITE_INTERRUPT: return "interrupted"
            default: return error.message ?? "SQLite could not run it (\(error.resultCode))"
            }
        }
        return "\(error)"
    }

    // MARK: Running statements

    /// Parses and runs every statement of `text`.
    public func run(_ text: String, fetch: Bool = true) -> [Outcome] {
        // Another process may have changed the schema since it was read.
        _ = try? followSchemaChanges()
        let parsed = Parser.parse(text, flags: flags)
        if !parsed.errors.isEmpty { return [.failure(parsed.errors, text: text)] }
        return parsed.statements.map { run($0, text: text, fetch: fetch) }
    }

    func run(_ statement: ArborLanguage.Statement, text: String, fetch: Bool) -> Outcome {
        boundFetches.reset()
        do {
            switch statement {
            case .expression(let expr):
                if let closure = Evaluator.databaseAccessClosure(expr) {
                    let (value, bound) = try evaluator.runDatabaseAccess(closure)
                    guard let value else { return .silent(bound.joined(separator: ", ")) }
                    return try outcome(of: value, range: expr.range, fetch: fetch)
                }
                let value = try evaluator.evaluate(expr)
                return try outcome(of: value, range: expr.range, fetch: fetch)
            case .letBinding(let name, _, _, _), .varBinding(let name, _, _, _), .assignment(let name, _, _, _):
                try evaluator.bind(statement)
                return .silent(name)
            case .declarations(let declarations):
                let errors = declare(declarations, text: text)
                if !errors.isEmpty { return .failure(errors, text: text) }
                return .silent("declarations")
            case .command(let name, let argument, let range):
                return try Commands(session: self).run(name, argument: argument, range: range)
            }
        } catch var error as ArborError {
            // Errors found below the language (validation, lowering) are about the whole statement.
            if error.range == nil { error.range = statement.range }
            return .failure([error], text: text)
        } catch let error as ArborErrors {
            return .failure(
                error.errors.map { error in
                    var error = error
                    if error.range == nil { error.range = statement.range }
                    return error
                }, text: text)
        } catch {
            return .failure([ArborError(Self.message(error), at: statement.range)], text: text)
        }
    }

    func outcome(of value: Value, range: SourceRange, fetch: Bool) throws -> Outcome {
        switch value {
        case .observation(let observed):
            // arbor runs the observation's fetch once: the value it gives now.
            return try outcome(of: observed, range: range, fetch: fetch)
        case .table(let table, let type, _):
            return try .rows(request(evaluator.rootPlan(table, type: type), range: range, single: false, fetch: fetch))
        case .request(let plan):
            return try .rows(request(plan, range: range, single: false, fetch: fetch))
        case .fetch(let plan, .all), .fetch(let plan, .set):
            return try .rows(request(plan, range: range, single: false, fetch: fetch))
        case .fetch(let plan, .one):
            return try .rows(request(plan, range: range, single: true, fetch: fetch))
        case .fetch(let plan, .find):
            var result = try request(plan, range: range, single: true, fetch: fetch)
            result.requiresRow = true
            if fetch, result.rows.isEmpty { throw RecordNotFound.error(plan, schema: environment.schema, at: range) }
            return .rows(result)
        case .fetch(let plan, let kind) where kind == .exists || kind == .isEmpty:
            // GRDB's `exists(_:key:)` is `!filter(key:).isEmpty(db)`.
            let (isEmpty, sql) = try scalar(plan, range: range) { db, validated in
                try Lowering().request(validated).isEmpty(db)
            }
            return .boolean(kind == .exists ? !isEmpty : isEmpty, sql: sql)
        case .fetchComparison(let comparison):
            return try outcome(of: comparison, range: range)
        case .fetch(let plan, .count):
            // Raw SQL (`SQLRequest<Row>(sql: …).fetchCount(db)`) is counted as a subquery, as GRDB does.
            let (count, sql) = try scalar(plan, range: range) { db, validated in
                try Lowering().fetchRequest(validated).fetchCount(db)
            }
            return .count(count, sql: sql)
        default:
            let text = ValueDescription.describe(value, environment: environment)
            // A value the app's code computed from what it fetched: with the statements it ran.
            let statements = boundFetches.statements
            return statements.isEmpty ? .description(text) : .computed(text, statements: statements)
        }
    }

    /// Validates, lowers and (when `fetch`) runs a request, capturing every statement.
    /// With a `valueLimit`, long texts and blobs are kept cut (`ValueCut`).
    public func request(
        _ plan: RequestPlan, range: SourceRange?, single: Bool, fetch: Bool, valueLimit: Int? = nil
    ) throws -> RequestResult {
        try request(checked(plan, range: range), range: range, single: single, fetch: fetch, valueLimit: valueLimit)
    }

    /// Lowers and (when `fetch`) runs a checked request as its strategy says,
    /// capturing every statement. With a `valueLimit`, long texts and blobs are kept cut (`ValueCut`).
    public func request(
        _ checked: CheckedRequest, range: SourceRange?, single: Bool, fetch: Bool, valueLimit: Int? = nil
    ) throws -> RequestResult {
        let plan = checked.plan
        let builder = ResultTreeBuilder(plan: plan, valueLimit: valueLimit, schema: environment.schema)
        var warnings = RequestPitfalls.find(in: plan)
        if checked.strategy.isFetchedWithOutcome {
            // Fetched whole at once, as GRDB fetches them: the rows come with the outcome.
            // Raw SQL rows are left to `stream` when not fetched now.
            let fetchesNow = fetch || (!printsSQLOnly && (single || checked.strategy != .rawRows))
            // On the command line a value fetch is checked now and printed by `streamValues`.
            let keepsValues = fetch || single || !streamsValueFetches
            return try wholeRows(
                checked, range: range, single: single, fetch: fetchesNow, keepsValues: keepsValues,
                warnings: warnings)
        }
        let shape = decodingShape(checked.strategy.decodedTypePath, warnings: &warnings)
        return try database.read { db in
            let request = try Lowering().request(checked.validated)
            let mainSQL = try Self.expandedSQL(request, db, single: single)
            guard fetch else {
                return RequestResult(
                    checked: checked, rows: [], mainSQL: mainSQL, statements: [], isSingleRow: single, window: nil,
                    warnings: warnings)
            }
            let recorder = StatementRecorder()
            db.trace(options: .profile) { event in recorder.record(event) }
            defer { db.trace(options: [], nil) }
            var rows: [ResultRow] = []
            var verdict: DecodingVerdict?
            if case .decoded(let typePath, let prefetches) = checked.strategy, let shape {
                (rows, verdict) = try decodedRows(
                    plan, typePath: typePath, prefetches: prefetches, shape: shape, request: request, db: db,
                    single: single, builder: builder, range: range)
            } else if single {
                if let row = try Row.fetchOne(db, request) { rows.append(builder.row(row)) }
            } else if checked.strategy.runsPrefetches {
                // GRDB can not prefetch through a cursor (T22).
                rows = try Row.fetchAll(db, request).map(builder.row)
            } else {
                let prepared = try request.makePreparedRequest(db, forSingleResult: false)
                if let layout = try StatementLayout(
                    tree: builder.tree, statement: prepared.statement, adapter: prepared.adapter,
                    valueLimit: valueLimit)
                {
                    try layout.forEachRow(prepared.statement) { rows.append($0) }
                } else {
                    let cursor = try Row.fetchCursor(db, request)
                    while let row = try cursor.next() { rows.append(builder.row(row)) }
                }
            }
            // Fetched whole, as an app would: what ran is what the app runs.
            let statements = recorder.statements.enumerated().map { i, statement in
                CapturedStatement(sql: statement.sql, duration: statement.duration, label: i == 0 ? "main" : "prefetch")
            }
            var result = RequestResult(
                checked: checked, rows: rows, mainSQL: mainSQL, statements: statements, isSingleRow: single,
                window: nil,
                appStatements: statements.map { CapturedStatement(sql: $0.sql, duration: 0, label: $0.label) },
                warnings: warnings)
            result.decodingVerdict = verdict
            return result
        }
    }

    /// The main statement's SQL with its arguments inlined, as `sqlite3_expanded_sql` renders it.
    static func expandedSQL(_ request: QueryInterfaceRequest<Row>, _ db: Database, single: Bool) throws -> String {
        let prepared = try request.makePreparedRequest(db, forSingleResult: single)
        guard let expanded = sqlite3_expanded_sql(prepared.statement.sqliteStatement) else {
            return prepared.statement.sql
        }
        defer { sqlite3_free(expanded) }
        return String(cString: expanded)
    }
}

/// Collects the statements a request runs, leaving out GRDB's own bookkeeping
/// (schema pragmas, transactions).
final class StatementRecorder: @unchecked Sendable {
    private(set) var statements: [CapturedStatement] = []

    func record(_ event: Database.TraceEvent) {
        guard case .profile(let statement, let duration) = event else { return }
        let sql = statement.expandedSQL
        let head = sql.prefix(8).uppercased()
        guard head.hasPrefix("SELECT") || head.hasPrefix("WITH") else { return }
        if sql.contains("sqlite_master") { return }
        statements.append(CapturedStatement(sql: sql, duration: duration))
    }
}
