internal import CLibXML2
import Foundation

/// Runs libxml2's SAX2 parser over a payload (read through a callback, a few kilobytes at a time) with the
/// safe options and feeds an `AtomReader`.
///
/// Safety: `XML_PARSE_NONET`, no entity substitution, no DTD loading, no `HUGE`; any DOCTYPE is
/// refused; the first error stops the parser; the process-wide deny-all entity loader is installed.
enum AtomSAXSession {
    static func parse(
        _ bytes: UnsafeRawBufferPointer, expectation: AtomReader.Expectation,
        typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?, tables: NameTableCache
    ) throws -> AtomReader {
        do {
            return try XMLTextEncoding.withUTF8(bytes) { utf8 in
                try parseUTF8(utf8, original: bytes, expectation: expectation, typeResolver: typeResolver, tables: tables)
            }
        } catch let problem as XMLTextEncoding.Problem {
            throw ODataDecodingError(format: .atom, offset: 0, line: 1, column: 1, message: problem.message)
        }
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

        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw ODataDecodingError(format: .atom, offset: 0, line: 1, column: 1, message: "empty payload")
        }
        // libxml2 pulls the payload through `atomRead` in small pieces (it keeps only a few kilobytes
        // buffered, and never copies the whole payload). The input is UTF-8 (LibXML.withUTF8): naming
        // the encoding both here and in `encoding` keeps libxml2 from guessing it from the first bytes.
        let input = UnsafeMutablePointer<AtomInput>.allocate(capacity: 1)
        input.initialize(to: AtomInput(next: base, remaining: bytes.count))
        defer { input.deallocate() }
        guard let context = xmlCreateIOParserCtxt(&handler, nil, atomRead, nil, input, XML_CHAR_ENCODING_UTF8) else {
            throw ODataDecodingError(format: .atom, offset: 0, line: 1, column: 1, message: "libxml2 could not create a parser")
        }
        defer { xmlFreeParserCtxt(context) }
        context.pointee.encoding = UnsafePointer(xmlStrdup("UTF-8"))
        _ = xmlCtxtUseOptions(context, LibXML.saxOptions)
        let reader = AtomReader(context: context, expectation: expectation, typeResolver: typeResolver, tables: tables)
        context.pointee.userData = Unmanaged.passUnretained(reader).toOpaque()
        let status = xmlParseDocument(context)
        if reader.failure == nil, !reader.isErrorDocument, status != 0 || context.pointee.wellFormed == 0 {
            reader.fail("malformed XML (libxml2 error \(context.pointee.errNo))")
        }
        // The pull parser takes a NUL byte for the end of its input: whatever follows must not be ignored.
        if reader.failure == nil, !reader.isErrorDocument, Int(xmlByteConsumed(context)) != bytes.count {
            reader.fail("malformed XML: unexpected content at the end of the document")
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

/// The part of the payload libxml2 has not read yet.
private struct AtomInput {
    var next: UnsafeRawPointer
    var remaining: Int
}

/// libxml2's read callback: copies up to `length` more payload bytes into `buffer`.
private func atomRead(_ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ length: Int32) -> Int32 {
    guard let context, let buffer, length > 0 else { return length == 0 ? 0 : -1 }
    let input = context.assumingMemoryBound(to: AtomInput.self)
    let count = min(Int(length), input.pointee.remaining)
    if count > 0 {
        UnsafeMutableRawPointer(buffer).copyMemory(from: input.pointee.next, byteCount: count)
        input.pointee.next += count
        input.pointee.remaining -= count
    }
    return Int32(count)
}

/// Runs `body` on the reader behind libxml2's user data, without retaining it (the session keeps it alive).
@inline(__always)
private func withAtomReader(_ context: UnsafeMutableRawPointer?, _ body: (AtomReader) -> Void) {
    guard let context else { return }
    Unmanaged<AtomReader>.fromOpaque(context)._withUnsafeGuaranteedRef(body)
}

private func atomStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaultedCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    guard let localName else { return }
    withAtomReader(context) {
        $0.startElement(localName, uri: uri, attributes: AtomAttributes(base: attributes, count: Int(attributeCount)))
    }
}

private func atomEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    withAtomReader(context) { $0.endElement() }
}

private func atomCharacters(_ context: UnsafeMutableRawPointer?, _ text: UnsafePointer<xmlChar>?, _ length: Int32) {
    guard let text, length > 0 else { return }
    withAtomReader(context) { $0.characters(text, count: Int(length)) }
}

private func atomDoctype(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ externalID: UnsafePointer<xmlChar>?,
    _ systemID: UnsafePointer<xmlChar>?
) {
    withAtomReader(context) { $0.fail("DOCTYPE declarations are not accepted") }
}

private func atomError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let error else { return }
    withAtomReader(context) { $0.libxmlError(error.pointee) }
}
