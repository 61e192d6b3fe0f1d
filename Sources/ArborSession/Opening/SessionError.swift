/// A database that cannot be opened: exit status 2.
public struct OpenError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
