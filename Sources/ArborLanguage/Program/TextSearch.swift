/// Substring tests on the UTF-8 bytes, for the resolver's per-declaration questions
/// (`Request` in a return type): the standard library's generic `firstRange(of:)` and
/// Foundation's `contains` cost a tenth of loading a file of record types.
extension String {
    /// Whether `needle` occurs in the text, byte for byte.
    func containsBytes(_ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        var text = self
        return text.withUTF8 { Self.find(pattern, in: $0) }
    }

    private static func find(_ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = pattern.first else { return true }
        guard text.count >= pattern.count else { return false }
        var start = 0
        while start + pattern.count <= text.count {
            if text[start] == first {
                var matched = 1
                while matched < pattern.count, text[start + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return true }
            }
            start += 1
        }
        return false
    }
}
