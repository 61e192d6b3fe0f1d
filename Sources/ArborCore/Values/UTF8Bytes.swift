/// Questions about a string's UTF-8 bytes answered over the bytes in place: `utf8.contains`
/// and `utf8.lastIndex(of:)` step a generic iterator, about ten times the cost, and these
/// are asked of every name a load declares or looks up.
extension String {
    /// Whether the text holds `byte` (`.` in a type path, `"` in a table name).
    public func containsByte(_ byte: UInt8) -> Bool {
        var text = self
        return text.withUTF8 { $0.contains(byte) }
    }

    /// The text after the last `byte`, nil when it holds none (`Columns` of `Author.Columns`).
    public func suffix(afterLast byte: UInt8) -> String? {
        var text = self
        return text.withUTF8 { bytes in
            bytes.lastIndex(of: byte).map { String(decoding: bytes[($0 + 1)...], as: UTF8.self) }
        }
    }

    /// Whether some byte of the text passes `test`.
    func containsByte(where test: (UInt8) -> Bool) -> Bool {
        var text = self
        return text.withUTF8 { $0.contains(where: test) }
    }
}

extension Array where Element == UInt8 {
    /// `text`'s UTF-8 bytes appended in one copy from its storage: `append(contentsOf:
    /// text.utf8)` steps a generic sequence, some 180 instructions for a short name, and a
    /// load's 20,000 notes are each written with a dozen such appends.
    public mutating func append(utf8Of text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// `count` copies of `byte` (a caret line's spaces and `~`): filled on the stack and
    /// copied once, where `repeatElement` is a generic sequence appended a byte at a time.
    public mutating func append(_ byte: UInt8, count: Int) {
        guard count > 0 else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            buffer.initialize(repeating: byte)
            append(contentsOf: UnsafeBufferPointer(buffer))
        }
    }
}
