internal import CLibXML2
import Foundation

/// Runs libxml2's SAX2 push parser over a byte buffer with the safe options and hands the
/// events to a `DocumentBuilder`.
///
/// Safety: `XML_PARSE_NONET`, no entity substitution, no DTD loading, no `HUGE`; any DOCTYPE is
/// refused in the `internalSubset` callback; the first libxml2 error stops the parser; a deny-all
/// external entity loader is installed once per process; libxml2's own error output is silenced.
enum SAXSession {
    /// The parse options: no network, no messages on stderr, nothing that loads or expands.
    static let libxmlOptions = Int32(
        bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOCDATA.rawValue)

    /// How many bytes are pushed into libxml2 at a time (stays far below its 10 MB lookup limit).
    static let chunkSize = 1 << 20

    /// Installs the process-wide libxml2 settings exactly once.
    static let prepareProcess: Void = {
        xmlInitParser()
        xmlSetExternalEntityLoader(denyExternalEntity)
    }()

    /// Parses `bytes` and returns the builder's result or the first fatal error.
    static func parse(_ bytes: UnsafeRawBufferPointer, options: ParseOptions) throws(MetadataError) -> ServiceMetadata {
        _ = prepareProcess
        odata_xml_silence_errors()

        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = onStartElement
        handler.endElementNs = onEndElement
        handler.characters = onCharacters
        handler.cdataBlock = onCharacters
        handler.internalSubset = onDoctype
        handler.externalSubset = onDoctype
        handler.serror = onError

        guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count > 0 else {
            throw MetadataError(kind: .empty, message: "the document is empty")
        }
        // No bytes at creation: libxml2 would detect the encoding right away and could report an
        // error before the builder is attached (the error callback would then get the parser context
        // as its user data). The encoding is detected from the first chunk instead.
        guard let context = xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil) else {
            throw MetadataError(kind: .malformedXML, message: "libxml2 could not create a parser")
        }
        defer { xmlFreeParserCtxt(context) }
        _ = xmlCtxtUseOptions(context, libxmlOptions)

        let builder = UnsafeMutablePointer<DocumentBuilder>.allocate(capacity: 1)
        builder.initialize(to: DocumentBuilder(context: context, options: options))
        defer {
            builder.deinitialize(count: 1)
            builder.deallocate()
        }
        context.pointee.userData = UnsafeMutableRawPointer(builder)

        var offset = 0
        while true {
            let length = min(chunkSize, bytes.count - offset)
            let last = offset + length >= bytes.count
            _ = xmlParseChunk(context, base + offset, Int32(length), last ? 1 : 0)
            offset += length
            if last || builder.pointee.failure != nil || context.pointee.disableSAX != 0 { break }
        }
        return try builder.pointee.finish()
    }
}

/// The deny-all external entity loader: nothing outside the document is ever read.
private func denyExternalEntity(
    _ url: UnsafePointer<CChar>?, _ id: UnsafePointer<CChar>?, _ context: xmlParserCtxtPtr?
) -> xmlParserInputPtr? {
    nil
}

private func builder(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<DocumentBuilder>? {
    context?.assumingMemoryBound(to: DocumentBuilder.self)
}

private func onStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaultedCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    guard let localName else { return }
    builder(context)?.pointee.startElement(
        localName, prefix: prefix, uri: uri, attributes: XMLAttributes(base: attributes, count: Int(attributeCount)))
}

private func onEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    builder(context)?.pointee.endElement()
}

private func onCharacters(_ context: UnsafeMutableRawPointer?, _ text: UnsafePointer<xmlChar>?, _ length: Int32) {
    guard let text, length > 0 else { return }
    builder(context)?.pointee.characters(UnsafeBufferPointer(start: text, count: Int(length)))
}

private func onDoctype(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ externalID: UnsafePointer<xmlChar>?,
    _ systemID: UnsafePointer<xmlChar>?
) {
    builder(context)?.pointee.refuseDoctype()
}

private func onError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    // Until the builder is attached, libxml2 passes the parser context itself as user data.
    guard let error, let context, context != error.pointee.ctxt else { return }
    builder(context)?.pointee.libxmlError(error.pointee)
}
