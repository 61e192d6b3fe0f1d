/// A half-open range of UTF-8 offsets into the text of one statement.
///
/// Every AST node, plan node and error carries one, so that errors can be
/// underlined where the user typed the offending text.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    public var lowerBound: Int
    public var upperBound: Int

    public init(_ lowerBound: Int, _ upperBound: Int) {
        self.lowerBound = lowerBound
        self.upperBound = Swift.max(lowerBound, upperBound)
    }

    /// An empty range at `offset`, for errors such as "expected `)`".
    public static func at(_ offset: Int) -> SourceRange { SourceRange(offset, offset) }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(Swift.min(lowerBound, other.lowerBound), Swift.max(upperBound, other.upperBound))
    }

    public var isEmpty: Bool { lowerBound == upperBound }
    public var description: String { "\(lowerBound)..<\(upperBound)" }
}
