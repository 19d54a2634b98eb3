internal import CLibXML2
import Foundation

/// Process-wide libxml2 set-up and the safe parser options every XML reader here uses.
///
/// No network (`NONET`), no entity substitution, no DTD loading, no `HUGE`; an external-entity
/// loader that refuses everything; errors are not printed (callers record the first one).
enum LibXML {
    /// Options for `xmlTextReader` parsing. Input is always given as UTF-8 (`XMLTextEncoding` transcodes
    /// it first) and encoding declarations are ignored (`IGNORE_ENC`): libxml2's handling of unusual
    /// encodings crashed under fuzzing.
    static let readerOptions = Int32(
        bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_COMPACT.rawValue | XML_PARSE_IGNORE_ENC.rawValue)
    /// Options for SAX push parsing (UTF-8 input, encoding declarations ignored, as for the reader).
    static let saxOptions = Int32(
        bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_IGNORE_ENC.rawValue)

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
