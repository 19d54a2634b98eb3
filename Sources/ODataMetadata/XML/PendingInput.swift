#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The part of the input libxml2 has not read yet: bytes in memory, then, for a file parsed as it is read, the
/// rest of the open file. libxml2 asks for 4,000 bytes at a time; the file is read in larger steps into a buffer of
/// its own, so that a 2 MB document takes 16 system calls rather than 500.
struct PendingInput {
    /// How many bytes of the file one system call reads.
    static let fileStep = 131_072

    var next: UnsafeRawPointer?
    var remaining: Int
    /// The open file the input continues in, or -1.
    var descriptor: Int32 = -1
    /// How many bytes the whole input may have.
    var limit = Int.max
    /// How many bytes libxml2 was given.
    var delivered = 0
    var failure: HardenedXMLParser.ReadFailure?
    /// The bytes last read from the file (`fileStep` of them), allocated on the first read; see `releaseBuffer`.
    private var fileBuffer: UnsafeMutableRawPointer?

    init(next: UnsafeRawPointer?, remaining: Int, descriptor: Int32 = -1, limit: Int = .max) {
        self.next = next
        self.remaining = remaining
        self.descriptor = descriptor
        self.limit = limit
    }

    /// Copies up to `length` more input bytes into `buffer`; their count, 0 at the end, -1 on a failure.
    mutating func read(into buffer: UnsafeMutableRawPointer, length: Int) -> Int {
        if remaining == 0, descriptor >= 0, failure == nil { refill() }
        if remaining > 0, let next {
            let count = min(length, remaining)
            buffer.copyMemory(from: next, byteCount: count)
            self.next = next + count
            remaining -= count
            delivered += count
            return count
        }
        return failure == nil ? 0 : -1
    }

    /// Reads the next step of the file into the buffer. Everything before it was delivered, so one byte more than
    /// the limit allows tells a file that grew past it.
    private mutating func refill() {
        let buffer = fileBuffer ?? UnsafeMutableRawPointer.allocate(byteCount: Self.fileStep, alignment: 16)
        fileBuffer = buffer
        let count = readFile(into: buffer, length: min(Self.fileStep, limit - delivered + 1))
        if count < 0 { return }
        if delivered + count > limit {
            failure = .tooLarge
            return
        }
        next = UnsafeRawPointer(buffer)
        remaining = count
    }

    /// Frees the file buffer; the input is not read after this.
    mutating func releaseBuffer() {
        fileBuffer?.deallocate()
        fileBuffer = nil
        next = nil
        remaining = 0
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
