package import CLibXML2

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one libxml2 set-up every XML reader of the package uses: the `$metadata` parser here, and the
/// Atom reader and the XML error-document reader of `OData`.
///
/// Hardening, in one place:
/// - the input is always handed to libxml2 as UTF-8 (`XMLTextEncoding` transcodes UTF-16, ISO-8859-1 and
///   Windows-1252, and refuses any other declared encoding by name) and libxml2's own encoding handling is
///   off (`XML_PARSE_IGNORE_ENC`: its detection of unusual encodings crashed under fuzzing);
/// - `XML_PARSE_NONET`, and a process-wide external-entity loader that refuses everything: nothing outside
///   the document is ever read or fetched;
/// - no entity substitution (`NOENT`), no DTD loading or validation (`DTDLOAD`, `DTDVALID`), no `HUGE`
///   (libxml2's default limits on text size, name length and nesting — 256 levels — apply), unless a reader
///   that bounds nesting and input size itself asks for deeper nesting (`maximumDepth` above 256: the
///   `$metadata` parser's `ParseOptions.maximumDepth`), which sets `HUGE` for that parse;
/// - any DOCTYPE stops the parse: the caller's `refuseDoctype` callback is installed for both the internal
///   and the external subset;
/// - libxml2 prints nothing (`NOERROR`, `NOWARNING`, and the thread's generic and structured error
///   channels silenced); errors reach only the caller's `error` callback;
/// - a NUL byte ends libxml2's input: anything left unread is reported (`Outcome.consumedAll`).
///
/// `HardenedXMLPushParser` is the same set-up for a document that arrives in pieces (a streamed Atom page).
package enum HardenedXMLParser {
    /// The parser options: no network, no messages, nothing that loads or expands, declared encodings ignored.
    package static let options = Int32(
        bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_IGNORE_ENC.rawValue)
    /// How deep libxml2 lets elements nest without `HUGE`.
    package static let libxmlDepthLimit = 256

    /// `options`, with `HUGE` for a reader that allows deeper nesting than `libxmlDepthLimit` (it bounds nesting itself).
    package static func options(maximumDepth: Int) -> Int32 {
        maximumDepth > libxmlDepthLimit ? options | Int32(bitPattern: XML_PARSE_HUGE.rawValue) : options
    }

    /// The SAX2 callbacks a reader provides. Each receives the user data `parse` attached.
    package struct Callbacks {
        /// An element starts.
        package var startElement: startElementNsSAX2Func
        /// An element ends.
        package var endElement: endElementNsSAX2Func
        /// Text or CDATA content.
        package var characters: charactersSAXFunc
        /// A DOCTYPE was seen: the reader records a failure and stops the parser.
        package var refuseDoctype: internalSubsetSAXFunc
        /// A libxml2 error (see `owner(of:error:)`).
        package var error: xmlStructuredErrorFunc

        /// Callbacks for a reader.
        package init(
            startElement: startElementNsSAX2Func, endElement: endElementNsSAX2Func, characters: charactersSAXFunc,
            refuseDoctype: internalSubsetSAXFunc, error: xmlStructuredErrorFunc
        ) {
            self.startElement = startElement
            self.endElement = endElement
            self.characters = characters
            self.refuseDoctype = refuseDoctype
            self.error = error
        }

        /// libxml2's SAX2 handler with these callbacks (libxml2 copies it into the parser context it makes).
        package var saxHandler: xmlSAXHandler {
            var handler = xmlSAXHandler()
            handler.initialized = UInt32(XML_SAX2_MAGIC)
            handler.startElementNs = startElement
            handler.endElementNs = endElement
            handler.characters = characters
            handler.cdataBlock = characters
            handler.internalSubset = refuseDoctype
            handler.externalSubset = refuseDoctype
            handler.serror = error
            return handler
        }
    }

    /// Why no parse could be run.
    package enum Failure: Error, Equatable {
        /// No bytes at all.
        case empty
        /// The bytes could not be turned into UTF-8 (the message says why).
        case encoding(String)
        /// libxml2 could not create a parser.
        case noParser
    }

    /// How libxml2's run ended (the reader's own failure, if any, takes precedence over all of this).
    package struct Outcome {
        /// Whether libxml2 found the document well-formed and returned success.
        package var wellFormed: Bool
        /// libxml2's last error number.
        package var errorNumber: Int32
        /// Whether every input byte was read (false when a NUL byte ended the input early).
        package var consumedAll: Bool
        /// How many input bytes (after transcoding to UTF-8) there were.
        package var byteCount: Int
        /// The user data `attach` returned.
        package var userData: UnsafeMutableRawPointer
        /// Why reading a file stopped early (`parse(file:head:limit:…)` only); it takes precedence over the rest.
        package var readFailure: ReadFailure?
    }

    /// Why a file being parsed could not be read to its end.
    package enum ReadFailure: Equatable {
        /// The file grew past the size limit while it was read.
        case tooLarge
        /// `read` failed (the system's message).
        case unreadable(String)
    }

    /// Installs the process-wide settings exactly once: libxml2 initialised, the deny-all entity loader.
    private static let prepareProcess: Void = {
        xmlInitParser()
        xmlSetExternalEntityLoader(denyExternalEntity)
    }()

    /// Makes sure `prepareProcess` ran: for readers that use libxml2's dictionary or URI parser without
    /// parsing a document through `parse` first.
    package static func prepare() {
        _ = prepareProcess
    }

    /// Parses `bytes` with `callbacks`. `attach` is called once with the new parser context and returns the
    /// user data the callbacks receive (it must stay valid until `parse` returns); `finish` is called with
    /// the outcome while the context (and its name dictionary) is still alive, and its result is returned.
    /// A `maximumDepth` above `libxmlDepthLimit` is for readers that bound nesting themselves (see above).
    package static func parse<Result>(
        _ bytes: UnsafeRawBufferPointer, callbacks: Callbacks, maximumDepth: Int = libxmlDepthLimit,
        attach: (xmlParserCtxtPtr) -> UnsafeMutableRawPointer, finish: (Outcome) -> Result
    ) throws(Failure) -> Result {
        guard bytes.count > 0 else { throw .empty }
        let result: Swift.Result<Result, Failure>
        do {
            result = try XMLTextEncoding.withUTF8(bytes) { utf8 in
                parseUTF8(utf8, callbacks: callbacks, maximumDepth: maximumDepth, attach: attach, finish: finish)
            }
        } catch let problem as XMLTextEncoding.Problem {
            throw .encoding(problem.message)
        } catch {
            throw .encoding("\(error)")
        }
        return try result.get()
    }

    /// Sets the callback libxml2 hands text and CDATA content to in `context`, for the rest of its parse or until set
    /// again; nil makes libxml2 skip the call. A reader that ignores most character data (the whitespace between
    /// elements) passes its callback only while it collects text. `context.sax` is the context's own copy of the
    /// handler, made when the context was created, so no other parse sees the change.
    package static func setCharacters(_ callback: charactersSAXFunc?, in context: xmlParserCtxtPtr) {
        guard let handler = context.pointee.sax else { return }
        handler.pointee.characters = callback
        handler.pointee.cdataBlock = callback
    }

    /// The reader behind a libxml2 error callback's user data; nil while no reader is attached (libxml2 then
    /// passes the parser context itself).
    package static func owner(of context: UnsafeMutableRawPointer?, error: xmlErrorPtr?) -> UnsafeMutableRawPointer? {
        guard let context, let error, context != error.pointee.ctxt else { return nil }
        return context
    }

    /// Parses the UTF-8 document in the open file `descriptor` as `parse(_:callbacks:…)` does, reading it while
    /// libxml2 parses (the file is never held whole in memory): `head` is its first bytes, already read (their
    /// encoding checked by the caller), the rest is read from the descriptor's position a few kilobytes at a time.
    /// A file that grows past `limit` bytes or fails to read ends the parse with `Outcome.readFailure`; one that
    /// shrinks or changes meanwhile is parsed as read (bytes are copied, never mapped, so nothing can fault).
    package static func parse<Result>(
        file descriptor: Int32, head: UnsafeRawBufferPointer, limit: Int, callbacks: Callbacks,
        maximumDepth: Int = libxmlDepthLimit, attach: (xmlParserCtxtPtr) -> UnsafeMutableRawPointer,
        finish: (Outcome) -> Result
    ) throws(Failure) -> Result {
        guard head.count > 0 else { throw .empty }
        let text = head.starts(with: [0xEF, 0xBB, 0xBF]) ? UnsafeRawBufferPointer(rebasing: head[3...]) : head
        let source = PendingInput(next: text.baseAddress, remaining: text.count, descriptor: descriptor, limit: limit)
        return try parseInput(source, callbacks: callbacks, maximumDepth: maximumDepth, attach: attach, finish: finish).get()
    }

    private static func parseUTF8<Result>(
        _ bytes: UnsafeRawBufferPointer, callbacks: Callbacks, maximumDepth: Int,
        attach: (xmlParserCtxtPtr) -> UnsafeMutableRawPointer, finish: (Outcome) -> Result
    ) -> Swift.Result<Result, Failure> {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .failure(.encoding("no characters")) }
        let source = PendingInput(next: base, remaining: bytes.count)
        return parseInput(source, callbacks: callbacks, maximumDepth: maximumDepth, attach: attach, finish: finish)
    }

    private static func parseInput<Result>(
        _ source: PendingInput, callbacks: Callbacks, maximumDepth: Int,
        attach: (xmlParserCtxtPtr) -> UnsafeMutableRawPointer, finish: (Outcome) -> Result
    ) -> Swift.Result<Result, Failure> {
        _ = prepareProcess
        odata_xml_silence_errors()
        var handler = callbacks.saxHandler

        // libxml2 pulls the payload through `readInput` a few kilobytes at a time and never copies it
        // whole. The input is UTF-8: naming it both here and in `encoding` keeps libxml2 from guessing.
        let input = UnsafeMutablePointer<PendingInput>.allocate(capacity: 1)
        input.initialize(to: source)
        defer {
            input.pointee.releaseBuffer()
            input.deallocate()
        }
        guard let context = xmlCreateIOParserCtxt(&handler, nil, readInput, nil, input, XML_CHAR_ENCODING_UTF8) else {
            return .failure(.noParser)
        }
        defer { xmlFreeParserCtxt(context) }
        context.pointee.encoding = UnsafePointer(xmlStrdup("UTF-8"))
        _ = xmlCtxtUseOptions(context, options(maximumDepth: maximumDepth))
        let userData = attach(context)
        context.pointee.userData = userData
        let status = xmlParseDocument(context)
        let delivered = input.pointee.delivered
        let outcome = Outcome(
            wellFormed: status == 0 && context.pointee.wellFormed != 0, errorNumber: context.pointee.errNo,
            consumedAll: Int(xmlByteConsumed(context)) == delivered && input.pointee.atEnd(),
            byteCount: delivered + input.pointee.remaining,
            userData: userData, readFailure: input.pointee.failure)
        return .success(finish(outcome))
    }
}

/// libxml2's read callback: copies up to `length` more input bytes into `buffer`.
private func readInput(_ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ length: Int32) -> Int32 {
    guard let context, let buffer, length > 0 else { return length == 0 ? 0 : -1 }
    let input = context.assumingMemoryBound(to: PendingInput.self)
    return Int32(input.pointee.read(into: UnsafeMutableRawPointer(buffer), length: Int(length)))
}

/// The deny-all external entity loader: nothing outside the document is ever read.
private func denyExternalEntity(
    _ url: UnsafePointer<CChar>?, _ id: UnsafePointer<CChar>?, _ context: xmlParserCtxtPtr?
) -> xmlParserInputPtr? {
    nil
}
