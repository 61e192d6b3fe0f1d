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
