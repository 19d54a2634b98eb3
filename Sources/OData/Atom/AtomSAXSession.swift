internal import CLibXML2
import Foundation
import ODataMetadata

/// Feeds an `AtomReader` from a payload: through `AtomDirectScanner` for the usual shape of Atom documents,
/// else through the shared hardened libxml2 parser (`HardenedXMLParser` of `ODataMetadata`: UTF-8 input, no
/// network, no entities, no DTDs, any DOCTYPE refused, errors silenced), which also reads every document the
/// scanner gives up on, from the start.
enum AtomSAXSession {
    /// The SAX2 callbacks that feed an `AtomReader` (the parser's user data) from libxml2.
    static var libxmlCallbacks: HardenedXMLParser.Callbacks {
        HardenedXMLParser.Callbacks(
            startElement: atomStartElement, endElement: atomEndElement, characters: atomCharacters, refuseDoctype: atomDoctype,
            error: atomError)
    }

    /// Reads `bytes` with `AtomDirectScanner` when it can (`direct`), else (or when it gives up) with libxml2.
    static func parse(
        _ bytes: UnsafeRawBufferPointer, expectation: AtomReader.Expectation,
        typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?, tables: NameTableCache, direct: Bool = true
    ) throws -> AtomReader {
        if direct, let reader = parseDirectly(bytes, expectation: expectation, typeResolver: typeResolver, tables: tables) {
            return reader
        }
        let reader: AtomReader
        do throws(HardenedXMLParser.Failure) {
            reader = try HardenedXMLParser.parse(bytes, callbacks: libxmlCallbacks) { context in
                Unmanaged.passRetained(
                    AtomReader(
                        context: context, dictionary: context.pointee.dict, expectation: expectation, typeResolver: typeResolver,
                        tables: tables)
                ).toOpaque()
            } finish: { outcome in
                let reader = Unmanaged<AtomReader>.fromOpaque(outcome.userData).takeRetainedValue()
                if reader.failure == nil, !reader.isErrorDocument, !outcome.wellFormed {
                    reader.fail("malformed XML (libxml2 error \(outcome.errorNumber))")
                }
                // libxml2 takes a NUL byte for the end of its input: whatever follows must not be ignored.
                if reader.failure == nil, !reader.isErrorDocument, !outcome.consumedAll {
                    reader.fail("malformed XML: unexpected content at the end of the document")
                }
                if reader.failure == nil, !reader.isErrorDocument, !reader.sawRoot || !reader.frames.isEmpty {
                    reader.failure = ODataDecodingError(
                        format: .atom, offset: outcome.byteCount, line: 0, column: 0, message: "incomplete document")
                }
                return reader
            }
        } catch {
            switch error {
            case .empty:
                throw ODataDecodingError(format: .atom, offset: 0, line: 1, column: 1, message: "empty payload")
            case .encoding(let message):
                throw ODataDecodingError(format: .atom, offset: 0, line: 1, column: 1, message: message)
            case .noParser:
                throw ODataDecodingError(format: .atom, offset: 0, line: 1, column: 1, message: "libxml2 could not create a parser")
            }
        }
        if let failure = reader.failure { throw failure }
        if reader.isErrorDocument {
            let data = Data(bytes)
            throw ODataErrorBody.parsed(ODataErrorBody.parseXML(data), from: data)
        }
        return reader
    }

    /// The reader after `AtomDirectScanner` read the whole document without a problem; nil when the scanner
    /// gave up or the reader failed or met an error document (libxml2 then reads the document from the start).
    static func parseDirectly(
        _ bytes: UnsafeRawBufferPointer, expectation: AtomReader.Expectation,
        typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?, tables: NameTableCache
    ) -> AtomReader? {
        guard bytes.count > 0 else { return nil }
        HardenedXMLParser.prepare()
        let reader = try? XMLTextEncoding.withUTF8(bytes) { utf8 -> AtomReader? in
            guard let dictionary = xmlDictCreate() else { return nil }
            defer { xmlDictFree(dictionary) }
            let reader = AtomReader(
                context: nil, dictionary: dictionary, expectation: expectation, typeResolver: typeResolver, tables: tables)
            guard let scanner = AtomDirectScanner(utf8, dictionary: dictionary, reader: reader), scanner.run(),
                !reader.hasFailed, !reader.isErrorDocument, reader.sawRoot, reader.frames.isEmpty
            else { return nil }
            return reader
        }
        return reader ?? nil
    }
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
    HardenedXMLParser.withAmpersandsResolved(attributes, count: Int(attributeCount)) { attributes in
        withAtomReader(context) {
            $0.startElement(localName, uri: uri, attributes: AtomAttributes(base: attributes, count: Int(attributeCount)))
        }
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
    guard let error, let owner = HardenedXMLParser.owner(of: context, error: error) else { return }
    withAtomReader(owner) { $0.libxmlError(error.pointee) }
}
