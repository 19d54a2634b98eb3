import Foundation
internal import CLibXML2

/// Runs libxml2's SAX2 push parser over a payload with the safe options and feeds an `AtomReader`.
///
/// Safety: `XML_PARSE_NONET`, no entity substitution, no DTD loading, no `HUGE`; any DOCTYPE is
/// refused; the first error stops the parser; the process-wide deny-all entity loader is installed.
enum AtomSAXSession {
    /// Bytes pushed into libxml2 at a time (it copies each chunk, so small chunks keep memory flat).
    static let chunkSize = 256 * 1024

    static func parse(
        _ bytes: UnsafeRawBufferPointer, expectation: AtomReader.Expectation,
        typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?, tables: NameTableCache
    ) throws -> AtomReader {
        let reader = try LibXML.withUTF8(bytes) { utf8 in
            try parseUTF8(utf8, original: bytes, expectation: expectation, typeResolver: typeResolver, tables: tables)
        }
        guard let reader else {
            throw ODataDecodingError(format: .atom, offset: 0, line: 1, column: 1, message: "invalid UTF-16 text")
        }
        return reader
    }

    private static func parseUTF8(
        _ bytes: UnsafeRawBufferPointer, original: UnsafeRawBufferPointer, expectation: AtomReader.Expectation,
        typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?, tables: NameTableCache
    ) throws -> AtomReader {
        LibXML.configure()
        odata_xml_silence_errors()
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = atomStartElement
        handler.endElementNs = atomEndElement
        handler.characters = atomCharacters
        handler.cdataBlock = atomCharacters
        handler.internalSubset = atomDoctype
        handler.externalSubset = atomDoctype
        handler.serror = atomError

        guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count > 0 else {
            throw ODataDecodingError(format: .atom, offset: 0, line: 1, column: 1, message: "empty payload")
        }
        // No initial bytes: the encoding is set to UTF-8 here rather than guessed from the first bytes.
        guard let context = xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil) else {
            throw ODataDecodingError(format: .atom, offset: 0, line: 1, column: 1, message: "libxml2 could not create a parser")
        }
        defer { xmlFreeParserCtxt(context) }
        _ = xmlSwitchEncoding(context, XML_CHAR_ENCODING_UTF8)
        _ = xmlCtxtUseOptions(context, LibXML.saxOptions)
        let reader = AtomReader(context: context, expectation: expectation, typeResolver: typeResolver, tables: tables)
        context.pointee.userData = Unmanaged.passUnretained(reader).toOpaque()
        var offset = 0
        while true {
            let length = min(chunkSize, bytes.count - offset)
            let last = offset + length >= bytes.count
            let status = xmlParseChunk(context, base + offset, Int32(length), last ? 1 : 0)
            offset += length
            if reader.failure != nil || reader.isErrorDocument || context.pointee.disableSAX != 0 { break }
            if status != 0 {
                reader.fail("malformed XML (libxml2 error \(status))")
                break
            }
            if last { break }
        }
        withExtendedLifetime(reader) {}
        if let failure = reader.failure { throw failure }
        if reader.isErrorDocument { throw ODataErrorBody.parse(Data(original), contentType: "application/xml") }
        guard reader.sawRoot, reader.frames.isEmpty else {
            throw ODataDecodingError(format: .atom, offset: bytes.count, line: 0, column: 0, message: "incomplete document")
        }
        return reader
    }
}

private func atomReader(_ context: UnsafeMutableRawPointer?) -> AtomReader? {
    guard let context else { return nil }
    return Unmanaged<AtomReader>.fromOpaque(context).takeUnretainedValue()
}

private func atomStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaultedCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    guard let localName else { return }
    atomReader(context)?.startElement(
        localName, uri: uri, attributes: AtomAttributes(base: attributes, count: Int(attributeCount)))
}

private func atomEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    atomReader(context)?.endElement()
}

private func atomCharacters(_ context: UnsafeMutableRawPointer?, _ text: UnsafePointer<xmlChar>?, _ length: Int32) {
    guard let text, length > 0 else { return }
    atomReader(context)?.characters(text, count: Int(length))
}

private func atomDoctype(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ externalID: UnsafePointer<xmlChar>?,
    _ systemID: UnsafePointer<xmlChar>?
) {
    atomReader(context)?.fail("DOCTYPE declarations are not accepted")
}

private func atomError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let error else { return }
    atomReader(context)?.libxmlError(error.pointee)
}
