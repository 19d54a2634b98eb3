#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a metadata file for `MetadataParser.parse(contentsOf:)`: the file is checked (it exists, is not a
/// directory, is within the size limit) and read while libxml2 parses it, so the document is never copied whole
/// into memory. Only its first kilobytes are read up front, to learn the text encoding; a document that is not
/// UTF-8 is read whole and transcoded as `MetadataParser.parse(_:)` does. Bytes are read, never mapped: a file
/// that changes or shrinks meanwhile is parsed as read, and cannot fault the process.
enum MetadataFile {
    /// How many bytes are read before the encoding is decided (an XML declaration fits in the first 210).
    static let headSize = 4096

    /// Opens, checks and parses `path`; a missing file, a directory, an unreadable or too large file gives a
    /// `MetadataError` of kind `.io` or `.tooLarge` that names the path.
    static func parse(_ path: String, options: ParseOptions) throws(MetadataError) -> ServiceMetadata {
        var descriptor: Int32
        repeat { descriptor = open(path, O_RDONLY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw MetadataError(kind: .io, message: "\(path): no such file") }
            throw unreadable(path, errno: errno)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(path, errno: errno) }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw MetadataError(kind: .io, message: "\(path): is a directory, not a metadata file")
        }
        if Int(status.st_size) > options.maximumInputSize {
            throw MetadataError(
                kind: .tooLarge,
                message: "\(path): \(status.st_size) bytes is more than the limit of \(options.maximumInputSize) bytes")
        }
        var head = [UInt8](repeating: 0, count: headSize)
        let headCount = try fill(&head, from: descriptor, path: path)
        head.removeSubrange(headCount...)
        let isUTF8 = head.withUnsafeBytes { bytes in
            if case .utf8 = XMLTextEncoding(of: bytes) { return true }
            return false
        }
        guard isUTF8, headCount == headSize else {
            return try MetadataParser.parse(readRest(after: head, from: descriptor, path: path, options: options), options: options)
        }
        let result = head.withUnsafeBytes { bytes in
            Result { () throws(MetadataError) in try SAXSession.parse(file: descriptor, head: bytes, path: path, options: options) }
        }
        return try result.get()
    }

    /// `head` and every byte after it, up to one chunk past the size limit (`MetadataParser.parse(_:)` then refuses it).
    private static func readRest(
        after head: [UInt8], from descriptor: Int32, path: String, options: ParseOptions
    ) throws(MetadataError) -> [UInt8] {
        var bytes = head
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= options.maximumInputSize {
            let count = try fill(&chunk, from: descriptor, path: path)
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }

    /// Fills `buffer` from the file as far as it goes; how many bytes were read.
    private static func fill(_ buffer: inout [UInt8], from descriptor: Int32, path: String) throws(MetadataError) -> Int {
        var total = 0
        while total < buffer.count {
            let count = buffer.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                return read(descriptor, base + total, bytes.count - total)
            }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path, errno: errno)
            }
            total += count
        }
        return total
    }

    /// The error of a file the system refuses to open or read.
    static func unreadable(_ path: String, errno code: Int32) -> MetadataError {
        MetadataError(kind: .io, message: "\(path): cannot be read (\(String(cString: strerror(code))))")
    }
}
