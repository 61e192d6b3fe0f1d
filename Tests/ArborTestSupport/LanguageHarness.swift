import ArborCore
import ArborLanguage
import Foundation
import GRDB
import GRDBSQLite

/// The language layer on an in-memory schema, without a `Session`: schema SQL → an
/// in-memory `DatabaseQueue` → `SchemaGraph` → `Environment`; Swift source → `SourceUnit.parse`
/// → `ProgramResolver.resolve(_:into:)`; a statement → `Parser.parse` → `Evaluator` → a
/// `Value` or `RequestPlan`; and a plan's SQL as GRDB makes it, through ArborCore's
/// `Validator` and `Lowering`, arguments inlined as arbor shows them.
public final class LanguageHarness {
    public let database: DatabaseQueue
    public let schema: SchemaGraph
    private let baseEnvironment: Environment
    public private(set) var evaluator: Evaluator
    public private(set) var program = Program()
    /// What resolving `program` last gave: counts, entries, notes and errors.
    public private(set) var resolution = ProgramResolution()
    private var pasteCount = 0

    /// A fresh in-memory database (no file) made by `sql`, which may insert rows.
    public init(schema sql: String) throws {
        database = try DatabaseQueue()
        try database.write { try $0.execute(sql: sql) }
        schema = try database.read { try SchemaGraph.load($0) }
        baseEnvironment = Environment(schema: schema)
        evaluator = Evaluator(environment: baseEnvironment)
        installBinder()
    }

    /// The demo library (Resources/library.sql) in memory, with its prelude (Resources/Prelude.swift)
    /// loaded as the `<demo>` unit, as `arbor` opens it without a file.
    public static func demo() throws -> LanguageHarness {
        let resources = repository.appendingPathComponent("Resources")
        let harness = try LanguageHarness(
            schema: String(contentsOf: resources.appendingPathComponent("library.sql"), encoding: .utf8))
        harness.load(
            try String(contentsOf: resources.appendingPathComponent("Prelude.swift"), encoding: .utf8), name: "<demo>")
        return harness
    }

    public static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    // MARK: The program

    /// Loads `text` as a Swift file of the app named `name` (a name loaded again replaces
    /// what it declared) and resolves the whole program; returns that unit's diagnostics.
    @discardableResult
    public func load(_ text: String, name: String = "<file>") -> [ProgramDiagnostic] {
        program.load(SourceUnit.parse(name: name, text: text))
        resolveProgram()
        return resolution.diagnostics.filter { $0.unit == name }
    }

    /// Loads each file of the app, in order, and resolves them together.
    @discardableResult
    public func load(files: [URL]) throws -> [ProgramDiagnostic] {
        for file in files {
            program.load(SourceUnit.parse(name: file.path, text: try String(contentsOf: file, encoding: .utf8)))
        }
        resolveProgram()
        let names = Set(files.map(\.path))
        return resolution.diagnostics.filter { names.contains($0.unit) }
    }

    /// Resolves the program again on the schema, keeping `let` bindings and aliases (as a session does).
    private func resolveProgram() {
        var environment = baseEnvironment
        environment.bindings = evaluator.environment.bindings
        environment.nextAliasID = evaluator.environment.nextAliasID
        environment.aliasTables = evaluator.environment.aliasTables
        evaluator = Evaluator(environment: environment)
        installBinder()
        resolution = ProgramResolver.resolve(program, into: evaluator)
    }

    // MARK: Statements

    /// Runs every statement of `text` as typed at the prompt: declarations are pasted into
    /// the program, `let` binds, expressions evaluate. Returns the last expression's value
    /// (nil after a declaration or a `let`); throws the first error, located in `text`
    /// (an error without a range gets its statement's, as the session does).
    @discardableResult
    public func run(_ text: String) throws -> Value? {
        let parsed = Parser.parse(text)
        if let error = parsed.errors.first { throw error }
        var last: Value?
        for statement in parsed.statements {
            do {
                last = try run(statement, text: text)
            } catch var error as ArborError {
                if error.range == nil { error.range = statement.range }
                throw error
            }
        }
        return last
    }

    private func run(_ statement: ArborLanguage.Statement, text: String) throws -> Value? {
        switch statement {
        case .expression(let expr):
            if let closure = Evaluator.databaseAccessClosure(expr) {
                return try evaluator.runDatabaseAccess(closure).value
            }
            return try evaluator.evaluate(expr)
        case .letBinding, .varBinding, .assignment:
            try evaluator.bind(statement)
            return nil
        case .declarations(let declarations):
            pasteCount += 1
            let name = "<input \(pasteCount)>"
            program.paste(SourceUnit(name: name, text: text, declarations: declarations))
            resolveProgram()
            let errors = resolution.diagnostics.filter { $0.unit == name && $0.severity == .error }.map(\.error)
            if errors.count == 1, let error = errors.first { throw error }
            if !errors.isEmpty { throw ArborErrors(errors) }
            return nil
        case .command(let name, _, let range):
            throw ArborError("`:\(name)` is a session command, not part of the language", at: range)
        }
    }

