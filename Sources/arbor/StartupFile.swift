import ArborSession
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The start-up statements (docs/LANGUAGE.md §4), as `.sqliterc` is for sqlite3:
/// the user's own `$XDG_CONFIG_HOME/arbor/init` (`~/.config/arbor/init` without
/// it), or the file `--init FILE` names. They run in line mode before `--load` and
/// `-c` (`:load Sources/Models`, `:format table`); any command-line option wins
/// over what they set. Nothing is read from the current folder unless named: a
/// cloned repository must not run statements of its own.
enum StartupFile {
    /// The user's own file, whether or not it exists: XDG's rule, a relative
    /// `XDG_CONFIG_HOME` being ignored; nil without a home either.
    static func defaultURL(environment: [String: String]) -> URL? {
        let config: URL
        if let directory = environment["XDG_CONFIG_HOME"], directory.hasPrefix("/") {
            config = URL(fileURLWithPath: directory)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            config = URL(fileURLWithPath: home).appendingPathComponent(".config")
        } else {
            return nil
        }
        return config.appendingPathComponent("arbor/init")
    }

    enum Choice: Equatable {
        case none
        case file(String)
        /// `--init FILE` that is no file, or can not be read: a usage error.
        case missing(String)
    }

    static func choice(named: String?, skip: Bool, environment: [String: String]) -> Choice {
        if skip { return .none }
        if let named {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: named, isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue && FileManager.default.isReadableFile(atPath: named)
                ? .file(named) : .missing(named)
        }
        guard let url = defaultURL(environment: environment) else { return .none }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
        else { return .none }
        return .file(url.path)
    }

    /// Runs the file's statements as line mode runs standard input; the printer keeps
    /// the `:format` they chose. Returns false when one failed (said on standard error),
    /// nil when the file can not be read.
    static func run(_ path: String, session: Session, printer: inout OutcomePrinter) -> Bool? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var startupPrinter = printer
        startupPrinter.commandTextToStandardError = true
        var lineMode = LineMode(
            session: session, printer: startupPrinter, interruption: Interruption(session: session))
        lineMode.input = InputLines(descriptor: descriptor)
        lineMode.interactive = false
        let status = lineMode.run()
        printer = lineMode.printer
        printer.commandTextToStandardError = false
        if status != 0 { Output.error("arbor: the start-up file \(path) has statements that failed (above)") }
        return status == 0
    }
}
