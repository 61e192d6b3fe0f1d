import ArborCore
import ArborLanguage
import ArborSession
import ArborTerminal
import Foundation

/// Reads statements from standard input, one per line, a statement continuing
/// while its brackets are open (so pasted declarations work), and prints each result.
///
/// SIGINT stops the running statement; at a terminal line mode goes on with the
/// next one, reading a script it ends with status 130 (`Interruption`).
struct LineMode {
    let session: Session
    var printer: OutcomePrinter
    let interruption: Interruption
    /// Standard input, or the start-up file's lines (`StartupFile`).
    var input = InputLines()
    /// Whether a person types the lines (prompts, and SIGINT goes on); nil: standard input is a terminal.
    var interactive: Bool? = nil

    mutating func run() -> Int32 {
        var failed = false
        var pending = ""
        let interactive = self.interactive ?? (isatty(0) != 0)
        // At a terminal, lines are edited (arrows, history, Ctrl-R), as in the interface.
        let reader =
            self.interactive == nil && interactive && TerminalLineReader.isAvailable()
            ? TerminalLineReader(
                historyURL: History.fileURL(environment: ProcessInfo.processInfo.environment, database: session.path),
                completions: { [session] text, offset in
                    Completer.complete(text, cursor: offset, environment: session.environment)
                })
            : nil
        if interactive, reader == nil { prompt(continuation: false) }
        while let next = reader.map({ $0.next(continuing: !pending.isEmpty) }) ?? input.next() {
            if case .cancelled = next {
                pending = ""
                continue
            }
            guard case .text(let line) = next else {
                // A statement with a line that is not text is dropped whole.
                Output.error("arbor: line \(input.number) of standard input is not valid UTF-8: statement skipped")
                failed = true
                pending = ""
                if interactive, reader == nil { prompt(continuation: false) }
                continue
            }
            pending += pending.isEmpty ? line : "\n" + line
            // A `:command` is one line, whatever brackets its argument opens (`:complete Author.including(`).
            if !pending.hasPrefix(":"), BracketBalance.isOpen(pending) {
                if interactive, reader == nil { prompt(continuation: true) }
                continue
            }
            let statement = pending
            pending = ""
            reader?.remember(statement)
            let trimmed = statement.trimmingCharacters(in: .whitespaces)
            // The commands line mode answers itself, read from the one table of commands.
            let command = CommandTable.split(trimmed).flatMap { split in
                CommandTable.named(split.name).map { (kind: $0.kind, argument: split.argument) }
            }
            if command?.kind == .quit { break }
            if let command, command.kind == .copy || command.kind == .watch {
                Output.error(
                    "arbor: `:\(command.kind.rawValue)` works in the full-screen interface"
                        + (command.kind == .watch ? "; in line mode, start arbor with --watch" : ""))
                failed = true
            } else if let command, command.kind == .format {
                let name = command.argument
                if let format = OutputFormat(rawValue: name) {
                    printer.format = format
                } else if GraphFormat(rawValue: name) != nil {
                    Output.error(
                        "arbor: `\(name)` is a format of the association graph: `arbor DATABASE --graph --format \(name)`"
                    )
                    failed = true
                } else {
                    Output.error(
                        "arbor: unknown format `\(name)`: use "
                            + OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))
                    failed = true
                }
            } else if !trimmed.isEmpty {
                let (succeeded, interrupted) = interruption.run { printer.run(statement, in: session) }
                if interrupted {
                    Output.error("arbor: interrupted")
                    if !interactive { return 130 }
                }
                if !succeeded { failed = true }
            }
            if interactive, reader == nil { prompt(continuation: false) }
        }
        if !pending.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            let last = pending
            let (succeeded, interrupted) = interruption.run { printer.run(last, in: session) }
            if interrupted {
                Output.error("arbor: interrupted")
                return 130
            }
            if !succeeded { failed = true }
        }
        return failed ? 1 : 0
    }

    private func prompt(continuation: Bool) {
        FileHandle.standardError.write((continuation ? "  ...> " : "arbor> ").data(using: .utf8) ?? Data())
    }
}

/// Whether a statement still has open brackets (outside strings and comments).
enum BracketBalance {
    static func isOpen(_ text: String) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        var previous: UInt8 = 0
        var inLineComment = false
        for byte in text.utf8 {
            if inLineComment {
                if byte == 0x0A { inLineComment = false }
                previous = byte
                continue
            }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                previous = byte
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "/") where previous == UInt8(ascii: "/"): inLineComment = true
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
            previous = byte
        }
        return depth > 0
    }
}
