import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Copying text out of the terminal: OSC 52 (through the terminal, which
/// works over SSH and in tmux with `set-clipboard on`), then the first
/// clipboard tool present.
enum Clipboard {
    /// `ESC ] 52 ; c ; base64 BEL`.
    static func osc52(_ text: String) -> [UInt8] {
        Array("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}".utf8)
    }

    struct Tool: Equatable {
        var name: String
        var path: String
        var arguments: [String]
    }

    /// The clipboard tools that can work here, in the order of docs/INTERFACE.md §3.
    static func tools(environment: [String: String]) -> [Tool] {
        var candidates: [(String, [String], Bool)] = [
            ("wl-copy", [], environment["WAYLAND_DISPLAY"] != nil),
            ("xclip", ["-selection", "clipboard"], environment["DISPLAY"] != nil),
            ("xsel", ["--clipboard", "--input"], environment["DISPLAY"] != nil),
            ("pbcopy", [], true),
        ]
        candidates = candidates.filter { $0.2 }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        return candidates.compactMap { name, arguments, _ in
            for directory in directories {
                let path = directory + "/" + name
                if FileManager.default.isExecutableFile(atPath: path) {
                    return Tool(name: name, path: path, arguments: arguments)
                }
            }
            return nil
        }
    }

    /// Pipes `text` into the first tool that succeeds; returns its name.
    static func copyWithTool(_ text: String, tools: [Tool]) -> String? {
        for tool in tools where run(tool, input: text) == 0 { return tool.name }
        return nil
    }

    /// Runs a tool with `input` on its standard input and returns its exit status.
    /// posix_spawn rather than Process: xclip and wl-copy leave a process behind to
    /// serve the selection, and it would inherit Foundation's descriptors and keep
    /// `waitUntilExit` waiting.
    static func run(_ tool: Tool, input: String) -> Int32? {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return nil }
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, 0)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [tool.path] + tool.arguments
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        #if canImport(Darwin)
            let environment = _NSGetEnviron().pointee
        #else
            let environment = environ
        #endif
        let spawned = posix_spawn(&pid, tool.path, &actions, nil, &argv, environment)
        close(readEnd)
        guard spawned == 0 else {
            close(writeEnd)
            return nil
        }
        writeIgnoringBrokenPipe(Array(input.utf8), to: writeEnd)
        close(writeEnd)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return nil }
        }
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
    }

    /// Writes to a pipe whose reader may have gone: SIGPIPE is blocked on this
    /// thread meanwhile and a pending one is consumed, so that it never ends the process.
    static func writeIgnoringBrokenPipe(_ bytes: [UInt8], to descriptor: Int32) {
        #if canImport(Darwin)
            // Darwin has no sigtimedwait, but a descriptor can be told not to raise SIGPIPE.
            _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
        #else
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
            defer {
                var timeout = timespec(tv_sec: 0, tv_nsec: 0)
                while sigtimedwait(&pipeSignal, nil, &timeout) == SIGPIPE {}
                pthread_sigmask(SIG_SETMASK, &previous, nil)
            }
        #endif
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
