internal import CLibXML2

/// Process-wide libxml2 set-up and the safe parser options every XML reader here uses.
///
/// No network (`NONET`), no entity substitution, no DTD loading, no `HUGE`; an external-entity
/// loader that refuses everything; errors are not printed (callers record the first one).
enum LibXML {
    /// Options for `xmlTextReader` parsing.
    static let readerOptions = Int32(
        bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_COMPACT.rawValue)
    /// Options for SAX push parsing.
    static let saxOptions = Int32(
        bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)

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
