import ArborCore
import ArborLanguage

/// The texts a load's diagnostics point into, each made ready once however many
/// diagnostics it has (its line starts, its bytes, its name escaped for the
/// terminal), and each diagnostic written from them as bytes:
/// `file:line:column: note: message`, then the line underlined.
struct DiagnosticSources {
    private struct Source {
        var unit: String
        var escapedName: String
        var lines: SourceLines
        var bytes: [UInt8]
        /// The last place found: a file's notes come in order.
        var place = SourceLines.Cursor()
    }

    private let texts: [String: String]
    private var sources: [Source] = []
    private var positions: [String: Int] = [:]
    /// The last one's position: a file's diagnostics follow each other.
    private var last: Int?

    init(texts: [String: String]) {
        self.texts = texts
    }

    /// Appends `diagnostic`, rendered, to `text`: no string is made for it (a load may say
    /// 20,000 notes).
    mutating func append(_ diagnostic: ProgramDiagnostic, to text: inout [UInt8]) {
        let position = self.position(of: diagnostic.unit)
        text.append(utf8Of: sources[position].escapedName)
        if let range = diagnostic.error.range {
            var place = sources[position].place
            let location = sources[position].lines.location(of: range.lowerBound, from: &place)
            sources[position].place = place
            text.append(UInt8(ascii: ":"))
            JSONBytes.integer(Int64(location.line), into: &text)
            text.append(UInt8(ascii: ":"))
            JSONBytes.integer(Int64(location.column), into: &text)
        }
        text.append(utf8Of: ": ")
        text.append(utf8Of: diagnostic.severity.rawValue)
        text.append(utf8Of: ": ")
        DiagnosticRenderer.appendBody(diagnostic.error, bytes: sources[position].bytes, to: &text)
    }

    /// Where the source of `unit` is in `sources`, made the first time it is asked for.
    private mutating func position(of unit: String) -> Int {
        if let last, sources[last].unit == unit { return last }
        let position =
            positions[unit]
            ?? {
                let text = texts[unit] ?? ""
                sources.append(
                    Source(
                        unit: unit, escapedName: TerminalText.escaped(unit), lines: SourceLines(text),
                        bytes: Array(text.utf8)))
                positions[unit] = sources.count - 1
                return sources.count - 1
            }()
        last = position
        return position
    }
}
