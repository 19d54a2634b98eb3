package import CLibXML2

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `HardenedXMLParser`'s set-up for a document that arrives in pieces: libxml2's push parser
/// (`xmlCreatePushParserCtxt`, `xmlParseChunk`) with the same options (no network, no entity expansion, no
/// DTD loading, libxml2's nesting and size limits, declared encodings ignored), the same deny-all entity loader,
/// the caller's `refuseDoctype` for both subsets, and libxml2's messages silenced before every piece (the
/// silencing is per thread, and each piece may be pushed from a different thread than the last).
///
/// The input must be UTF-8 (without a byte-order mark): the caller decides the encoding from the first bytes
/// (`XMLTextEncoding`) and reads any other document whole. A NUL byte, which would end the whole-body parser's
/// input, is reported (`nulOffset`) and not pushed. Used by one thread at a time.
///
/// libxml2 2.9's push parser does not apply the nesting limit its whole-document parser applies (256 levels
/// without `HUGE`): the reader fed by it must stop at `maximumDepth` itself (`AtomReader.depthLimit`).
package final class HardenedXMLPushParser {
    /// libxml2's parser, alive as long as this object.
    package let context: xmlParserCtxtPtr
    /// The user data `attach` returned.
    package let userData: UnsafeMutableRawPointer
    /// How many bytes were pushed so far.
    package private(set) var pushedBytes = 0
    /// Where the first NUL byte was met (nothing from there on is pushed); nil when there was none.
    package private(set) var nulOffset: Int?
    /// How deep elements may nest: the reader stops a document nested deeper (see above).
    package let maximumDepth: Int
    private var finished = false

    /// A push parser with `callbacks`. `attach` is called once with the new parser context and returns the user
    /// data the callbacks receive (it must stay valid as long as this object).
    package init(
        callbacks: HardenedXMLParser.Callbacks, maximumDepth: Int = HardenedXMLParser.libxmlDepthLimit,
        attach: (xmlParserCtxtPtr) -> UnsafeMutableRawPointer
    ) throws(HardenedXMLParser.Failure) {
        HardenedXMLParser.prepare()
        odata_xml_silence_errors()
        var handler = callbacks.saxHandler
        // libxml2 copies the handler into the context
        guard let context = xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil) else { throw .noParser }
        self.context = context
        self.maximumDepth = maximumDepth
        _ = xmlCtxtUseOptions(context, HardenedXMLParser.options(maximumDepth: maximumDepth))
        _ = xmlSwitchEncoding(context, XML_CHAR_ENCODING_UTF8)
        context.pointee.encoding = UnsafePointer(xmlStrdup("UTF-8"))
        userData = attach(context)
        context.pointee.userData = userData
    }

    deinit {
        xmlFreeParserCtxt(context)
    }

    /// Parses the next piece of the document as far as it goes (libxml2 keeps an incomplete construct, such as a
    /// start tag cut off, for the next piece). Nothing is pushed after a NUL byte or once `finish()` ran.
    package func push(_ piece: UnsafeRawBufferPointer) {
        guard !finished, nulOffset == nil, let base = piece.baseAddress, piece.count > 0 else { return }
        var count = piece.count
        if let nul = memchr(base, 0, count) {
            count = UnsafeRawPointer(nul) - base
            nulOffset = pushedBytes + count
        }
        odata_xml_silence_errors()
        var done = 0
        while done < count {
            let size = min(count - done, 1 << 28)
            _ = xmlParseChunk(context, (base + done).assumingMemoryBound(to: CChar.self), Int32(size), 0)
            done += size
        }
        pushedBytes += count
    }

    /// Ends the document: libxml2 reports what is left open (a document cut short is a premature end) through
    /// the error callback. Returns how the parse went; the context stays alive until this object goes.
    package func finish() -> HardenedXMLParser.Outcome {
        if !finished {
            finished = true
            odata_xml_silence_errors()
            _ = xmlParseChunk(context, nil, 0, 1)
        }
        return HardenedXMLParser.Outcome(
            wellFormed: context.pointee.wellFormed != 0 && context.pointee.errNo == 0, errorNumber: context.pointee.errNo,
            consumedAll: nulOffset == nil, byteCount: pushedBytes, userData: userData)
    }
}
