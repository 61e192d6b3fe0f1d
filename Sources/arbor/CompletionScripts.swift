import ArgumentParser

/// `--generate-completion-script bash|zsh|fish`: swift-argument-parser's scripts,
/// made from the options as declared (so a new option completes with no more work),
/// without the `help` subcommand the parser adds to every command: arbor has no
/// subcommands, and `arbor help` would open a file named `help`.
enum CompletionScripts {
    /// The shell named after `--generate-completion-script` in `arguments`, if any.
    static func requestedShell(in arguments: [String]) -> CompletionShell? {
        for (i, argument) in arguments.enumerated() {
            if argument == "--generate-completion-script", i + 1 < arguments.count {
                return CompletionShell(rawValue: arguments[i + 1])
            }
            if argument.hasPrefix("--generate-completion-script=") {
                return CompletionShell(rawValue: String(argument.dropFirst("--generate-completion-script=".count)))
            }
        }
        return nil
    }

    static func script(for shell: CompletionShell) -> String {
        let lines = Arbor.completionScript(for: shell).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        switch shell {
        case .bash: return withoutHelp(bash: lines).joined(separator: "\n")
        case .zsh: return withoutHelp(zsh: lines).joined(separator: "\n")
        case .fish: return withoutHelp(fish: lines).joined(separator: "\n")
        default: return lines.joined(separator: "\n")
        }
    }

    /// Lines from the first that satisfies `start` through the first after it that is `end`, removed.
    static func removing(_ lines: [String], from start: (String) -> Bool, through end: String) -> [String] {
        guard let first = lines.firstIndex(where: start),
            let last = lines[first...].firstIndex(where: { $0 == end })
        else { return lines }
        return Array(lines[..<first] + lines[(last + 1)...])
    }

    static func withoutHelp(bash lines: [String]) -> [String] {
        var lines = removing(
            lines, from: { $0.contains("# Offer subcommand / subcommand argument completions") }, through: "    esac")
        lines = removing(lines, from: { $0.hasPrefix("_arbor_help()") }, through: "}")
        return lines
    }

    static func withoutHelp(zsh lines: [String]) -> [String] {
        var lines = lines.filter { $0.trimmingSpaces != "'(-): :->command'" && $0.trimmingSpaces != "'(-)*:: :->arg'" }
        lines = removing(lines, from: { $0 == "    case \"${state}\" in" }, through: "    esac")
        lines = removing(lines, from: { $0.hasPrefix("_arbor_help()") }, through: "}")
        return lines
    }

    static func withoutHelp(fish lines: [String]) -> [String] {
        var lines = lines.filter { !$0.contains("\"arbor help\"") && !$0.contains("-fa 'help'") }
        if let help = lines.firstIndex(where: { $0.trimmingSpaces == "case 'help'" }), help > 0,
            lines[help - 1].trimmingSpaces.hasPrefix("switch ")
        {
            let switchIndent = lines[help - 1].prefix { $0 == " " }
            if let end = lines[help...].firstIndex(where: { $0 == switchIndent + "end" }) {
                lines.removeSubrange((help - 1)...end)
            }
        }
        return lines
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
