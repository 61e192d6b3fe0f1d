import ArborCore
import ArborSession
import ArborTerminal
import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The command line of docs/LANGUAGE.md §4.
struct Arbor: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "arbor",
        abstract: "Explore a SQLite database through GRDB requests and associations.",
        discussion: """
            Without DATABASE, opens the built-in demo library of GRDB's Associations guide.
            The database is opened read-only unless --write is given.
            Examples:
              arbor -c 'Author.including(all: Author.books)' --format json
              arbor library.sqlite -c 'Book.including(required: Book.author)' --format sql
            """,
        version: version)

    @Argument(help: "The SQLite file to open (default: the demo library).")
    var database: String?

    @Option(name: [.customShort("c"), .customLong("command")], help: "A statement to run; repeatable.")
    var commands: [String] = []

    @Option(help: "Output format: tree, table, json, sql or swift.")
    var format: OutputFormat = .tree

    @Option(help: "A Swift file, or a folder of them, whose GRDB declarations to read first; repeatable.")
    var load: [String] = []

    @Option(
        name: .customLong("define"),
        help: "A flag `#if` conditions of loaded code see as defined; repeatable. Without it: DEBUG.")
    var defines: [String] = []

    @Flag(help: "Open the database read-write (raw writes only through :sql).")
    var write = false

    @Flag(name: .customLong("no-tui"), help: "Never start the terminal interface.")
    var noTUI = false

    @Flag(
        help:
            "With -c and --format json: print the last request's rows again, one JSON document a line, after each commit by another process, until Ctrl-C."
    )
    var watch = false

    func runArbor() -> Int32 {
        if let position = ArgumentBytes.firstInvalidUTF8() {
            Output.error("arbor: argument \(position) is not valid UTF-8")
            return 2
        }
        if watch, commands.isEmpty || format != .json {
            Output.error("arbor: --watch needs -c REQUEST and --format json (in the interface, type :watch)")
            return 2
        }
        let session: Session
        do {
            session = try Session(
                path: database, writable: write, busyTimeout: Self.busyTimeout(), watchable: watch)
        } catch {
            Output.error("arbor: \(error)")
            return 2
        }
        if !defines.isEmpty { session.flags = Set(defines) }
        // Declarations GRDB itself would reject make the run fail, once the statements
        // have run: the rest of the app's code still works. What was skipped is a note.
        var loadFailed = false
        if !load.isEmpty {
            // Every file is read before any is resolved: the order of `--load`s never matters.
            do {
                let report = try session.load(paths: load)
                Output.error("arbor: " + report.summary)
                for line in report.renderedDiagnostics { Output.error(line) }
                loadFailed = report.hasErrors
            } catch let error as ArborError {
                Output.error("arbor: \(error.message)")
                return 2
            } catch {
                Output.error("arbor: \(error)")
                return 2
            }
        }
        var printer = OutcomePrinter(format: format, environment: session.environment)
        if !commands.isEmpty {
            let interruption = Interruption(session: session)
            if watch, let last = commands.last {
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
            let status = TerminalInterface.run(session: session)
        {
            return loadFailed && status == 0 ? 1 : status
        }
        var lineMode = LineMode(session: session, printer: printer, interruption: Interruption(session: session))
        let status = lineMode.run()
        return loadFailed && status == 0 ? 1 : status
    }
}

extension Arbor {
    /// Seconds to wait for another process's lock: `ARBOR_BUSY_TIMEOUT`, else 5.
    /// (An environment variable rather than an option: tests need it, users rarely.)
    static func busyTimeout(environment: [String: String] = ProcessInfo.processInfo.environment) -> TimeInterval {
        guard let text = environment["ARBOR_BUSY_TIMEOUT"], let seconds = TimeInterval(text), seconds >= 0,
            seconds.isFinite
        else { return 5 }
        return seconds
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case tree, table, json, sql, swift
}
