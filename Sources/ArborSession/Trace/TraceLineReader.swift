import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a trace log a line at a time from a file descriptor, in chunks: memory
/// stays bounded by the longest line (and `maximumLineLength` bounds that).
struct TraceLineReader {
    /// Longer lines are cut there (a prefetch of 250,000 keys is about 2 MB).
    static let maximumLineLength = 16 << 20

    let descriptor: Int32
    var chunkSize = 1 << 20

    /// Calls `body` with each line's number (from 1) and bytes, without its line break;
    /// `wasCut` when the line was longer than `maximumLineLength`. Throws a read error.
    func forEachLine(_ body: (_ number: Int, _ line: UnsafeBufferPointer<UInt8>, _ wasCut: Bool) throws -> Void) throws
    {
        var pending: [UInt8] = []
        var wasCut = false
        var number = 0
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        func emit(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            number += 1
            var line = bytes
            if let last = line.last, last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
            try body(number, line, wasCut)
            wasCut = false
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunkSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw TraceReadError(message: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            try chunk.withUnsafeBufferPointer { all in
                let bytes = UnsafeBufferPointer(rebasing: all[0..<count])
                var start = 0
                while let newline = bytes[start...].firstIndex(of: 0x0A) {
                    if pending.isEmpty {
                        try emit(UnsafeBufferPointer(rebasing: bytes[start..<newline]))
                    } else {
                        append(bytes[start..<newline], to: &pending, wasCut: &wasCut)
                        try pending.withUnsafeBufferPointer { try emit($0) }
                        pending.removeAll(keepingCapacity: pending.count < 1 << 20)
                    }
                    start = newline + 1
                }
                append(bytes[start...], to: &pending, wasCut: &wasCut)
            }
        }
        if !pending.isEmpty || wasCut { try pending.withUnsafeBufferPointer { try emit($0) } }
    }

    private func append(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, to pending: inout [UInt8], wasCut: inout Bool) {
        let room = Self.maximumLineLength - pending.count
        if bytes.count > room {
            pending.append(contentsOf: bytes.prefix(max(0, room)))
            wasCut = true
        } else {
            pending.append(contentsOf: bytes)
        }
    }
}

/// The trace could not be read (an I/O error, a folder).
public struct TraceReadError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
