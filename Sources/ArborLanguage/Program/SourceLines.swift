import Foundation

/// Where each line of a text starts, found in one pass: locating many offsets
/// in one big file (a note per redeclaration, 20,000 of them) is then a binary
/// search each, not a scan from the start each.
public struct SourceLines: Sendable {
    public let text: String
    /// The byte offset of each line's first byte.
    private let starts: [Int]

    public init(_ text: String) {
        self.text = text
        // Read from the text's own storage (a load's file may be megabytes); `withUTF8` makes
        // a bridged text contiguous first.
        var contiguous = text
        starts = contiguous.withUTF8 { bytes in
            var starts = [0]
            guard let base = bytes.baseAddress else { return starts }
            // `memchr` finds each line break in vector steps, where a loop over the bytes
            // costs some seven instructions each (twice over a megabyte for a load's notes).
            var offset = 0
            while offset < bytes.count, let found = memchr(base + offset, 0x0A, bytes.count - offset) {
                offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(offset)
            }
            return starts
        }
    }

    /// The line and column (in characters, from 1) of a byte offset.
    public func location(of offset: Int) -> SourceLocation {
        var line = 0
        return location(of: offset, line: &line)
    }

    /// `location(of:)` for places asked in order (a load's notes): `line` is the line of the
    /// place asked before, and becomes this one's. A place on that line or a few after is
    /// found in as many steps, not by a search of every line start.
    public func location(of offset: Int, line hint: inout Int) -> SourceLocation {
        let bytes = text.utf8
        let offset = min(max(0, offset), bytes.count)
        var low = 0
        var high = starts.count - 1
        if hint >= 0, hint < starts.count, starts[hint] <= offset {
            low = hint
            var steps = 0
            while low < high, starts[low + 1] <= offset, steps < 4 {
                low += 1
                steps += 1
            }
            if low < high, starts[low + 1] > offset { high = low }
        }
        // The last line that starts at or before `offset`.
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        hint = low
        let line = low
        // An ASCII prefix of a line is a character a byte (a `\r` and the `\n` that would join it
        // are never both in it): most places shown, 20,000 notes of a load.
        let asciiColumn = bytes.withContiguousStorageIfAvailable { bytes -> Int? in
            for i in starts[line]..<offset where bytes[i] >= 0x80 { return nil }
            return offset - starts[line] + 1
        }
        if let column = asciiColumn ?? nil { return SourceLocation(line: line + 1, column: column) }
        let start = bytes.index(bytes.startIndex, offsetBy: starts[line])
        let end = bytes.index(bytes.startIndex, offsetBy: offset)
        return SourceLocation(line: line + 1, column: String(decoding: bytes[start..<end], as: UTF8.self).count + 1)
    }
}
