import ArborCore
import ArborSession
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The full-screen interface over a session: the app loop that feeds
/// messages to `AppState.update`, runs the effects it returns, and draws
/// `View.render` through the ncurses adapter.
public enum TerminalInterface {
    /// Whether the terminal can show the interface: not `TERM=dumb` or unset.
    public static func isSupported(environment: [String: String]) -> Bool {
        guard let term = environment["TERM"], !term.isEmpty else { return false }
        return term != "dumb"
    }

    /// Runs until the user quits. Returns nil when the terminal could not be
    /// set up (the caller falls back to line mode), else the exit status.
    public static func run(
        session: Session, environment: [String: String] = ProcessInfo.processInfo.environment
    )
        -> Int32?
    {
        let colors = (environment["NO_COLOR"] ?? "").isEmpty
        let inbox = Inbox()
        guard let terminal = try? NCursesTerminal(colors: colors, wakeDescriptor: inbox.writeDescriptor)
        else {
            return nil
        }
        defer { terminal.end() }
        let loop = AppLoop(session: session, terminal: terminal, inbox: inbox, environment: environment)
        return loop.run()
    }
}

/// The loop itself, on the UI thread.
final class AppLoop {
    private let terminal: NCursesTerminal
    private let inbox: Inbox
    private let worker: SessionWorker
    private let historyURL: URL?
    private let environment: [String: String]
    private let background = DispatchQueue(label: "arbor.effects")
    private var state: AppState
    private var quitting = false
    private var exitStatus: Int32 = 0
    private let watching = WatchThread()

    init(session: Session, terminal: NCursesTerminal, inbox: Inbox, environment: [String: String]) {
        self.terminal = terminal
        self.inbox = inbox
        self.environment = environment
        worker = SessionWorker(session: session, inbox: inbox)
        historyURL = History.fileURL(environment: environment, database: session.path)
        let size = terminal.size
        state = AppState(
            width: size.width, height: size.height, environment: session.environment,
            history: HistoryFile.load(from: historyURL))
        _ = state.update(.tick(Self.clock()))
        state.readsWindows = true
    }

    static func clock() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    func run() -> Int32 {
        let signals = SignalWatcher(inbox: inbox)
        defer { signals.stop() }
        perform([.countRows(state.schema.tables.map(\.name))])
        var changed = true
        while !quitting {
            // Draw after a change, and while a request runs (the spinner and the clock).
            if changed || state.running != nil { terminal.draw(View.render(state)) }
            let timeout: Int32 = state.running != nil ? 80 : 1_000
            let messages =
                terminal.events(timeout: timeout, wakeDescriptor: inbox.readDescriptor) + inbox.drain()
            changed = !messages.isEmpty
            perform(state.update(.tick(Self.clock())))
            for message in messages {
                if case .terminate(let number) = message { exitStatus = 128 + number }
                perform(state.update(message))
                if quitting { break }
            }
        }
        watching.stop()
        // A request still running must not hold the database while the process ends.
        if let running = state.running { worker.interrupt(through: running.generation) }
        // The history written last (`:q` right after a request) is on disk before the process ends.
        background.sync {}
        return exitStatus
    }

    private func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .run(let text, let generation):
                worker.run(text, generation: generation)
            case .interrupt(let generation):
                worker.interrupt(through: generation)
            case .measure(let generation, let statements):
                worker.measure(statements, generation: generation)
            case .explain(let sql, let title):
                worker.explain(sql, title: title)
            case .loadWindow(let reference, let range):
                worker.load(range, of: reference.window)
            case .loadMoreChildren(let more):
                worker.loadMore(ofRow: more.row, key: more.key, of: more.window.window)
            case .countRows(let tables):
                worker.countRows(tables)
            case .countLinks(let requests):
                worker.countLinks(requests)
            case .copy(let text, let what):
                copy(text, what: what)
            case .write(let text, let path):
                let inbox = self.inbox
                background.async {
                    do {
                        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
                        inbox.post(.wrote(path: path, error: nil))
                    } catch {
                        inbox.post(.wrote(path: path, error: error.localizedDescription))
                    }
                }
            case .watch(let on):
                if on { watching.start(worker: worker, inbox: inbox) } else { watching.stop() }
            case .saveHistory(let history):
                let url = historyURL
                background.async { HistoryFile.save(history, to: url) }
            case .suspend:
                terminal.suspend()
                let size = terminal.size
                perform(state.update(.resize(width: size.width, height: size.height)))
            case .redraw:
                terminal.invalidate()
            case .quit:
                quitting = true
            }
        }
    }

    /// OSC 52 at once, then a clipboard tool in the background; the status line says which.
    private func copy(_ text: String, what: String) {
        terminal.writeRaw(Clipboard.osc52(text))
        let tools = Clipboard.tools(environment: environment)
        // The notice goes through `update`, as every change of the state does.
        guard !tools.isEmpty else {
            perform(state.update(.copied("copied \(what) (OSC 52: the terminal's clipboard)")))
            return
        }
        perform(state.update(.copied("copying \(what)…")))
        let inbox = self.inbox
        background.async {
            let tool = Clipboard.copyWithTool(text, tools: tools)
            inbox.post(.copied("copied \(what) (OSC 52" + (tool.map { " and \($0)" } ?? "") + ")"))
        }
    }
}
