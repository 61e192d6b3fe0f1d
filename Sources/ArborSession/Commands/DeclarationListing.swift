import ArborCore
import ArborLanguage
import Foundation

/// `:declarations [T]`: what the session holds from the app's code, each with where it comes from.
enum DeclarationListing {
    static func text(session: Session, type: String) -> String {
        let filter = type.trimmingCharacters(in: .whitespaces)
        let texts = session.unitTexts
        let entries = session.resolution.entries.filter { entry in
            filter.isEmpty || entry.name == filter || entry.name.hasPrefix(filter + ".")
                || entry.name.hasPrefix(filter + "<")
        }
        guard !entries.isEmpty else {
            return filter.isEmpty
                ? "no declarations: paste some, or `:load` a Swift file or folder"
                : "no declarations of `\(TerminalText.escaped(filter))`"
        }
        var lines: [String: SourceLines] = [:]
        return entries.map { entry in
            let unitLines = lines[entry.unit] ?? SourceLines(texts[entry.unit] ?? "")
            lines[entry.unit] = unitLines
            let location = unitLines.location(of: entry.range.lowerBound)
            let detail = entry.detail.isEmpty ? "" : " (\(entry.detail))"
            return TerminalText.escaped(
                "\(entry.name)  \(entry.kind.rawValue)\(detail)  \(entry.unit):\(location.line):\(location.column)")
        }.joined(separator: "\n")
    }
}
