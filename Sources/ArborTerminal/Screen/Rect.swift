/// A rectangle of terminal cells; layout splits them, widgets draw inside them.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The first `rows` rows, and the rest.
    public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let n = min(max(0, rows), height)
        return (
            Rect(x: x, y: y, width: width, height: n),
            Rect(x: x, y: y + n, width: width, height: height - n)
        )
    }

    /// The last `rows` rows, and the rest above them.
    public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let n = min(max(0, rows), height)
        return (
            Rect(x: x, y: y, width: width, height: height - n),
            Rect(x: x, y: y + height - n, width: width, height: n)
        )
    }

    /// The first `columns` columns, and the rest.
    public func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
        let n = min(max(0, columns), width)
        return (
            Rect(x: x, y: y, width: n, height: height),
            Rect(x: x + n, y: y, width: width - n, height: height)
        )
    }

    public var description: String { "(\(x),\(y) \(width)×\(height))" }
}
