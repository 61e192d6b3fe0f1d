import ArborCore
import Foundation

/// Where each line of a text starts, found in one pass: locating many offsets
/// in one big file (a note per redeclaration, 20,000 of them) is then a binary
/// search each, not a scan from the start each.
public struct SourceLines: Sendable {
    public let text: String
    /// The byte offset of each line's first byte.
    private let starts: [Int]
    /// The offset of each line's first byte above 0x7F, or of its end when it has none:
    /// before it, a column is a byte. Without it, each place on a long line (a minified
    /// file's 20,000 notes on one line) read its line from the start.
    private let asciiEnds: [Int]

    public init(_ text: String) {
        self.text = text
        // Read from the text's own storage (a load's file may be megabytes); `withUTF8` makes
        // a bridged text contiguous first.
        var contiguous = text
        (starts, asciiEnds) = contiguous.withUTF8 { bytes in
            var starts = [0]
            var asciiEnds: [Int] = []
            guard let base = bytes.baseAddress else { return (starts, [0]) }
            // `memchr` finds each line break in vector steps, where a loop over the bytes
            // costs some seven instructions each (twice over a megabyte for a load's notes).
            var offset = 0
            while offset < bytes.count, let found = memchr(base + offset, 0x0A, bytes.count - offset) {
                let lineBreak = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                asciiEnds.append(Self.asciiEnd(base, from: offset, to: lineBreak))
                offset = lineBreak + 1
                starts.append(offset)
            }
            asciiEnds.append(Self.asciiEnd(base, from: offset, to: bytes.count))
            return (starts, asciiEnds)
        }
    }

    /// The first offset in `start..<end` of a byte above 0x7F, or `end`: eight bytes a step.
    private static func asciiEnd(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var offset = start
        while offset + 8 <= end,
            UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
            offset += 8
        }
        while offset < end, base[offset] < 0x80 { offset += 1 }
        return offset
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
        var cursor = Cursor(line: hint)
        defer { hint = cursor.line }
        return location(of: offset, from: &cursor)
    }

    /// The place asked before: its line, and its offset and column where its column was counted
    /// in characters.
    public struct Cursor: Sendable {
        public var line: Int
        var counted: (offset: Int, column: Int)?

        public init(line: Int = 0) { self.line = line }
    }

    /// `location(of:line:)` that also counts a column in characters on from the place asked
    /// before, when that place is on the same line, before this one, and surely starts a
    /// character: a long line with a character above ASCII early on (a minified file's 20,000
    /// notes) is not counted from its start for each place.
    public func location(of offset: Int, from cursor: inout Cursor) -> SourceLocation {
        var line = cursor.line
        let found = lineAndColumn(of: offset, line: &line, counted: cursor.counted)
        if let counted = found.counted {
            cursor.counted = counted
        } else if line != cursor.line {
            cursor.counted = nil
        }
        cursor.line = line
        return found.location
    }

    private func lineAndColumn(
        of offset: Int, line hint: inout Int, counted: (offset: Int, column: Int)?
    ) -> (location: SourceLocation, counted: (offset: Int, column: Int)?) {
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
        let sameLine = hint == low
        hint = low
        let line = low
        // An ASCII prefix of a line is a character a byte (a `\r` and the `\n` that would join it
        // are never both in it): most places shown, 20,000 notes of a load.
        if offset <= asciiEnds[line] {
            return (SourceLocation(line: line + 1, column: offset - starts[line] + 1), nil)
        }
        // Counted on from the place before when a character boundary is sure to lie there: an
        // ASCII byte before it, and a character that no grapheme rule joins to it after it.
        var from = starts[line]
        var column = 1
        if sameLine, let counted, counted.offset > starts[line], counted.offset <= offset,
            let before = byte(at: counted.offset - 1), before < 0x80,
            counted.offset == offset || startsCharacterAfterASCII(at: counted.offset)
        {
            from = counted.offset
            column = counted.column
        }
        let counted =
            bytes.withContiguousStorageIfAvailable {
                Self.characterCount(UnsafeBufferPointer(rebasing: $0[from..<offset]))
            }
            ?? String(decoding: bytes.dropFirst(from).prefix(offset - from), as: UTF8.self).count
        column += counted
        return (SourceLocation(line: line + 1, column: column), (offset, column))
    }

    /// The characters of `bytes`, a part of one line that starts a character. Two ASCII bytes
    /// side by side are two characters (only CR LF joins two, and a line holds no LF): each
    /// such byte counts one, and only the runs between are broken into graphemes, each run
    /// ending where two ASCII bytes meet. A line of names in CJK was counted grapheme by
    /// grapheme, some 5,000 instructions for each of 20,000 notes on it.
    static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let end = bytes.count
        var count = 0
        var index = 0
        while index < end {
            if bytes[index] < 0x80, index + 1 == end || bytes[index + 1] < 0x80 {
                count += 1
                index += 1
                continue
            }
            var next = index + 1
            while next < end, !(bytes[next - 1] < 0x80 && bytes[next] < 0x80) { next += 1 }
            count += String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<next]), as: UTF8.self).count
            index = next
        }
        return count
    }

    /// Whether a character starts at `offset`, an ASCII byte before it: Unicode joins an ASCII
    /// character only to what extends it (Extend, ZWJ, SpacingMark) or, for CR, to LF, which
    /// a line does not hold. An offset inside a scalar's bytes starts none.
    private func startsCharacterAfterASCII(at offset: Int) -> Bool {
        guard let first = byte(at: offset), first < 0x80 || first >= 0xC0 else { return false }
        if first < 0x80 { return true }
        // The scalar decoded from its (at most four) bytes alone, with no string made for them.
        let bytes = text.utf8
        let start = bytes.index(bytes.startIndex, offsetBy: offset)
        let end = bytes.index(start, offsetBy: min(4, bytes.count - offset))
        var scalarBytes = bytes[start..<end].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&scalarBytes) else { return false }
        // A name in CJK or Hangul (a line of 20,000 notes on such names), known without
        // looking its properties up.
        if TerminalText.isIdeographOrHangulSyllable(scalar) { return true }
        let properties = scalar.properties
        let extends =
            properties.isGraphemeExtend || properties.isEmojiModifier || scalar.value == 0x200D
            || properties.generalCategory == .spacingMark || scalar.value == 0x0E33 || scalar.value == 0x0EB3
        return !extends
    }

    private func byte(at offset: Int) -> UInt8? {
        let bytes = text.utf8
        guard offset >= 0, offset < bytes.count else { return nil }
        return bytes[bytes.index(bytes.startIndex, offsetBy: offset)]
    }
}
