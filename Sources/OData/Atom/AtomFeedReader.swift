internal import CLibXML2
import Foundation
import ODataMetadata

/// Reads an Atom feed that arrives in pieces, handing over each `<entry>` as an entity as soon as its end tag
/// is parsed.
///
/// The pieces go to libxml2's push parser (`HardenedXMLPushParser`: the hardening of the whole-body parser)
/// feeding the same `AtomReader` as a whole body, so entries, paging facts and errors are the ones
/// `ODataAtomDecoder` gives; after each piece the root feed's completed entities and deleted entries
/// (`at:deleted-entry`) are taken out of the reader, and its paging facts (`m:count`, next and delta links) are
/// kept for the end. The body is copied only while it may be something else than a UTF-8 feed: its first
/// bytes until the encoding is known, and everything until the root element is known to be a `<feed>`. A body
/// in another encoding (UTF-16, ISO-8859-1, Windows-1252), an error document or a single entry is kept
/// whole and left to the whole decoder (`FeedEnd.whole`).
struct AtomFeedReader: IncrementalFeedReader {
    private enum Phase {
        /// The first bytes, until the encoding is known (they are in `held`).
        case start
        /// Pushed to the parser.
        case parsing(AtomPushSession)
        /// Kept whole in `held`.
        case whole
    }

    private let entityType: EntityTypeDescriptor
    private let typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?
    private var phase = Phase.start
    /// The body's bytes kept (see above), and whether the bytes that arrive are still added.
    private var held: [UInt8] = []
    private var holding = true
    /// The length of a UTF-8 byte-order mark at the body's start (not pushed to libxml2).
    private var markLength = 0
    /// The body's bytes received so far.
    private(set) var received = 0

    /// The bytes kept between pieces (see above).
    var heldBytes: Int { held.count }

    /// A reader of a feed of `entityType` (or the derived types `typeResolver` resolves).
    init(entityType: EntityTypeDescriptor, typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?) {
        self.entityType = entityType
        self.typeResolver = typeResolver
    }

    mutating func read(_ piece: UnsafeRawBufferPointer, into list: inout EntityList) throws {
        received += piece.count
        if holding { held.append(contentsOf: piece) }
        switch phase {
        case .whole:
            return
        case .start:
            guard held.withUnsafeBytes(Self.encodingIsKnown) else { return }
            guard held.withUnsafeBytes({ XMLTextEncoding(of: $0) }) == .utf8 else {
                phase = .whole
                return
            }
            let session = try AtomPushSession(entityType: entityType, typeResolver: typeResolver)
            phase = .parsing(session)
            markLength = held.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            try held.withUnsafeBytes { try push(UnsafeRawBufferPointer(rebasing: $0[markLength...]), to: session, into: &list) }
        case .parsing(let session):
            try push(piece, to: session, into: &list)
        }
    }

    private mutating func push(_ bytes: UnsafeRawBufferPointer, to session: AtomPushSession, into list: inout EntityList) throws {
        session.parser.push(bytes)
        let reader = session.reader
        if reader.isErrorDocument || (reader.sawRoot && !reader.rootIsFeed && !reader.hasFailed) {
            phase = .whole  // every byte so far is held: the root element was not known to be a feed
            return
        }
        if let failure = reader.failure { throw placed(failure) }
        if let nul = session.parser.nulOffset {
            throw ODataDecodingError(
                format: .atom, offset: nul + markLength, line: 0, column: 0, message: "malformed XML: a NUL byte, which XML does not allow")
        }
        reader.drainRootFeed(into: &list)
        if reader.rootIsFeed, holding {
            holding = false
            held = []
        }
    }

    mutating func finishFeed() throws -> FeedEnd {
        guard case .parsing(let session) = phase else { return .whole(Data(held)) }
        let outcome = session.parser.finish()
        let reader = session.reader
        if reader.isErrorDocument || !reader.rootIsFeed {
            return .whole(Data(held))  // held whole: the whole decoder reports what it is
        }
        if let failure = reader.failure, !failure.message.hasPrefix("malformed XML") { throw placed(failure) }
        if !reader.frames.isEmpty {
            // libxml2 calls a document cut short "extra content at the end"
            throw ODataDecodingError(
                format: .atom, offset: received, line: 0, column: 0,
                message: "premature end of the document: the body ended after \(received) bytes, inside the feed")
        }
        if let failure = reader.failure { throw placed(failure) }
        if !outcome.wellFormed {
            reader.fail("malformed XML (libxml2 error \(outcome.errorNumber))")
            if let failure = reader.failure { throw placed(failure) }
        }
        var page = EntityList(entities: [])
        reader.drainRootFeed(into: &page)
        if let facts = reader.rootList {
            page.inlineCount = facts.inlineCount
            page.nextLink = facts.nextLink
            page.deltaLink = facts.deltaLink
        }
        return .page(page)
    }

    /// `error` with its byte offset counted from the body's start (a byte-order mark is not pushed).
    private func placed(_ error: ODataDecodingError) -> ODataDecodingError {
        guard markLength > 0 else { return error }
        var placed = ODataDecodingError(
            format: .atom, offset: error.offset + markLength, line: error.line, column: error.column, message: error.message)
        placed.entityIndex = error.entityIndex
        placed.entityKey = error.entityKey
        placed.property = error.property
        return placed
    }

    /// Whether `bytes`, the start of a body, tell its encoding (`XMLTextEncoding`): a byte-order mark, a whole
    /// XML declaration, anything else than the start of one, or 256 bytes.
    private static func encodingIsKnown(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.count >= 256 { return true }
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if bytes.count < 3, mark.starts(with: bytes) { return false }
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) { return true }
        if bytes.count < 2 { return false }
        let start = bytes.starts(with: mark) ? 3 : 0
        let declaration = Array("<?xml".utf8)
        let rest = bytes[start...]
        guard rest.count >= declaration.count else { return !declaration.starts(with: rest) }
        guard rest.starts(with: declaration) else { return true }
        return bytes.indices.dropLast().contains { bytes[$0] == UInt8(ascii: "?") && bytes[$0 + 1] == UInt8(ascii: ">") }
    }
}

/// The push parser and the `AtomReader` it feeds (the parser's user data, unretained: this object keeps it).
final class AtomPushSession {
    let reader: AtomReader
    let parser: HardenedXMLPushParser

    init(entityType: EntityTypeDescriptor, typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?) throws {
        let tables = NameTableCache()
        let table = tables.table(for: entityType)
        var made: AtomReader?
        do throws(HardenedXMLParser.Failure) {
            parser = try HardenedXMLPushParser(callbacks: AtomSAXSession.libxmlCallbacks) { context in
                let reader = AtomReader(
                    context: context, dictionary: context.pointee.dict, expectation: .entities(table), typeResolver: typeResolver,
                    tables: tables)
                made = reader
                return Unmanaged.passUnretained(reader).toOpaque()
            }
        } catch {
            throw ODataDecodingError(format: .atom, offset: 0, line: 1, column: 1, message: "libxml2 could not create a parser")
        }
        guard let made else {
            throw ODataDecodingError(format: .atom, offset: 0, line: 1, column: 1, message: "libxml2 could not create a parser")
        }
        made.depthLimit = parser.maximumDepth
        reader = made
    }
}
