import ArborCore
import ArborMigrations
import ArborSession
import ArborTerminal
import ArgumentParser
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The command line of docs/LANGUAGE.md §4.
struct Arbor: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "arbor",
        abstract: "Explore a SQLite database through GRDB requests and associations.",
        discussion: HelpText.discussion,
        version: "\(version) (GRDB \(Versions.grdb), SQLite \(Versions.sqlite))")

    @Argument(help: "The SQLite file to open (default: the demo library).", completion: .file())
    var database: String?

    @Option(
        name: [.customShort("c"), .customLong("command")],
        help: ArgumentHelp("A statement to run; repeatable.", valueName: "statement"))
    var commands: [String] = []

    @Option(
        help: "Output format: tree, table, json, jsonl, csv, tsv, sql or swift; with --graph, mermaid or dot.")
    var format: FormatOption?

    @Flag(
        help: """
            With --format sql: after each request's main statement, the statements GRDB would \
            prefetch with, each after /* prefetch KEY.PATH */ (the request runs, to know its keys).
            """)
    var prefetch = false

    @Flag(help: "Print the association graph of the database (as text, or --format mermaid|dot) and exit.")
    var graph = false

    @Option(
        help: ArgumentHelp(
            "A Swift file, or a folder of them, whose GRDB declarations to read first; repeatable.",
            valueName: "path"),
        completion: .file(extensions: ["swift"]))
    var load: [String] = []

    @Option(
        name: .customLong("define"),
        help: ArgumentHelp(
            "A flag `#if` conditions of loaded code see as defined; repeatable. Without it: DEBUG.",
            valueName: "flag"))
    var defines: [String] = []

    @Option(
        help: ArgumentHelp(
            "The DatabaseMigrator of the loaded code to use when it declares several (AppDatabase.migrator, or migrator).",
            valueName: "name"))
    var migrator: String?

    @Flag(
        help: """
            Print which of the loaded code's migrations ran on DATABASE (from grdb_migrations) and exit: \
            status 0 when it is up to date, 1 when a migration is pending or unknown to the code.
            """)
    var migrations = false

    @Flag(help: "Open the database read-write (raw writes only through :sql and :migrate).")
    var write = false

    @Flag(name: .customLong("no-tui"), help: "Never start the terminal interface.")
    var noTUI = false

    @Option(help: "Colour in the terminal interface: auto (none when NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    @Option(
        name: .customLong("init"),
        help: ArgumentHelp(
            "A file of start-up statements to run instead of $XDG_CONFIG_HOME/arbor/init.", valueName: "file"),
        completion: .file())
    var initFile: String?

    @Flag(name: .customLong("no-init"), help: "Run no start-up file.")
    var noInit = false

    @Option(
        help: ArgumentHelp(
            "Open the database the app BUNDLE_ID wrote in the booted iOS simulator (macOS): DATABASE, if given, names one of its SQLite files.",
            valueName: "bundle-id"))
    var simulator: String?

    @Flag(
        help: """
            Print advice on the schema from the GRDB guides, with the fixes, and exit: \
            status 0 when there is none, 1 when there is some.
            """)
    var advise = false

    /// Row formats print requests, graph formats print `--graph`: a mix is a usage error
    /// (exit 2), so that `--format mermaid` never silently prints rows.
    func validate() throws {
        if let format, format.graphFormat != nil, !graph {
            throw ValidationError(
                "--format \(format.rawValue) draws the association graph: add --graph (arbor DATABASE --graph --format \(format.rawValue))"
            )
        }
        if graph, let format, format.graphFormat == nil {
            throw ValidationError(
                "--graph prints the association graph: --format takes mermaid or dot with it (text without --format), not \(format.rawValue)"
            )
        }
        if prefetch, format != .sql {
            throw ValidationError(
                "--prefetch adds the prefetch statements to --format sql: add --format sql (arbor -c REQUEST --format sql --prefetch)"
            )
        }
        if noInit, initFile != nil {
            throw ValidationError("--init names a start-up file and --no-init skips it: give one of them")
        }
        if migrations, load.isEmpty {
            throw ValidationError(
                "--migrations reads the app's migrations: add --load with the code of its DatabaseMigrator")
        }
        if migrator != nil, load.isEmpty {
            throw ValidationError("--migrator chooses among the migrators of the loaded code: add --load")
        }
        if graph, !commands.isEmpty {
            throw ValidationError(
                "--graph prints the association graph and runs no statement: leave out -c, or use `:graph` in it")
        }
    }

    @Flag(
        help:
            "With -c and --format json: print the last request's rows again, one JSON document a line, after each commit by another process, until Ctrl-C."
    )
    var watch = false

    @Option(
        help: """
            Read a GRDB trace log (`-` for standard input), print its waste (N+1 loops, repeated statements, \
            counts then fetches, scans) with the requests that fix it, and exit: status 0 when there is none, 1 when there is some.
            """)
    var trace: String?

    func runArbor() -> Int32 {
        if let position = ArgumentBytes.firstInvalidUTF8() {
            Output.error("arbor: argument \(position) is not valid UTF-8")
            return 2
        }
        if watch, commands.isEmpty || format?.rowFormat != .json || graph {
            Output.error("arbor: --watch needs -c REQUEST and --format json (in the interface, type :watch)")
            return 2
        }
        if watch, write {
            // A watch only reads; refused before the file is even opened.
            Output.error("arbor: --watch only reads: leave out --write (nothing was run)")
            return 2
        }
        // Ctrl-C from here on: opening a huge schema or loading code ends at once (130).
        Interruption.exitOnSIGINT()
        var database = self.database
        if let simulator {
            do {
                database = try SimulatorDatabase.path(
                    bundleID: simulator, named: database, environment: ProcessInfo.processInfo.environment)
                Output.error("arbor: opening \(database ?? "")")
            } catch {
                Output.error("arbor: \(error)")
                return 2
            }
        }
        // The files are read, and parsed while the database opens: with a database, from the
        // start; without one, once the migrations the schema comes from are found in them.
        var ahead = database != nil && !load.isEmpty ? LoadAhead(paths: load, defines: defines) : nil
        let session: Session
        do {
            // No DATABASE: the schema the loaded code's migrations build, when it has a migrator.
            var program: MigrationProgram?
            if database == nil && !load.isEmpty {
                // Read once, for the migrations and the declarations.
                let reading = try SourceFileReading(paths: load)
                program = try Session.migrationProgram(
                    reading, migrator: migrator, flags: defines.isEmpty ? nil : Set(defines))
                ahead = LoadAhead(reading: reading, defines: defines)
            }
            if let program {
                session = try Session(migrations: program, busyTimeout: Self.busyTimeout())
            } else {
                session = try Session(
                    path: database, writable: write, busyTimeout: Self.busyTimeout(), watchable: watch)
            }
        } catch {
            Output.error("arbor: \(Session.message(error))")
            return 2
        }
        session.migratorName = migrator
        if !defines.isEmpty { session.flags = Set(defines) }
        var printer = OutcomePrinter(format: format?.rowFormat ?? .tree)
        var startupFailed = false
        switch StartupFile.choice(named: initFile, skip: noInit, environment: ProcessInfo.processInfo.environment) {
        case .none: break
        case .missing(let path):
            Output.error("arbor: --init \(path): no such file, or it cannot be read")
            return 2
        case .file(let path):
            guard let succeeded = StartupFile.run(path, session: session, printer: &printer) else {
                Output.error("arbor: the start-up file \(path) cannot be read")
                return 2
            }
            startupFailed = !succeeded
            // Command-line options win over what the start-up file set.
            if let format = format?.rowFormat { printer.format = format }
        }
        // Declarations GRDB itself would reject make the run fail, once the statements
        // have run: the rest of the app's code still works. What was skipped is a note.
        var loadFailed = startupFailed
        if !load.isEmpty {
            // Every file is read before any is resolved: the order of `--load`s never matters.
            do {
                let report: LoadReport
                if let ahead {
                    report = try ahead.load(into: session)
                } else {
                    report = try session.load(paths: load)
                }
                ProcessLifetime.keepUntilExit(session.program)
                ProcessLifetime.keepUntilExit(session.environment)
                if let built = session.builtFrom {
                    Output.error("arbor: " + built.summary)
                    if !built.otherMigrators.isEmpty {
                        Output.error(
                            "arbor: other migrators (--migrator NAME): " + built.otherMigrators.joined(separator: ", "))
                    }
                    for note in built.notes + session.buildFailures {
                        Output.error(Output.terminalSafe(note.description))
                    }
                }
                Output.error("arbor: " + report.summary)
                // Rendered escaped for the terminal, as `Output.error` would write each.
                report.writeRenderedDiagnostics(Output.writeError)
                loadFailed = report.hasErrors
            } catch let error as ArborError {
                Output.error("arbor: \(error.message)")
                return 2
            } catch {
                Output.error("arbor: \(Session.message(error))")
                return 2
            }
        }
        if advise { return Self.printAdvice(session) }
        if migrations { return Self.printMigrationStatus(session) }
        if let trace { return TraceMode(session: session, json: format == .json).run(trace) }
        if graph {
            let drawing = session.associationGraph()
            switch format?.graphFormat {
            case .mermaid?: Output.line(MermaidGraph.text(drawing))
            case .dot?: Output.line(DOTGraph.text(drawing))
            case nil: Output.lines(GraphText.lines(drawing))
            }
            return 0
        }
        printer.prefetch = prefetch
        if !commands.isEmpty {
            let interruption = Interruption(session: session)
            if watch, let last = commands.last {
                if let refusal = session.watchRefusal(last) {
                    Output.error("arbor: " + refusal)
                    return 2
                }
                for command in commands.dropLast() {
                    let (succeeded, interrupted) = interruption.run { printer.run(command, in: session) }
                    if interrupted {
                        Output.error("arbor: interrupted")
                        return 130
                    }
                    if !succeeded { return 1 }
                }
                return WatchMode(session: session, interruption: interruption).run(last)
            }
            for command in commands {
                let (succeeded, interrupted) = interruption.run { printer.run(command, in: session) }
                if interrupted {
                    Output.error("arbor: interrupted")
                    return 130
                }
                if !succeeded { return 1 }
            }
            return loadFailed ? 1 : 0
        }
        // The full-screen interface when a person is at a terminal (LineMode otherwise,
        // and when the terminal cannot show it).
        if !noTUI, isatty(0) != 0, isatty(1) != 0,
            TerminalInterface.isSupported(environment: ProcessInfo.processInfo.environment),
            let status = TerminalInterface.run(
                session: session, environment: color.environment(ProcessInfo.processInfo.environment))
        {
            return loadFailed && status == 0 ? 1 : status
        }
        var lineMode = LineMode(session: session, printer: printer, interruption: Interruption(session: session))
        let status = lineMode.run()
        return loadFailed && status == 0 ? 1 : status
    }
}

