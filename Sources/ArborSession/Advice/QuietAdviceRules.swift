import ArborCore
import Foundation

/// The advice rules a user keeps quiet for one database (`:advise --quiet RULE`),
/// one rule name a line in a file beside the database's history. A file that can
/// not be read is no quiet rule; one that can not be written is an error to show.
public enum QuietAdviceRules {
    public static func load(from url: URL?) -> Set<Advice.Rule> {
        guard let url, let data = FileManager.default.contents(atPath: url.path) else { return [] }
        return Set(
            String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap {
                Advice.Rule(name: String($0))
            })
    }

    public static func save(_ rules: Set<Advice.Rule>, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = Advice.Rule.allCases.filter(rules.contains).map { $0.name + "\n" }.joined()
        try Data(text.utf8).write(to: url, options: .atomic)
    }
}

extension Session {
    /// The rules kept quiet for this database.
    public var quietAdviceRules: Set<Advice.Rule> { QuietAdviceRules.load(from: quietAdviceURL) }

    /// Keeps `rule` quiet for this database (or lets it speak again), remembered for the next runs.
    public func setQuiet(_ rule: Advice.Rule, _ isQuiet: Bool) throws {
        guard let url = quietAdviceURL else {
            throw ArborError("arbor has nowhere to remember it: set HOME or XDG_STATE_HOME")
        }
        var rules = quietAdviceRules
        if isQuiet { rules.insert(rule) } else { rules.remove(rule) }
        do {
            try QuietAdviceRules.save(rules, to: url)
        } catch {
            throw ArborError("can not remember the quiet rules in \(url.path): \(error.localizedDescription)")
        }
    }
}
