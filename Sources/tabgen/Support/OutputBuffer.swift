#if canImport(Glibc)
import Glibc
#endif

/// Buffered writes to a file descriptor: findings can number in the millions.
final class OutputBuffer {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Lets `body` append bytes (whole lines) to the buffer, which is flushed when full.
    func withBytes(_ body: (inout [UInt8]) -> Void) {
        body(&buffer)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends bytes (whole lines).
    func append(_ bytes: [UInt8]) {
        withBytes { $0 += bytes }
    }

    func flush() {
        var start = 0
        while start < buffer.count {
            let written = buffer.withUnsafeBufferPointer { pointer in
                write(descriptor, pointer.baseAddress.map { $0 + start }, buffer.count - start)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { break }  // a closed pipe: nothing more to do
            start += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}
