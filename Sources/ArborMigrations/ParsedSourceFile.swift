import SwiftParser
import SwiftSyntax

/// One Swift file of the app, parsed by swift-syntax, with what turns a node into
/// `file:line:column`.
public struct ParsedSourceFile {
    public var name: String
    var tree: SourceFileSyntax
    var converter: SourceLocationConverter

    public init(name: String, text: String) {
        self.name = name
        tree = Parser.parse(source: text)
        converter = SourceLocationConverter(fileName: name, tree: tree)
    }

    /// A note located at `node`.
    func note(_ node: some SyntaxProtocol, _ message: String) -> MigrationNote {
        let location = node.startLocation(converter: converter)
        return MigrationNote(file: name, line: location.line, column: location.column, message: message)
    }
}

/// What arbor could not run of a migration, located in the app's source.
public struct MigrationNote: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: note: message`, as the compiler writes it.
    public var description: String { "\(file):\(line):\(column): note: \(message)" }
}
