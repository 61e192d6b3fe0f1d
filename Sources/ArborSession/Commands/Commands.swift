import ArborCore
import ArborLanguage
import Foundation
import GRDB

/// The `:commands` of a session that produce text (`:tables`, `:schema T`, …).
/// `:format` and `:quit` belong to the front end that reads the statements.
struct Commands {
    let session: Session

    /// `:help`: the commands of `CommandTable` that line mode and `-c` read.
    static var help: String {
        ([
            "Type a GRDB request, such as `Author.including(all: Author.books)`, and press return.",
            "Statements: an expression, `let name = expression`, or declarations pasted from an app",
            "(`extension Book { static let translator = belongsTo(Person.self, using: …) }`).",
            "Commands:",
        ] + CommandTable.helpLines(terminal: false)).joined(separator: "\n")
    }

    func run(_ name: String, argument: String, range: SourceRange) throws -> Outcome {
        let environment = session.environment
        guard let command = CommandTable.named(name) else {
            throw ArborError(
                "unknown command `:\(name)`", at: range, suggestion: CommandTable.didYouMean(name, terminal: true))
        }
        switch command.kind {
        case .help:
            return .commandOutput(Self.help)
        case .tables:
            let lines = environment.schema.tables.map { table -> String in
                let type = environment.typeNames.type(forTable: table.name).map { "  \($0)" } ?? ""
                return "\(SchemaText.name(table.name))  (\(table.kind.rawValue))\(type)"
            }
            return .commandOutput(lines.isEmpty ? "no tables or views" : lines.joined(separator: "\n"))
        case .schema where argument.hasPrefix("--swift") || argument.hasPrefix("--format"):
            return .commandOutput(try session.schemaSwift(argument, range: range))
        case .migrations:
            return .commandOutput(try session.migrationsCommand(argument, range: range))
        case .migrate:
            return .commandOutput(try session.migrate(range: range))
        case .schema:
            let table = try self.table(argument, range: range)
            return .commandOutput(schemaLines(table).joined(separator: "\n"))
        case .associations:
            let table = try self.table(argument, range: range)
            let lines = environment.catalog.associations(of: table.name).map { entry in
                "\(TerminalText.escaped(entry.name))  \(ValueDescription.describe(.association(entry.plan), environment: environment))"
                    + (entry.isDeclared ? "  (declared)" : "")
            }
            let unusable = environment.catalog.unusableForeignKeys(of: table.name).map {
                "no association: \($0.reason)"
            }
            let text = lines.isEmpty ? ["\(SchemaText.name(table.name)) has no associations"] : lines
            return .commandOutput((text + unusable).joined(separator: "\n"))
        case .graph:
            let focus = argument.isEmpty ? nil : try self.table(argument, range: range).name
            return .commandOutput(GraphText.lines(session.associationGraph(around: focus)).joined(separator: "\n"))
        case .load:
            return try session.load(file: argument, range: range)
        case .declarations:
            return .commandOutput(DeclarationListing.text(session: session, type: argument))
        case .advise:
            return try AdviseCommand(session: session).run(argument, range: range) {
                try self.table($0, range: range)
            }
        case .sql:
            return try RawSQL(session: session).run(argument, range: range)
        case .explain:
            // Every statement the request runs: the main one, then each prefetch, as GRDB runs them.
            let (result, _) = try request(argument, range: range)
            guard result.strategy.runsPrefetches else {
                return .commandOutput(
                    try QueryPlan.text(of: result.mainSQL, in: session.database, schema: environment.schema))
            }
            let statements = try session.appStatements(result.checked, single: result.isSingleRow, parentLimit: 10_000)
            return .commandOutput(
                try statements.map { statement in
                    "-- \(statement.label.isEmpty ? "statement" : statement.label)\n"
                        + (try QueryPlan.text(of: statement.sql, in: session.database, schema: environment.schema))
                }.joined(separator: "\n"))
        case .trace:
            return .commandOutput(try TraceCommand(session: session).run(argument, range: range))
        case .swift:
            let (result, environment) = try request(argument, range: range)
            let app = AppCode(session: session, requestText: argument)
            return .commandOutput(SwiftCode.generate(result.plan, environment: environment, app: app))
        case .complete:
            // The candidates at the end of the text, one per line with their kind: for scripts and tests.
            // Two columns two spaces apart, as `:tables` prints them (a tab would be shown escaped).
            let result = Completer.complete(argument, cursor: argument.utf8.count, environment: environment)
            let width = result.candidates.map { TerminalText.width($0.text) }.max() ?? 0
            return .commandOutput(
                result.candidates.map {
                    $0.text + String(repeating: " ", count: width - TerminalText.width($0.text) + 2) + $0.kind.rawValue
                }.joined(separator: "\n"))
        case .format, .quit, .copy, .watch:
            // Read by the front end before the session sees them; here only through `-c` of another front end.
            throw ArborError(
                "`:\(command.name)` is read by the interface or line mode, not as a statement here", at: range)
        }
    }