    /// Runs each statement of `text` whatever the ones before gave, as a session does, and
    /// returns what each gave (a parse error is the one result). A request an expression
    /// gives is validated (errors underline the expression) and its SQL prepared, as the
    /// session does before it fetches.
    public func results(_ text: String) -> [Result<Value?, ArborError>] {
        let parsed = Parser.parse(text)
        if let error = parsed.errors.first { return [.failure(error)] }
        return parsed.statements.map { statement in
            do {
                let value = try run(statement, text: text)
                if case .expression(let expr) = statement, let value { try prepare(value, range: expr.range) }
                return .success(value)
            } catch var error as ArborError {
                if error.range == nil { error.range = statement.range }
                return .failure(error)
            } catch let errors as ArborErrors {
                return .failure(errors.errors.first ?? ArborError("\(errors)", at: statement.range))
            } catch let error as DatabaseError {
                return .failure(ArborError(error.message ?? "\(error)", at: statement.range))
            } catch {
                return .failure(ArborError("\(error)", at: statement.range))
            }
        }
    }

    /// Validates the request `value` is (if it is one) and makes GRDB's statement for it.
    private func prepare(_ value: Value, range: SourceRange) throws {
        let plan: RequestPlan
        var single = false
        switch value {
        case .table(let table, let type, _), .observation(.table(let table, let type, _)):
            plan = evaluator.rootPlan(table, type: type)
        case .request(let request), .observation(.request(let request)):
            plan = request
        case .fetch(let request, let kind), .observation(.fetch(let request, let kind)):
            plan = request
            single = kind == .one || kind == .find
        default:
            return
        }
        let validated = try Validator(schema: schema, range: range).validate(plan)
        if plan.rawSQL != nil {
            let request = try Lowering().fetchRequest(validated)
            _ = try database.read { try request.makePreparedRequest($0, forSingleResult: single) }
        } else {
            _ = try grdbSQL(Lowering().request(validated), single: single)
        }
    }

    /// The error of the last statement of `text` when every statement runs, nil when it runs.
    public func lastError(_ text: String) -> ArborError? {
        guard case .failure(let error)? = results(text).last else { return nil }
        return error
    }

    /// The first error running every statement of `text` gives, nil when they run.
    public func error(_ text: String) -> ArborError? {
        for case .failure(let error) in results(text) { return error }
        return nil
    }

    /// The request `text` evaluates to: a table, a request, or a fetch of one.
    public func plan(_ text: String) throws -> RequestPlan { try request(text).plan }

    /// The request `text` evaluates to, and whether it fetches one row (`fetchOne`, `find`).
    private func request(_ text: String) throws -> (plan: RequestPlan, single: Bool) {
        switch try run(text) {
        case .table(let table, let type, _)?: return (evaluator.rootPlan(table, type: type), false)
        case .request(let plan)?, .observation(.request(let plan))?: return (plan, false)
        case .fetch(let plan, let kind)?, .observation(.fetch(let plan, let kind))?:
            return (plan, kind == .one || kind == .find)
        case let value: throw ArborError("`\(text)` is \(value?.kindName ?? "no value"), not a request")
        }
    }

    // MARK: SQL

    /// The main statement GRDB makes for `text`'s request, validated and lowered by ArborCore,
    /// its arguments inlined (`sqlite3_expanded_sql`): what the session shows as its SQL.
    public func sql(_ text: String) throws -> String {
        let (plan, single) = try request(text)
        return try sql(of: plan, single: single)
    }

    public func sql(of plan: RequestPlan, single: Bool = false) throws -> String {
        let validated = try Validator(schema: schema, range: nil).validate(plan)
        // Raw SQL (`SQLRequest`) is GRDB's own request, as the session runs it.
        if plan.rawSQL != nil { return try grdbSQL(Lowering().fetchRequest(validated), single: single) }
        return try grdbSQL(Lowering().request(validated), single: single)
    }

    /// GRDB's main statement for `request` on this database, arguments inlined as arbor shows them.
    public func grdbSQL(_ request: some FetchRequest, single: Bool = false) throws -> String {
        try database.read { db in
            let statement = try request.makePreparedRequest(db, forSingleResult: single).statement
            guard let expanded = sqlite3_expanded_sql(statement.sqliteStatement) else { return statement.sql }
            defer { sqlite3_free(expanded) }
            return String(cString: expanded)
        }
    }

    /// How many rows GRDB fetches for `text`'s request (`Row.fetchAll`, prefetches included).
    public func rowCount(_ text: String) throws -> Int { try fetched(text).rows }

