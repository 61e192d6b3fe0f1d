import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// A closed pipe (`arbor … | head -1`) must end arbor quietly, not kill it.
signal(SIGPIPE, SIG_IGN)

// swift-argument-parser exits 64 on usage errors; arbor's contract says 2.
do {
    let command = try Arbor.parseAsRoot()
    guard let arbor = command as? Arbor else { exit(0) }
    exit(arbor.runArbor())
} catch {
    let code = Arbor.exitCode(for: error)
    let message = Arbor.fullMessage(for: error)
    if code == .success {
        Output.line(message)
        exit(0)
    }
    Output.error(message)
    exit(2)
}
