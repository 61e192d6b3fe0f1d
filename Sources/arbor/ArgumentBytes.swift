/// The command line as the kernel gave it: Swift repairs invalid UTF-8 in
/// `CommandLine.arguments` silently, so a statement given with `-c` could run
/// with U+FFFD in it. Arbor refuses such an argument instead.
enum ArgumentBytes {
    /// The position (from 1) of the first argument that is not valid UTF-8.
    static func firstInvalidUTF8() -> Int? {
        for i in 0..<Int(CommandLine.argc) where i > 0 {
            guard let pointer = CommandLine.unsafeArgv[i] else { continue }
            let bytes = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
            var length = 0
            while bytes[length] != 0 { length += 1 }
            if String(validating: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self) == nil { return i }
        }
        return nil
    }
}
