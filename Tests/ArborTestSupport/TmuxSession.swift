import Foundation
import XCTest

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A private tmux server running one command in a pane of a given size, for
/// driving the terminal interface as a person would: keys in, screen out.
public final class TmuxSession {
    public let name: String
    private var isKilled = false

    /// Starts `command` (a shell command line) in a detached session.
    public init(command: String, width: Int = 120, height: Int = 40) throws {
        name = "arbor-test-\(UUID().uuidString.prefix(8))"
        try tmux(["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), command])
        // OSC 52 from the application lands in tmux's paste buffer.
        try tmux(["set-option", "-g", "set-clipboard", "on"])
    }

    deinit { kill() }

    public static var isAvailable: Bool { Executables.find("tmux") != nil }

    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String {
        // -u: UTF-8 whatever the locale of the test run says.
        try Self.run([try Executables.require("tmux"), "-u", "-L", name, "-f", "/dev/null"] + arguments)
    }

    /// Runs a command and returns its standard output. posix_spawn and waitpid rather
    /// than Process: the server that `new-session` starts inherits Foundation's
    /// descriptors, and `Process.waitUntilExit` would wait for the server to exit.
    public static func run(_ arguments: [String]) throws -> String {
        let folder = try TemporaryItems.folder("tmux-out")
        let url = folder.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder) }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            let environment = _NSGetEnviron().pointee
        #else
            var actions = posix_spawn_file_actions_t()
            let environment = environ
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environment)
        guard status == 0 else { throw SpawnError(code: status) }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) < 0, errno == EINTR {}
        return String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
    }

    public struct SpawnError: Error {
        public var code: Int32
    }

    /// Types text as it is.
    public func type(_ text: String) throws { try tmux(["send-keys", "-t", name, "-l", text]) }

    /// Sends named keys: `Enter`, `Escape`, `Down`, `C-c`, `Space`.
    public func press(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }

    public func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", name]) }

    /// Polls the screen until `condition` holds, or fails after `timeout` seconds.
    @discardableResult
    public func waitUntil(
        _ description: String, timeout: Double = 10, file: StaticString = #filePath, line: UInt = #line,
        _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.015)
        }
        XCTFail("timed out waiting for \(description); screen:\n\(last)", file: file, line: line)
        throw TimeoutError()
    }

    /// Waits until every text is on the screen at once. ncurses writes a frame in
    /// several chunks, so a capture can hold the top of a new frame above the bottom
    /// of the old one: wait for everything a step expects, never assert on a capture
    /// taken when only part of it had appeared.
    @discardableResult
    public func waitFor(
        _ texts: String..., timeout: Double = 10, file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        let description = texts.map { "“\($0)”" }.joined(separator: ", ")
        return try waitUntil(description, timeout: timeout, file: file, line: line) { screen in
            texts.allSatisfy { screen.contains($0) }
        }
    }

    public func paneProcessID() throws -> Int32? {
        Int32(
            try tmux(["list-panes", "-t", name, "-F", "#{pane_pid}"]).trimmingCharacters(
                in: .whitespacesAndNewlines))
    }

    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", String(width), "-y", String(height)])
    }

    public func pasteBuffer() throws -> String { try tmux(["show-buffer"]) }

    public func kill() {
        guard !isKilled else { return }
        isKilled = true
        _ = try? tmux(["kill-server"])
        // The server leaves its socket behind.
        // tmux keeps its sockets in TMUX_TMPDIR, else /tmp, whatever TMPDIR says.
        let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(directory)/tmux-\(getuid())/\(name)")
    }

    public struct TimeoutError: Error {}
}

extension TmuxSession {
    /// The shell command line that runs the built arbor with `arguments` (already
    /// quoted for the shell), its history in `stateDirectory`, then prints how it
    /// ended and the terminal's modes, and stays so that the screen can be read.
    public static func arborCommand(_ arguments: String = "", stateDirectory: String) -> String {
        "env LANG=C.UTF-8 XDG_STATE_HOME='\(stateDirectory)' XDG_CONFIG_HOME='\(stateDirectory)/no-config'"
            + " SWIFT_BACKTRACE=enable=no"
            + " '\(ArborProcess.executable.path)' \(arguments);"
            + " echo \"exit=$?\"; stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo -e -icanon -e -echo | sort"
            + " | tr '\\n' ' '; echo; sleep 60"
    }

    /// The built arbor started with `arguments` in a new tmux session (its history
    /// in a temporary folder), once its prompt shows.
    public static func arbor(_ arguments: String = "", width: Int = 120, height: Int = 40) throws -> TmuxSession {
        let state = try TemporaryItems.folder("tmux-state").path
        let session = try TmuxSession(
            command: arborCommand(arguments, stateDirectory: state), width: width, height: height)
        try session.waitFor("arbor>")
        return session
    }
}
