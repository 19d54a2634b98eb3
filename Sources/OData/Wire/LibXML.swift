import Foundation
internal import CLibXML2

/// Process-wide libxml2 set-up and the safe parser options every XML reader here uses.
///
/// No network (`NONET`), no entity substitution, no DTD loading, no `HUGE`; an external-entity
/// loader that refuses everything; errors are not printed (callers record the first one).
enum LibXML {
    /// Options for `xmlTextReader` parsing. Input is always given as UTF-8 and encoding declarations are
    /// ignored (`IGNORE_ENC`): libxml2's handling of unusual encodings crashed under fuzzing.
    static let readerOptions = Int32(
        bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_COMPACT.rawValue | XML_PARSE_IGNORE_ENC.rawValue)
    /// Options for SAX push parsing (UTF-8 input, encoding declarations ignored, as for the reader).
    static let saxOptions = Int32(
        bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_IGNORE_ENC.rawValue)

    /// `body` over the payload as UTF-8: a UTF-8 byte-order mark is dropped, UTF-16 with a byte-order mark
    /// is transcoded; nil when UTF-16 text is invalid. Other encodings are not accepted (OData payloads are UTF-8).
    static func withUTF8<R>(_ bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            guard let text = String(data: Data(bytes), encoding: .utf16) else { return nil }
            var utf8 = Array(text.utf8)
            return try utf8.withUnsafeMutableBytes { try body(UnsafeRawBufferPointer($0)) }
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            return try body(UnsafeRawBufferPointer(rebasing: bytes[3...]))
        }
        return try body(bytes)
    }

    private static let configured: Bool = {
        xmlInitParser()
        xmlSetExternalEntityLoader { _, _, _ in nil }
        return true
    }()

    /// Initializes libxml2 and installs the deny-all entity loader (once per process).
    static func configure() {
        _ = configured
    }
}