    /// The request that `argument` (the end of the command's `range`) evaluates to,
    /// with the environment it was evaluated in; its errors located in the command.
    private func request(_ argument: String, range: SourceRange) throws -> (RequestResult, Environment) {
        let start = range.upperBound - argument.utf8.count
        guard !argument.isEmpty else {
            throw ArborError("write a request after the command, as in `:explain Author.all()`", at: range)
        }
        // Only an expression is evaluated: `:explain let x = 1` must not bind `x`.
        let parsed = Parser.parse(argument)
        if parsed.errors.isEmpty,
            parsed.statements.count != 1
                || !parsed.statements.allSatisfy({
                    if case .expression = $0 { true } else { false }
                })
        {
            throw ArborError("this is not a request", at: SourceRange(start, range.upperBound))
        }
        let outcomes = session.run(argument, fetch: false)
        for case .failure(let errors, _) in outcomes {
            throw ArborErrors(
                errors.map { error in
                    var error = error
                    error.range = error.range.map { SourceRange($0.lowerBound + start, $0.upperBound + start) }
                    return error
                })
        }
        guard outcomes.count == 1, case .rows(let result) = outcomes[0] else {
            throw ArborError("this is not a request", at: SourceRange(start, range.upperBound))
        }
        return (result, session.environment)
    }

    /// Why SQLite can not read `table`, when it can not (a virtual table whose module
    /// this SQLite lacks, a view over a missing table): its columns are unknown.
    private func readProblem(_ table: TableInfo) -> String? {
        do {
            _ = try session.database.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM pragma_table_xinfo(?)", arguments: [table.name])
            }
            return nil
        } catch let error as DatabaseError {
            return TerminalText.escaped(Session.message(error))
        } catch {
            return TerminalText.escaped(Session.message(error))
        }
    }

    /// `:schema T`: columns (generated ones marked), keys, foreign keys with what
    /// makes one unusable or surprising, and every index but the primary key's own.
    private func schemaLines(_ table: TableInfo) -> [String] {
        let environment = session.environment
        var lines = [
            "\(table.kind.rawValue) \(SchemaText.name(table.name))" + (table.isWithoutRowID ? " WITHOUT ROWID" : "")
        ]
        for column in table.columns {
            var line = "  \(SchemaText.name(column.name))"
            if !column.type.isEmpty { line += " " + TerminalText.escaped(column.type) }
            // Each column of a composite key is not a PRIMARY KEY on its own: the key line says which form it.
            if column.primaryKeyIndex > 0, table.primaryKey.count == 1 { line += " PRIMARY KEY" }
            if column.isNotNull { line += " NOT NULL" }
            if column.hidden == 2 { line += " GENERATED VIRTUAL" }
            if column.hidden == 3 { line += " GENERATED STORED" }
            lines.append(line)
        }
        if let problem = readProblem(table) { lines.append("  note: SQLite can not read this table: " + problem) }
        if !table.primaryKey.isEmpty { lines.append("  primary key: " + SchemaText.names(table.primaryKey)) }
        let unusable = environment.catalog.unusableForeignKeys(of: table.name).filter {
            $0.child.sqlFolded == table.name.sqlFolded
        }
        for fk in table.foreignKeys {
            var line =
                "  foreign key (\(SchemaText.names(fk.originColumns))) → \(SchemaText.name(fk.destinationTable))"
                + (fk.destinationColumns.isEmpty ? "" : "(\(SchemaText.names(fk.destinationColumns)))")
            if let why = unusable.first(where: { $0.info.id == fk.id }) {
                line += ": no association, " + why.problem
            } else if let parent = environment.schema.table(named: fk.destinationTable),
                !parent.isUniqueKey(fk.destinationColumns)
            {
                line += ": not a unique key of \(SchemaText.name(parent.name)), so a row may join several"
            }
            lines.append(line)
        }
        for index in table.indexes where index.origin != "pk" {
            let columns = index.columns.map { $0.map(SchemaText.name) ?? "<expression>" }.joined(separator: ", ")
            lines.append(
                "  \(index.isUnique ? "unique index" : "index") \(SchemaText.name(index.name)) (\(columns))"
                    + (index.isPartial ? ", partial" : ""))
        }
        return lines
    }

    private func table(_ argument: String, range: SourceRange) throws -> TableInfo {
        let environment = session.environment
        let name = SchemaText.unquoted(argument)
        let tableName = environment.typeNames.table(forType: name) ?? name
        guard !argument.isEmpty, let table = environment.schema.table(named: tableName) else {
            throw ArborError(
                argument.isEmpty ? "name a table, as in `:schema book`" : "no table named \(SchemaText.name(name))",
                at: range,
                suggestion: argument.isEmpty
                    ? nil : Suggestions.didYouMean(name, in: environment.schema.tables.map(\.name)))
        }
        return table
    }
}

extension Session {
    /// Reads the declarations of Swift files and folders (`:load`): the summary, then each note.
    public func load(file: String, range: SourceRange? = nil) throws -> Outcome {
        do {
            let report = try load(paths: [file])
            guard report.hasErrors else {
                return .commandOutput(([report.summary] + report.renderedDiagnostics).joined(separator: "\n"))
            }
            // Errors of several files: each says where it is, as the compiler says it.
            let errors = report.diagnostics.filter { $0.severity == .error }.map { diagnostic in
                ArborError(
                    report.place(of: diagnostic) + ": " + diagnostic.error.message,
                    suggestion: diagnostic.error.suggestion)
            }
            return .failure(errors, text: "")
        } catch var error as ArborError {
            if error.range == nil { error.range = range }
            throw error
        }
    }
}
