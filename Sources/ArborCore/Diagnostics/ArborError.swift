/// An error a user can act on: a message, the range of the input it is about,
/// and, where there is one, a suggestion ("did you mean `books`?").
public struct ArborError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var range: SourceRange?
    public var suggestion: String?

    public init(_ message: String, at range: SourceRange? = nil, suggestion: String? = nil) {
        self.message = message
        self.range = range
        self.suggestion = suggestion
    }

    public var description: String {
        if let suggestion { return "\(message) (\(suggestion))" }
        return message
    }
}

/// Several errors found at once, such as the syntax errors a recovering parser reports.
public struct ArborErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [ArborError]
    public init(_ errors: [ArborError]) { self.errors = errors }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
