import ArborCore
import ArborLanguage
import Foundation

/// The `:commands` of a session that produce text (`:tables`, `:schema T`, …).
/// `:format` and `:quit` belong to the front end that reads the statements.
struct Commands {
    let session: Session

    static let help = """
        Type a GRDB request, such as `Author.including(all: Author.books)`, and press return.
        Statements: an expression, `let name = expression`, or declarations pasted from an app
        (`extension Book { static let translator = belongsTo(Person.self, using: …) }`).
        Commands:
          :help               this text
          :tables             the tables and views, with their record types
          :schema T           the columns, keys and indexes of table T
          :associations T     the associations of table T (inferred and declared)
          :load FILE          read the declarations of a Swift source file
          :sql STATEMENT      run raw SQL (only reads, unless arbor was started with --write)
          :complete TEXT      the completions at the end of TEXT, one per line
          :format F           output format: tree, table, json, sql, swift
          :quit               leave
        """

    func run(_ name: String, argument: String, range: SourceRange) throws -> Outcome {
        let environment = session.environment
        switch name {
        case "help", "h", "?":
            return .commandOutput(Self.help)
        case "tables":
            let lines = environment.schema.tables.map { table -> String in
                let type = environment.typeNames.type(forTable: table.name).map { "  \($0)" } ?? ""
                return "\(TerminalText.escaped(table.name))  (\(table.kind.rawValue))\(type)"
            }
            return .commandOutput(lines.isEmpty ? "no tables or views" : lines.joined(separator: "\n"))
        case "schema":
            let table = try self.table(argument, range: range)
            var lines = ["\(table.kind.rawValue) \(TerminalText.escaped(table.name))"]
            for column in table.columns {
                var line = "  \(TerminalText.escaped(column.name)) \(column.type)"
                if column.primaryKeyIndex > 0 { line += " PRIMARY KEY" }
                if column.isNotNull { line += " NOT NULL" }
                if column.isGenerated { line += " GENERATED" }
                lines.append(line)
            }
            if !table.primaryKey.isEmpty { lines.append("  primary key: " + table.primaryKey.joined(separator: ", ")) }
            for fk in table.foreignKeys {
                lines.append(
                    "  foreign key (\(fk.originColumns.joined(separator: ", "))) → \(fk.destinationTable)(\(fk.destinationColumns.joined(separator: ", ")))")
            }
            for index in table.uniqueIndexes { lines.append("  unique (\(index.joined(separator: ", ")))") }
            return .commandOutput(lines.joined(separator: "\n"))
        case "associations":
            let table = try self.table(argument, range: range)
            let lines = environment.catalog.associations(of: table.name).map { entry in
                "\(entry.name)  \(ValueDescription.describe(.association(entry.plan), environment: environment))"
                    + (entry.isDeclared ? "  (declared)" : "")
            }
            return .commandOutput(lines.isEmpty ? "\(table.name) has no associations" : lines.joined(separator: "\n"))
        case "load":
            return try session.load(file: argument, range: range)
        case "sql":
            return try RawSQL(session: session).run(argument, range: range)
        case "complete":
            // The candidates at the end of the text, one per line with their kind: for scripts and tests.
            let result = Completer.complete(argument, cursor: argument.utf8.count, environment: environment)
            return .commandOutput(result.candidates.map { "\($0.text)\t\($0.kind.rawValue)" }.joined(separator: "\n"))
        default:
            throw ArborError(
                "unknown command `:\(name)`", at: range,
                suggestion: Suggestions.didYouMean(
                    name, in: ["help", "tables", "schema", "associations", "load", "sql", "complete", "format", "quit"]))
        }
    }

    private func table(_ name: String, range: SourceRange) throws -> TableInfo {
        let environment = session.environment
        let tableName = environment.typeNames.table(forType: name) ?? name
        guard let table = environment.schema.table(named: tableName) else {
            throw ArborError(
                name.isEmpty ? "name a table, as in `:schema book`" : "no table named `\(name)`", at: range,
                suggestion: Suggestions.didYouMean(name, in: environment.schema.tables.map(\.name)))
        }
        return table
    }
}

extension Session {
    /// Reads every declaration of a Swift source file (`--load`, `:load`).
    public func load(file: String, range: SourceRange? = nil) throws -> Outcome {
        let path = file.trimmingCharacters(in: .whitespaces)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ArborError("cannot read \(path)", at: range)
        }
        let text = String(decoding: data, as: UTF8.self)
        let parsed = Parser.parseSourceFile(text)
        let declarations = parsed.statements.flatMap { statement -> [TypeDeclaration] in
            if case .declarations(let declarations) = statement { return declarations }
            return []
        }
        let errors = declare(declarations)
        if !errors.isEmpty { return .failure(errors, text: text) }
        return .silent("loaded \(declarations.count) declarations")
    }
}
