import ArgumentParser
import Foundation

/// `arbor --generate-manual`: the man page, in roff, made from the definition `--help`
/// prints (swift-argument-parser's description of the options, and `HelpText`), so
/// that an option added to `Arbor` is in both. The synopsis has no subcommand: arbor
/// has none (the parser's `generate-manual` plugin would list a `help` one).
enum ManualPage {
    struct Argument {
        var names: [String]
        var valueName: String?
        var values: [String]
        var abstract: String
        var discussion: String
        var isPositional: Bool
        var isOptional: Bool
        var isRepeating: Bool
    }

    static func text() -> String {
        let arguments = self.arguments()
        var out: [String] = []
        out.append(#".TH ARBOR 1 "" "arbor \#(Arbor.version)" "User Commands""#)
        out.append(".SH NAME")
        out.append("arbor \\- " + roff(Arbor.configuration.abstract))
        out.append(".SH SYNOPSIS")
        out.append(".B arbor")
        for argument in arguments { out.append(synopsis(argument)) }
        let (description, sections) = Self.sections(HelpText.discussion)
        out.append(".SH DESCRIPTION")
        for paragraph in description {
            out.append(".PP")
            out.append(roff(paragraph))
        }
        out.append(".SH OPTIONS")
        for argument in arguments {
            out.append(".TP")
            out.append(term(argument))
            var text = argument.abstract
            if !argument.discussion.isEmpty { text += " " + argument.discussion }
            out.append(roff(text))
        }
        for (title, lines) in sections {
            out.append(".SH " + roff(title))
            if title == "EXAMPLES" {
                out.append(".PP")
                out.append(".nf")
                out.append(".RS 4")
                for line in lines { out.append(roff(line.trimmingCharacters(in: .whitespaces))) }
                out.append(".RE")
                out.append(".fi")
                continue
            }
            for line in lines {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("   ") {
                    // The entry above goes on.
                    out.append(roff(trimmed))
                    continue
                }
                guard let gap = trimmed.range(of: "  ") else {
                    out.append(".PP")
                    out.append(roff(trimmed))
                    continue
                }
                out.append(".TP")
                out.append("\\fB" + roff(String(trimmed[..<gap.lowerBound])) + "\\fR")
                out.append(roff(trimmed[gap.upperBound...].trimmingCharacters(in: .whitespaces)))
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The description's paragraphs, then each `TITLE:` section's lines.
    static func sections(_ text: String) -> (description: [String], sections: [(String, [String])]) {
        var description: [String] = []
        var sections: [(String, [String])] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            if line.hasSuffix(":"), !line.hasPrefix(" "), line.dropLast().allSatisfy({ $0.isUppercase || $0 == " " }) {
                sections.append((String(line.dropLast()), []))
            } else if sections.isEmpty {
                description.append(line)
            } else {
                sections[sections.count - 1].1.append(line)
            }
        }
        return (description, sections)
    }

    static func synopsis(_ argument: Argument) -> String {
        let repeats = argument.isRepeating ? "..." : ""
        if argument.isPositional {
            let name = "\\fI" + roff((argument.valueName ?? "ARGUMENT").uppercased()) + "\\fR"
            return (argument.isOptional ? "[" + name + "]" : name) + repeats
        }
        let names = argument.names.map { "\\fB" + roff($0) + "\\fR" }.joined(separator: "|")
        var text = names
        if let value = value(argument) { text += " " + value }
        return "[" + text + "]" + repeats
    }

    static func term(_ argument: Argument) -> String {
        if argument.isPositional { return "\\fI" + roff((argument.valueName ?? "ARGUMENT").uppercased()) + "\\fR" }
        let names = argument.names.map { "\\fB" + roff($0) + "\\fR" }.joined(separator: ", ")
        return names + (value(argument).map { " " + $0 } ?? "")
    }

    static func value(_ argument: Argument) -> String? {
        guard let name = argument.valueName else { return nil }
        if !argument.values.isEmpty { return argument.values.map(roff).joined(separator: "|") }
        return "\\fI" + roff(name.uppercased()) + "\\fR"
    }

    /// Text for roff: backslashes and hyphens escaped, a line never starting with a control character.
    static func roff<S: StringProtocol>(_ text: S) -> String {
        var out = String(text).replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// The options as swift-argument-parser describes them (its `--experimental-dump-help`).
    static func arguments() -> [Argument] {
        var json = ""
        do {
            _ = try Arbor.parseAsRoot(["--experimental-dump-help"])
        } catch {
            json = Arbor.fullMessage(for: error)
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let command = object["command"] as? [String: Any],
            let list = command["arguments"] as? [[String: Any]]
        else { return [] }
        return list.compactMap { entry -> Argument? in
            guard entry["shouldDisplay"] as? Bool ?? true else { return nil }
            let kind = entry["kind"] as? String ?? ""
            let names = (entry["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
                guard let text = name["name"] as? String else { return nil }
                return (name["kind"] as? String) == "short" ? "-" + text : "--" + text
            }
            let sortedNames = names.sorted { $0.count < $1.count }
            return Argument(
                names: sortedNames, valueName: kind == "flag" ? nil : entry["valueName"] as? String,
                values: entry["allValues"] as? [String] ?? [], abstract: entry["abstract"] as? String ?? "",
                discussion: entry["discussion"] as? String ?? "", isPositional: kind == "positional",
                isOptional: entry["isOptional"] as? Bool ?? true, isRepeating: entry["isRepeating"] as? Bool ?? false)
        }
    }
}
