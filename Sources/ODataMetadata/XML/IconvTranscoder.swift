#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Transcodes a document in an encoding the readers do not handle themselves to UTF-8 with the C library's
/// `iconv` (what libxml2 uses for the same job), refusing names `iconv` does not know.
enum IconvTranscoder {
    /// The UTF-8 of `bytes`, read in the encoding `name`; a plain-ASCII document is returned as it is.
    static func utf8(_ bytes: UnsafeRawBufferPointer, from name: String) throws(XMLTextEncoding.Problem) -> [UInt8] {
        guard let converter = iconv_open("UTF-8", name), converter != iconv_t(bitPattern: -1) else {
            throw XMLTextEncoding.Problem(
                message: "the XML declaration names the character encoding \"\(name)\", which is not supported "
                    + "(neither read here nor known to iconv)")
        }
        defer { iconv_close(converter) }
        if !bytes.contains(where: { $0 >= 0x80 }) { return Array(bytes) }
        guard let base = bytes.baseAddress else { return [] }
        // Every supported encoding takes at most 4 UTF-8 bytes per input byte.
        var output = [UInt8](repeating: 0, count: bytes.count * 4 + 4)
        var inputLeft = bytes.count
        let written = output.withUnsafeMutableBytes { buffer -> Int? in
            var input: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: CChar.self))
            var next: UnsafeMutablePointer<CChar>? = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
            var outputLeft = buffer.count
            guard iconv(converter, &input, &inputLeft, &next, &outputLeft) != -1 else { return nil }
            return buffer.count - outputLeft
        }
        guard let written else {
            throw XMLTextEncoding.Problem(
                message: "the document is not valid \(name) text (at byte \(bytes.count - inputLeft) of \(bytes.count))")
        }
        output.removeLast(output.count - written)
        guard output.starts(with: Array("<?xml".utf8)) else {
            throw XMLTextEncoding.Problem(message: "the document does not read as \(name), the encoding its XML declaration names")
        }
        return output
    }
}
