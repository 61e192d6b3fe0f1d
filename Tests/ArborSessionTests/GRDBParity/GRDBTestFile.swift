import Foundation

/// One of GRDB's test files, read as its file-level type declarations, its
/// `setup` schema, its test functions and the private helpers they call.
struct GRDBTestFile {
    /// A function of the test class: its parameters (external label, internal name) and body.
    struct Function {
        var name: String
        var parameters: [(label: String?, name: String)]
        var body: Range<Int>
    }

    let name: String
    let reader: SwiftSourceReader
    var declarations: [String] = []
    var setup: Function?
    var tests: [Function] = []
    var helpers: [String: Function] = [:]

    init(name: String, source: String) {
        self.name = name
        reader = SwiftSourceReader(source)
        for statement in reader.statements(in: 0..<reader.text.count) {
            let text = reader.string(statement)
            if Self.isTypeDeclaration(text) {
                if text.contains("GRDBTestCase"), let body = reader.blocks(in: statement).first {
                    readClassBody(body)
                } else {
                    declarations.append(Self.withoutAccessLevel(text))
                }
            }
        }
    }

    static func isTypeDeclaration(_ text: String) -> Bool {
        text.range(
            of: #"^(private |fileprivate |final )*(struct|extension|enum|class)\s"#, options: .regularExpression)
            != nil
    }

    /// `private struct A` declares `struct A`: arbor reads the app's types whatever their access.
    static func withoutAccessLevel(_ text: String) -> String {
        text.replacingOccurrences(of: #"^(private|fileprivate) "#, with: "", options: .regularExpression)
    }

    private mutating func readClassBody(_ block: Range<Int>) {
        let text = reader.text
        var i = block.lowerBound + 1
        while i < block.upperBound - 1 {
            if text[i] == "\"" {
                i = reader.endOfLiteral(at: i)
                continue
            }
            if text[i] == "{", let close = reader.matchingClose(of: i) {
                i = close + 1
                continue
            }
            if isWord("func", at: i), let function = function(at: i) {
                if function.name == "setup" {
                    setup = function
                } else if function.name.hasPrefix("test") && function.parameters.isEmpty {
                    tests.append(function)
                } else {
                    helpers[function.name] = function
                }
                i = function.body.upperBound + 1
                continue
            }
            i += 1
        }
    }

    private func isWord(_ word: String, at i: Int) -> Bool {
        let characters = Array(word)
        guard i + characters.count < reader.text.count,
            Array(reader.text[i..<(i + characters.count)]) == characters,
            reader.text[i + characters.count].isWhitespace
        else { return false }
        return i == 0 || !(reader.text[i - 1].isLetter || reader.text[i - 1].isNumber || reader.text[i - 1] == "_")
    }

    /// The function whose `func` keyword is at `start`.
    private func function(at start: Int) -> Function? {
        let text = reader.text
        var i = start + 4
        while i < text.count, text[i].isWhitespace { i += 1 }
        var name = ""
        while i < text.count, text[i].isLetter || text[i].isNumber || text[i] == "_" {
            name.append(text[i])
            i += 1
        }
        guard let open = text[i...].firstIndex(of: "("), let close = reader.matchingClose(of: open),
            let bodyOpen = text[close...].firstIndex(of: "{"), let bodyClose = reader.matchingClose(of: bodyOpen)
        else { return nil }
        let parameters = SwiftSourceReader.split(reader.string((open + 1)..<close), at: ",").compactMap {
            parameter -> (label: String?, name: String)? in
            let names =
                parameter.split(separator: ":").first?.split(whereSeparator: \.isWhitespace).map(String.init) ?? []
            guard let first = names.first else { return nil }
            let label = first == "_" ? nil : first
            return (label, names.count > 1 ? names[1] : first)
        }
        return Function(name: name, parameters: parameters, body: reader.body(of: bodyOpen..<(bodyClose + 1)))
    }
}