extension Arbor {
    /// `--advise`: the advice on standard output, as `:advise` prints it; exit status
    /// 0 without advice (a note on standard error), 1 with some, 2 when the database
    /// can not be read.
    static func printAdvice(_ session: Session) -> Int32 {
        do {
            let advice = try session.advice()
            guard !advice.isEmpty else {
                Output.error("arbor: " + AdviceText.none)
                return 0
            }
            Output.line(AdviceText.text(advice, folding: true, quiet: session.quietAdviceRules))
            return 1
        } catch {
            Output.error("arbor: \(Session.message(error))")
            return 2
        }
    }

    /// `--migrations`: the status on standard output, as `:migrations` prints it; exit
    /// status 0 when the file is up to date, 1 when not, 2 when there is nothing to compare.
    static func printMigrationStatus(_ session: Session) -> Int32 {
        do {
            let status = try session.migrationStatus()
            Output.line(
                (["migrations of \(status.migratorName), in order:"] + status.lines).map(Output.terminalSafe)
                    .joined(separator: "\n"))
            return status.isUpToDate ? 0 : 1
        } catch {
            Output.error("arbor: \(Session.message(error))")
            return 2
        }
    }

    /// Seconds to wait for another process's lock: `ARBOR_BUSY_TIMEOUT`, else 5.
    /// (An environment variable rather than an option: tests need it, users rarely.)
    static func busyTimeout(environment: [String: String] = ProcessInfo.processInfo.environment) -> TimeInterval {
        guard let text = environment["ARBOR_BUSY_TIMEOUT"], let seconds = TimeInterval(text), seconds >= 0,
            seconds.isFinite
        else { return 5 }
        return seconds
    }
}

/// How results print (`--format`, `:format`).
enum OutputFormat: String, CaseIterable {
    case tree, table, json, jsonl, csv, tsv, sql, swift

    /// The formats made for programs: they print values whole, never cut for a screen.
    var isData: Bool { self == .json || self == .jsonl || self == .csv || self == .tsv }
}

/// How `--graph` writes the association graph, besides the text of `:graph`.
enum GraphFormat: String {
    case mermaid, dot
}

/// What `--format` accepts: a row format, or a graph format (only with `--graph`).
enum FormatOption: String, ExpressibleByArgument, CaseIterable {
    case tree, table, json, jsonl, csv, tsv, sql, swift, mermaid, dot

    var rowFormat: OutputFormat? { OutputFormat(rawValue: rawValue) }
    var graphFormat: GraphFormat? { GraphFormat(rawValue: rawValue) }
}
