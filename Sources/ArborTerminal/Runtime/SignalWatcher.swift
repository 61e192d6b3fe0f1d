import Dispatch

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Turns SIGTERM, SIGHUP and SIGINT sent from outside into messages, so that
/// the loop ends and the terminal is restored. (Ctrl-C in the interface is a
/// key, not a signal: the terminal is in raw mode.)
final class SignalWatcher {
    private var sources: [any DispatchSourceSignal] = []

    init(inbox: Inbox) {
        // Dispatch reads signals through a signalfd, which sees only signals that no
        // thread takes: blocked here, on the thread that starts the interface (the
        // dispatch threads block them already), they reach the sources whatever an
        // earlier source of the same signal, cancelled since, did to the mask.
        Self.setBlocked(true)
        for number in [SIGTERM, SIGHUP, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { inbox.post(.terminate(signal: number)) }
            source.resume()
            sources.append(source)
        }
    }

    /// Gives the signals their default meaning back.
    func stop() {
        for source in sources { source.cancel() }
        sources = []
        for number in [SIGTERM, SIGHUP, SIGINT] { signal(number, SIG_DFL) }
        Self.setBlocked(false)
    }

    private static func setBlocked(_ blocked: Bool) {
        // Filled by `sigemptyset`, not `sigset_t()`: which C module owns `sigset_t`'s
        // initializer depends on header order (curses' headers include signal.h too).
        withUnsafeTemporaryAllocation(of: sigset_t.self, capacity: 1) { buffer in
            guard let set = buffer.baseAddress else { return }
            sigemptyset(set)
            for number in [SIGTERM, SIGHUP, SIGINT] { sigaddset(set, number) }
            pthread_sigmask(blocked ? SIG_BLOCK : SIG_UNBLOCK, set, nil)
        }
    }
}
