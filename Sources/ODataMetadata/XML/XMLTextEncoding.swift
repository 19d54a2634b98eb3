#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The character encoding of an XML payload, as its byte-order mark or XML declaration names it, and
/// the transcoding to UTF-8 that the XML readers here need (libxml2 is always given UTF-8: its own
/// encoding detection crashed under fuzzing).
///
/// Read: UTF-8 (with or without a byte-order mark, and its ASCII subset), UTF-16 with a byte-order mark,
/// ISO-8859-1 and Windows-1252 directly; any other declared encoding the C library's `iconv` knows (the
/// converter libxml2 itself uses: ISO-8859-2, KOI8-R, Shift_JIS, …) through `iconv`, a plain-ASCII document
/// as it is. An encoding `iconv` does not know is refused by name rather than misread.
package enum XMLTextEncoding: Equatable {
    case utf8
    case utf16
    case latin1
    case windows1252
    /// An encoding the readers do not transcode themselves, by the name the declaration gives (`iconv` may).
    case unsupported(String)

    /// Why a payload could not be turned into UTF-8.
    package struct Problem: Error, Equatable {
        /// What was wrong, for an error message.
        package let message: String
        /// A problem saying `message`.
        package init(message: String) { self.message = message }
    }

    /// The encoding of `bytes`: a byte-order mark first, else the `encoding` of an XML declaration at the
    /// very start, else UTF-8.
    package init(of bytes: UnsafeRawBufferPointer) {
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            self = .utf16
            return
        }
        guard let name = Self.declaredName(in: bytes) else {
            self = .utf8
            return
        }
        switch name.lowercased() {
        case "utf-8", "utf8", "us-ascii", "ascii": self = .utf8
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "cp819", "ibm819", "iso-ir-100",
            "csisolatin1":
            self = .latin1
        case "windows-1252", "cp1252", "x-cp1252": self = .windows1252
        // UTF-16 without a byte-order mark cannot have a declaration readable as ASCII: the text lies.
        default: self = .unsupported(name)
        }
    }

    /// The `encoding` pseudo-attribute of an XML declaration (`<?xml version="1.0" encoding="…"?>`) at the
    /// start of `bytes` (after a UTF-8 byte-order mark, if any); nil when there is none.
    package static func declaredName(in bytes: UnsafeRawBufferPointer) -> String? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes.count - index >= 6, bytes[index..<(index + 5)].elementsEqual("<?xml".utf8) else { return nil }
        index += 5
        let end = min(bytes.count, index + 200)
        let keyword = Array("encoding".utf8)
        while index + keyword.count <= end {
            if bytes[index] == UInt8(ascii: "?") { return nil }
            if bytes[index..<(index + keyword.count)].elementsEqual(keyword) { break }
            index += 1
        }
        index += keyword.count
        func skipSpaces() {
            while index < end, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        skipSpaces()
        guard index < end, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpaces()
        guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[index]
        index += 1
        let start = index
        while index < end, bytes[index] != quote {
            guard bytes[index] < 0x80 else { return nil }
            index += 1
        }
        guard index < end, index > start else { return nil }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// `body` over `bytes` as UTF-8 (transcoded when they are in another encoding; a UTF-8 byte-order mark
    /// dropped), or the reason they cannot be.
    package static func withUTF8<R>(
        _ bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> R
    ) throws -> R {
        switch XMLTextEncoding(of: bytes) {
        case .utf8:
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return try body(UnsafeRawBufferPointer(rebasing: bytes[3...])) }
            return try body(bytes)
        case .utf16:
            guard let text = String(data: Data(bytes), encoding: .utf16) else {
                throw Problem(message: "invalid UTF-16 text")
            }
            return try withBytes(Array(text.utf8), body)
        case .latin1:
            return try withBytes(transcodeSingleByte(bytes, highHalf: nil), body)
        case .windows1252:
            return try withBytes(transcodeSingleByte(bytes, highHalf: windows1252C1), body)
        case .unsupported(let name):
            return try withBytes(IconvTranscoder.utf8(bytes, from: name), body)
        }
    }

    private static func withBytes<R>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { try body($0) }
    }

    /// UTF-8 for single-byte text: bytes below 0x80 are ASCII, 0x80–0x9F come from `highHalf` when given
    /// (Windows-1252) and are U+0080–U+009F otherwise, 0xA0–0xFF are U+00A0–U+00FF.
    private static func transcodeSingleByte(_ bytes: UnsafeRawBufferPointer, highHalf: [UInt16]?) -> [UInt8] {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                utf8.append(byte)
                continue
            }
            let scalar = byte < 0xA0 ? (highHalf?[Int(byte - 0x80)] ?? UInt16(byte)) : UInt16(byte)
            if scalar < 0x800 {
                utf8.append(0xC0 | UInt8(scalar >> 6))
                utf8.append(0x80 | UInt8(scalar & 0x3F))
            } else {
                utf8.append(0xE0 | UInt8(scalar >> 12))
                utf8.append(0x80 | UInt8((scalar >> 6) & 0x3F))
                utf8.append(0x80 | UInt8(scalar & 0x3F))
            }
        }
        return utf8
    }

    /// Windows-1252's 0x80–0x9F (the five unassigned bytes map to the C1 controls, as browsers do).
    private static let windows1252C1: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D,
        0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x009D, 0x017E, 0x0178,
    ]
}
