import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Standard input as lines of UTF-8, read as bytes so that a line that is not
/// valid UTF-8 is reported as such (with its number) instead of being silently
/// repaired, and a NUL byte is just a character (the lexer rejects it).
struct InputLines {
    enum Line {
        case text(String)
        /// The line (numbered from 1) is not valid UTF-8.
        case invalid(number: Int)
        /// Ctrl-C at the line editor (`TerminalLineReader`): the statement being typed is dropped.
        case cancelled
    }

    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private(set) var number = 0
    private let descriptor: Int32

    init(descriptor: Int32 = 0) { self.descriptor = descriptor }

    /// The next line without its `\n` (or `\r\n`), nil at the end of input.
    mutating func next() -> Line? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = decode(start..<end)
                start = newline + 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = decode(start..<buffer.count)
                start = buffer.count
                return line
            }
            fill()
        }
    }

    private mutating func decode(_ range: Range<Int>) -> Line {
        number += 1
        let bytes = buffer[range]
        guard let text = String(validating: bytes, as: UTF8.self) else { return .invalid(number: number) }
        return .text(text)
    }

    private mutating func fill() {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                atEnd = true
                return
            }
            buffer.append(contentsOf: chunk[0..<count])
            return
        }
    }
}