    /// What GRDB runs to fetch `text`'s request whole, as an app fetches it (`fetchAll`, or
    /// `fetchOne` for one row): the rows, and every statement (the main one, then one per
    /// prefetched association).
    public func fetched(_ text: String) throws -> (rows: Int, statements: [String]) {
        let (plan, single) = try request(text)
        let validated = try Validator(schema: schema, range: nil).validate(plan)
        let request = try Lowering().request(validated)
        return try traced { db in
            single ? (try Row.fetchOne(db, request) == nil ? 0 : 1) : try Row.fetchAll(db, request).count
        }
    }

    /// What `text`'s `fetchCount(db)` counts (also inside a value observation), counted by
    /// GRDB on this database, and the statement it runs.
    public func fetchCount(_ text: String) throws -> (count: Int, statements: [String]) {
        switch try run(text) {
        case .fetch(let plan, .count)?, .observation(.fetch(let plan, .count))?: return try count(plan)
        case let value: throw ArborError("`\(text)` is \(value?.kindName ?? "no value"), not a count")
        }
    }

    private func count(_ plan: RequestPlan) throws -> (count: Int, statements: [String]) {
        let validated = try Validator(schema: schema, range: nil).validate(plan)
        let request = try Lowering().fetchRequest(validated)
        return try traced { try request.fetchCount($0) }
    }

    /// What `body` gives on this database, and the statements it runs (SELECT and WITH,
    /// arguments inlined; GRDB's schema queries left out): GRDB's own fetches as an oracle.
    public func traced<T>(_ body: (Database) throws -> T) throws -> (T, statements: [String]) {
        try database.read { db in
            let recorder = StatementList()
            db.trace(options: .profile) { event in
                guard case .profile(let statement, _) = event else { return }
                let sql = statement.expandedSQL
                let head = sql.prefix(8).uppercased()
                if head.hasPrefix("SELECT") || head.hasPrefix("WITH"), !sql.contains("sqlite_master") {
                    recorder.statements.append(sql)
                }
            }
            defer { db.trace(options: [], nil) }
            let value = try body(db)
            return (value, recorder.statements)
        }
    }

    /// The statements a trace sees, on the thread of the database access that reads them.
    private final class StatementList: @unchecked Sendable {
        var statements: [String] = []
    }

    // MARK: Records

    /// `let author = try Author.fetchOne(db, …)` binds the row it finds as a record (its
    /// columns' values), as a session does; no row binds Swift's nil. In app code (a method's
    /// body, Swift applied to a fetch) `fetchAll` binds an array of records and `fetchCount`
    /// an `Int`, as `Session.boundValue` does; at the prompt those stay requests.
    private func installBinder() {
        let database = self.database
        evaluator.binder = { value, name, range, site, environment in
            // Values, raw SQL, decoded types and includes bind no record (as `Session.boundValue`).
            guard case .fetch(let plan, let kind) = value, plan.decodedAs == nil, plan.valueType == nil,
                plan.rawSQL == nil, !plan.isDeduplicated, !plan.operations.contains(where: Self.decodesIntoAppType)
            else { return value }
            if site == .session, kind != .one, kind != .find { return value }
            let validated = try Validator(schema: environment.schema, range: range).validate(plan)
            func record(_ row: Row, source: RecordSource) -> Value {
                var values: [String: SQLValue] = [:]
                for (column, dbValue) in row { values[column] = SQLValue(dbValue) }
                return .record(RecordValue(table: plan.table, values: values, source: source))
            }
            switch kind {
            case .count:
                let count = try database.read { try Lowering().fetchRequest(validated).fetchCount($0) }
                return .expression(.value(.integer(Int64(count))))
            case .exists, .isEmpty:
                let isEmpty = try database.read { try Lowering().request(validated).isEmpty($0) }
                return .expression(.value(.bool(kind == .exists ? !isEmpty : isEmpty)))
            case .all, .set:
                let rows = try database.read { try Row.fetchAll($0, Lowering().request(validated)) }
                var seen = Set<Row>()
                let distinct = kind == .set ? rows.filter { seen.insert($0).inserted } : rows
                return .array(distinct.map { record($0, source: .memberwise(labels: [])) })
            case .one, .find:
                guard let row = try database.read({ try Row.fetchOne($0, Lowering().request(validated)) }) else {
                    if kind == .one { return .absentRecord(table: plan.table, name: name) }
                    throw ArborError("no `\(environment.displayName(ofTable: plan.table))` was found", at: range)
                }
                return record(row, source: .fetched(plan, name: name))
            }
        }
    }

    /// Includes and annotations decode into the app's own type, not a record.
    private static func decodesIntoAppType(_ operation: RequestOperation) -> Bool {
        switch operation {
        case .including, .annotated, .annotatedWithRequired, .annotatedWithOptional: true
        default: false
        }
    }
}
