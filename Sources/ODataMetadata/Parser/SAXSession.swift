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
        try run(options: options, path: nil) { callbacks, attach, finish throws(HardenedXMLParser.Failure) in
            try HardenedXMLParser.parse(
                bytes, callbacks: callbacks, maximumDepth: options.maximumDepth, attach: attach, finish: finish)
        }
    }

    /// Parses the UTF-8 document in the open file `descriptor` while reading it (see `MetadataFile`): `head` is
    /// its first bytes, already read.
    static func parse(
        file descriptor: Int32, head: UnsafeRawBufferPointer, path: String, options: ParseOptions
    ) throws(MetadataError) -> ServiceMetadata {
        try run(options: options, path: path) { callbacks, attach, finish throws(HardenedXMLParser.Failure) in
            try HardenedXMLParser.parse(
                file: descriptor, head: head, limit: options.maximumInputSize, callbacks: callbacks,
                maximumDepth: options.maximumDepth, attach: attach, finish: finish)
        }
    }

    /// One parse through `parser` with a `DocumentBuilder` attached; `path` names a file read while parsed.
    private static func run(
        options: ParseOptions, path: String?,
        _ parser: (
            HardenedXMLParser.Callbacks, (xmlParserCtxtPtr) -> UnsafeMutableRawPointer,
            (HardenedXMLParser.Outcome) -> Result<ServiceMetadata, MetadataError>
        ) throws(HardenedXMLParser.Failure) -> Result<ServiceMetadata, MetadataError>
    ) throws(MetadataError) -> ServiceMetadata {
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
            let attach = { (context: xmlParserCtxtPtr) -> UnsafeMutableRawPointer in
                builder.initialize(to: DocumentBuilder(context: context, options: options))
                attached = true
                return UnsafeMutableRawPointer(builder)
            }
            result = try parser(callbacks, attach) { outcome in
                switch outcome.readFailure {
                case .tooLarge?:
                    return .failure(
                        MetadataError(
                            kind: .tooLarge,
                            message: "\(path ?? "the document"): grew past the limit of \(options.maximumInputSize) bytes while it was read"
                        ))
                case .unreadable(let reason)?:
                    return .failure(MetadataError(kind: .io, message: "\(path ?? "the document"): cannot be read (\(reason))"))
                case nil:
                    break
                }
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
    guard let localName, let builder = builder(context) else { return }
    HardenedXMLParser.withAmpersandsResolved(attributes, count: Int(attributeCount), readingFrom: builder.pointee.context) {
        attributes in
        builder.pointee.startElement(
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
