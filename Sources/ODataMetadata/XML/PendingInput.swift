#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The part of the input libxml2 has not read yet: bytes in memory, then, for a file parsed as it is read, the
/// rest of the open file.
struct PendingInput {
    var next: UnsafeRawPointer?
    var remaining: Int
    /// The open file the input continues in, or -1.
    var descriptor: Int32 = -1
    /// How many bytes the whole input may have.
    var limit = Int.max
    /// How many bytes libxml2 was given.
    var delivered = 0
    var failure: HardenedXMLParser.ReadFailure?

    /// Copies up to `length` more input bytes into `buffer`; their count, 0 at the end, -1 on a failure.
    mutating func read(into buffer: UnsafeMutableRawPointer, length: Int) -> Int {
        if remaining > 0, let next {
            let count = min(length, remaining)
            buffer.copyMemory(from: next, byteCount: count)
            self.next = next + count
            remaining -= count
            delivered += count
            return count
        }
        guard descriptor >= 0, failure == nil else { return 0 }
        // One byte more than the limit allows tells a file that grew past it.
        let count = readFile(into: buffer, length: min(length, limit - delivered + 1))
        if count < 0 { return -1 }
        delivered += count
        if delivered > limit {
            failure = .tooLarge
            return -1
        }
        return count
    }

    /// Whether the file has no byte left that libxml2 did not ask for (libxml2 stops at a NUL byte).
    mutating func atEnd() -> Bool {
        guard descriptor >= 0, failure == nil, remaining == 0 else { return remaining == 0 }
        var byte: UInt8 = 0
        return readFile(into: &byte, length: 1) == 0
    }

    private mutating func readFile(into buffer: UnsafeMutableRawPointer, length: Int) -> Int {
        while true {
            let count = readDescriptor(descriptor, buffer, length)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            failure = .unreadable(String(cString: strerror(errno)))
            return -1
        }
    }
}

/// `read(2)`, named apart from `PendingInput.read(into:length:)`.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ length: Int) -> Int {
    read(descriptor, buffer, length)
}
