import ArborCore
import Foundation

/// What a `:command` is, once its name is read.
public enum CommandKind: String, Sendable, CaseIterable {
    case help, tables, schema, associations, graph, load, declarations, advise, sql, explain, swift, trace
    case migrations, migrate
    case complete, format, copy, watch, quit
}

/// Which front end reads a command: both, or only the full-screen interface.
public enum CommandFrontEnds: Sendable {
    case both, terminal
}

/// One `:command`: its names, its argument as help writes it, what it does, and
/// whether its argument is a table name (completed as a record type).
public struct CommandEntry: Sendable {
    public var kind: CommandKind
    /// The name, then its short forms (`quit`, `q`).
    public var names: [String]
    public var argument: String
    public var summary: String
    public var takesTable: Bool
    public var frontEnds: CommandFrontEnds

    public var name: String { names[0] }

    /// `:schema T`, as help lists it.
    public var usage: String { ":" + name + (argument.isEmpty ? "" : " " + argument) }
}

/// Every `:command`, in one table: the parser's session (`Commands`), line mode,
/// the terminal interface, help, did-you-mean and completion all read it, so a
/// command is added in one place.
public enum CommandTable {
    public static let entries: [CommandEntry] = [
        entry(.help, ["help", "h", "?"], "", "this text"),
        entry(.tables, ["tables"], "", "the tables and views, with their record types"),
        entry(
            .schema, ["schema"], "T",
            "the columns, keys and indexes of table T; --swift: record types and one migration for the database",
            table: true),
        entry(.associations, ["associations"], "T", "the associations of table T (inferred and declared)", table: true),
        entry(.graph, ["graph"], "[T]", "the association graph around table T, or of the whole schema", table: true),
        entry(.load, ["load"], "PATH", "read the declarations of a Swift file, or of every .swift file in a folder"),
        entry(
            .declarations, ["declarations"], "[T]",
            "the declarations the session holds (of type T), and where each comes from"),
        entry(
            .advise, ["advise"], "[T]",
            "advice on the schema (or table T) from the GRDB guides, with the fixes; --quiet R keeps rule R quiet",
            table: true),
        entry(.sql, ["sql"], "STATEMENT", "run raw SQL (only reads, unless arbor was started with --write)"),
        entry(
            .migrations, ["migrations"], "",
            "the loaded code's migrations and which ran on the file; --diff: the schema's drift"),
        entry(.migrate, ["migrate"], "", "run the pending migrations on the file (with --write; a backup first)"),
        entry(.explain, ["explain"], "REQUEST", "the request's SQL and SQLite's query plan for it"),
        entry(.swift, ["swift"], "REQUEST", "the request as Swift code for GRDB, whatever the format"),
        entry(
            .trace, ["trace"], "FILE",
            "the waste in a GRDB trace log (N+1 loops, repeats, scans) and the requests that fix it"),
        entry(.complete, ["complete"], "TEXT", "the completions at the end of TEXT, one per line"),
        entry(
            .format, ["format"], "F",
            "output format: tree, table, json, jsonl, csv, tsv, sql, swift (the interface: tree or table)"),
        entry(
            .copy, ["copy"], "FILE", "write the last copied text (or every SQL statement) to FILE", only: .terminal),
        entry(
            .watch, ["watch"], "",
            "run the request on screen again after each commit by another process; again to stop", only: .terminal),
        entry(.quit, ["quit", "q"], "", "leave"),
    ]

    private static func entry(
        _ kind: CommandKind, _ names: [String], _ argument: String, _ summary: String, table: Bool = false,
        only frontEnds: CommandFrontEnds = .both
    ) -> CommandEntry {
        CommandEntry(
            kind: kind, names: names, argument: argument, summary: summary, takesTable: table, frontEnds: frontEnds)
    }

    /// The command a name (or short form) names.
    public static func named(_ name: String) -> CommandEntry? {
        entries.first { $0.names.contains(name) }
    }

    /// The entries a front end reads.
    public static func entries(terminal: Bool) -> [CommandEntry] {
        terminal ? entries : entries.filter { $0.frontEnds == .both }
    }

    /// `:name argument` split, when `text` is a command line (`:schema Book` → `schema`, `Book`).
    public static func split(_ text: String) -> (name: String, argument: String)? {
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard trimmed.first == ":" else { return nil }
        let body = trimmed.dropFirst()
        let name = body.prefix { $0 != " " && $0 != "\t" && $0 != "\n" }
        let argument = body.dropFirst(name.count).trimmingCharacters(in: .whitespacesAndNewlines)
        return (String(name), argument)
    }

    /// "did you mean `:schema`?" for a name no command has.
    public static func didYouMean(_ name: String, terminal: Bool) -> String? {
        Suggestions.didYouMean(name, in: entries(terminal: terminal).map(\.name))
    }

    /// The help lines of the commands, `:usage` in a column then what it does.
    public static func helpLines(terminal: Bool, indent: String = "  ") -> [String] {
        let shown = entries(terminal: terminal)
        let width = shown.map(\.usage.count).max() ?? 0
        return shown.map { entry in
            indent + entry.usage + String(repeating: " ", count: width - entry.usage.count + 3) + entry.summary
        }
    }
}
