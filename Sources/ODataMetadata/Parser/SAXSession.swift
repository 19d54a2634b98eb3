internal import CLibXML2
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Runs the shared hardened libxml2 parser (`HardenedXMLParser`: UTF-8 input, no network, no entities,
/// no DTDs, any DOCTYPE refused, errors silenced) over a byte buffer and hands the events to a
/// `DocumentBuilder`.
enum SAXSession {
    /// Parses `bytes` and returns the builder's result or the first fatal error.
    static func parse(_ bytes: UnsafeRawBufferPointer, options: ParseOptions) throws(MetadataError) -> ServiceMetadata {
        let callbacks = HardenedXMLParser.Callbacks(
            startElement: onStartElement, endElement: onEndElement, characters: onCharacters, refuseDoctype: onDoctype,
            error: onError)
        let builder = UnsafeMutablePointer<DocumentBuilder>.allocate(capacity: 1)
        var attached = false
        defer {
            if attached { builder.deinitialize(count: 1) }
            builder.deallocate()
        }
        let result: Result<ServiceMetadata, MetadataError>
        do throws(HardenedXMLParser.Failure) {
            result = try HardenedXMLParser.parse(bytes, callbacks: callbacks, maximumDepth: options.maximumDepth) { context in
                builder.initialize(to: DocumentBuilder(context: context, options: options))
                attached = true
                return UnsafeMutableRawPointer(builder)
            } finish: { outcome in
                if builder.pointee.failure == nil, !outcome.wellFormed {
                    builder.pointee.fail(
                        .malformedXML, "the document is not well-formed XML (libxml2 error \(outcome.errorNumber))",
                        at: builder.pointee.location())
                }
                if builder.pointee.failure == nil, !outcome.consumedAll {
                    builder.pointee.fail(
                        .malformedXML, "the document is not well-formed XML: unexpected content at the end of the document",
                        at: builder.pointee.location())
                }
                return Result { () throws(MetadataError) in try builder.pointee.finish() }
            }
        } catch {
            switch error {
            case .empty:
                throw MetadataError(kind: .empty, message: "the document is empty")
            case .encoding(let message):
                throw MetadataError(kind: .malformedXML, message: "the document cannot be read as text: \(message)")
            case .noParser:
                throw MetadataError(kind: .malformedXML, message: "libxml2 could not create a parser")
            }
        }
        return try result.get()
    }
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
    HardenedXMLParser.withAmpersandsResolved(attributes, count: Int(attributeCount)) { attributes in
        builder(context)?.pointee.startElement(
            localName, prefix: prefix, uri: uri, attributes: XMLAttributes(base: attributes, count: Int(attributeCount)))
    }
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
    guard let error, let owner = HardenedXMLParser.owner(of: context, error: error) else { return }
    builder(owner)?.pointee.libxmlError(error.pointee)
}
