import ArgumentParser
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

// A closed pipe (`arbor … | head -1`) must end arbor quietly, not kill it.
signal(SIGPIPE, SIG_IGN)
StandardOutputFailure.claimClosedDescriptors()
StandardInputClosed.claim()

// The parser's completion scripts offer a `help` subcommand that arbor does not have.
if let shell = CompletionScripts.requestedShell(in: Array(CommandLine.arguments.dropFirst())) {
    Output.line(CompletionScripts.script(for: shell))
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "--generate-manual" {
    Output.write(ManualPage.text())
    exit(0)
}

// swift-argument-parser exits 64 on usage errors; arbor's contract says 2.
do {
    var command = try Arbor.parseAsRoot()
    guard let arbor = command as? Arbor else {
        // `help` and the like: the parser's own commands print themselves.
        try command.run()
        exit(0)
    }
    exit(arbor.runArbor())
} catch {
    // `--help` and `--version` arrive here too, as clean exits: printed through `Output`,
    // so that a failed write is said (`StandardOutputFailure`) rather than lost.
    if Arbor.exitCode(for: error) == .success {
        let text = Arbor.fullMessage(for: error)
        if !text.isEmpty { Output.line(text) }
        exit(0)
    }
    Output.error(Arbor.fullMessage(for: error))
    exit(2)
}
