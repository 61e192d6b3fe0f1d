import Foundation

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

    /// The clipboard tools that can work here, in the order of INTERFACE.md.
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
        for tool in tools {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool.path)
            process.arguments = tool.arguments
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
                input.fileHandleForWriting.write(Data(text.utf8))
                try input.fileHandleForWriting.close()
                process.waitUntilExit()
                if process.terminationStatus == 0 { return tool.name }
            } catch {
                continue
            }
        }
        return nil
    }
}
