/// The keys as help lists them, read from `KeyBindings`: what F1 shows
/// (`HelpText`) and docs/INTERFACE.md §2 is generated from (`markdown`), which a
/// test compares with the document.
public enum KeyTable {
    public struct Entry: Equatable, Sendable {
        /// The keys as the user reads them: `↑/↓ or j/k`, `^R`.
        public var keys: String
        /// What they do there.
        public var action: String
    }

    public struct Section: Equatable, Sendable {
        public var title: String
        public var entries: [Entry]
    }

    public static let sections: [Section] = KeyBindings.sections.map { section in
        Section(title: section.title, entries: section.bindings.map { Entry(keys: $0.label, action: $0.help) })
    }

    /// docs/INTERFACE.md §2's subsections, `### 2.N Title` and a table each.
    public static var markdown: String {
        sections.enumerated().map { index, section in
            (["### 2.\(index + 1) \(section.title)", "", "| keys | what they do |", "| --- | --- |"]
                + section.entries.map { "| \($0.keys) | \($0.action) |" }).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}
