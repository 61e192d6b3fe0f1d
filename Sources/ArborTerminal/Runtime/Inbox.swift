import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Messages posted from other threads (the session worker, signals, the
/// clipboard) to the UI thread. Posting writes a byte to a pipe, which wakes
/// the UI thread out of its `poll`.
final class Inbox: @unchecked Sendable {
    private let messages = Locked<[Message]>([])
    let readDescriptor: Int32
    /// Any byte written here wakes the UI thread (a signal handler may write too).
    let writeDescriptor: Int32

    init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            _ = fcntl(descriptors[0], F_SETFL, O_NONBLOCK)
            _ = fcntl(descriptors[1], F_SETFL, O_NONBLOCK)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    func post(_ message: Message) {
        messages.withLock { $0.append(message) }
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Every message posted since the last call.
    func drain() -> [Message] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readDescriptor, &buffer, buffer.count) > 0 {}
        return messages.withLock { messages in
            defer { messages.removeAll() }
            return messages
        }
    }
}
