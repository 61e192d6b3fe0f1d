/// The cells that changed between two frames, as runs on a row: what the
/// terminal adapter writes.
public enum BufferDiff {
    public struct Run: Equatable, Sendable {
        public var x: Int
        public var y: Int
        public var cells: [Cell]
    }

    /// Runs of changed cells; every cell when there is no previous frame or its size differs.
    public static func runs(from old: ScreenBuffer?, to new: ScreenBuffer) -> [Run] {
        let full = old == nil || old?.width != new.width || old?.height != new.height
        var runs: [Run] = []
        for y in 0..<new.height {
            var x = 0
            while x < new.width {
                guard full || old?[x, y] != new[x, y] else {
                    x += 1
                    continue
                }
                // A run starts on the head of a wide character, never on its second half.
                var start = x
                if new[start, y].isContinuation, start > 0 { start -= 1 }
                var end = x + 1
                while end < new.width, full || old?[end, y] != new[end, y] || new[end, y].isContinuation {
                    end += 1
                }
                runs.append(Run(x: start, y: y, cells: (start..<end).map { new[$0, y] }))
                x = end
            }
        }
        return runs
    }
}
