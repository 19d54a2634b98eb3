internal import CLibXML2
import Foundation

/// The Atom state machine fed by libxml2's SAX2 callbacks (or `AtomDirectScanner`'s equivalent calls):
/// feeds, entries, navigation links with `m:inline`, `m:properties` with complex values and collections,
/// `$links` and single values.
final class AtomReader {
    /// What the document is expected to hold.
    enum Expectation {
        case entities(NameTable)
        case value(PropertyType)
        case links
    }

    /// libxml2's parser; nil when `AtomDirectScanner` reads the document.
    let context: xmlParserCtxtPtr?
    let names: AtomNames
    let expectation: Expectation
    let typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?
    let tables: NameTableCache
    /// The open elements, innermost last.
    @exclusivity(unchecked) var frames = AtomStack<AtomFrame>()
    /// The open feeds, entries, inline links and structured values, innermost last (see `AtomFrame`).
    @exclusivity(unchecked) var feeds = AtomStack<AtomFeedState>()
    @exclusivity(unchecked) var entries = AtomStack<AtomEntryState>()
    @exclusivity(unchecked) var links = AtomStack<AtomLinkState>()
    @exclusivity(unchecked) var structures = AtomStack<AtomStructuredState>()
    let text = ByteScratch()
    @exclusivity(unchecked) var capturing = false
    @exclusivity(unchecked) var base: AtomBaseURI?
    let linkScratch = ByteScratch()
    /// Property caches by table, for this parse's dictionary (kept alive as long as the reader).
    @exclusivity(unchecked) private var propertyCaches: [ObjectIdentifier: AtomPropertyCache] = [:]
    @exclusivity(unchecked) private var lastPropertyCache: (table: ObjectIdentifier, slots: AtomPropertyCache.Slots)?
    /// Whether captured text is XHTML markup, escaped as it is collected (see `startMapped`).
    @exclusivity(unchecked) var escapesText = false
    /// The open elements inside mapped XHTML markup: local name and namespace URI.
    @exclusivity(unchecked) var markupElements: [(name: String, namespace: String)] = []
    @exclusivity(unchecked) private var namespaceCache: [(pointer: UnsafePointer<xmlChar>, kind: AtomNamespace)] = []

    /// The first fatal problem.
    @exclusivity(unchecked) var failure: ODataDecodingError? {
        didSet { hasFailed = failure != nil }
    }
    /// Whether `failure` is set. The callbacks test this flag on every element: testing `failure` itself
    /// copies the error value (and destroys the copy) through the runtime each time.
    @exclusivity(unchecked) private(set) var hasFailed = false
    /// Whether the root element was an OData error (`m:error`).
    @exclusivity(unchecked) var isErrorDocument = false
    @exclusivity(unchecked) var sawRoot = false
    /// How deep elements may nest: libxml2's whole-body parser stops deeper documents itself, its push parser
    /// does not (see `HardenedXMLPushParser`), so a reader fed by the push parser sets its `maximumDepth` here.
    @exclusivity(unchecked) var depthLimit = Int.max
    /// Whether the root element is a `<feed>` (whose entries `drainRootFeed` may take while it is read).
    @exclusivity(unchecked) var rootIsFeed = false
    /// How many entities of the root feed `drainRootFeed` took, for the entity index of an error.
    @exclusivity(unchecked) private(set) var drainedEntities = 0
    @exclusivity(unchecked) var rootList: EntityList?
    @exclusivity(unchecked) var rootEntity: EntityValue?
    @exclusivity(unchecked) var rootValue: EdmValue?
    @exclusivity(unchecked) var linkList = LinkList(uris: [])

    /// A reader fed by libxml2's parser `context` (names interned in its dictionary), or by
    /// `AtomDirectScanner` (no context; names interned in `dictionary`).
    init(
        context: xmlParserCtxtPtr?, dictionary: OpaquePointer?, expectation: Expectation,
        typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?, tables: NameTableCache
    ) {
        self.context = context
        self.names = AtomNames(dictionary: dictionary)
        self.expectation = expectation
        self.typeResolver = typeResolver
        self.tables = tables
    }

    // MARK: Errors

    /// Records the first failure and stops the parser; inside an entry, the error names the entry's index
    /// in the innermost feed, its URI when read, and `property` when given. (Without libxml2's context the
    /// scanner stops, and the session reads the document again with libxml2, which reports the failure
    /// with its position.)
    func fail(_ message: String, property: String? = nil) {
        guard !hasFailed else { return }
        var error = ODataDecodingError(
            format: .atom, offset: context.map { Int(xmlByteConsumed($0)) } ?? 0, line: context.map { Int(xmlSAX2GetLineNumber($0)) } ?? 0,
            column: context.map { Int(xmlSAX2GetColumnNumber($0)) } ?? 0, message: message)
        if let entry = entries.last {
            if !feeds.isEmpty { error.entityIndex = feeds.top.list.entities.count + (feeds.count == 1 ? drainedEntities : 0) }
            error.entityKey = entry.metadata.uri
            error.property = property
        }
        failure = error
        if let context { xmlStopParser(context) }
    }

    /// Records a libxml2 error (warnings are ignored).
    func libxmlError(_ error: xmlError) {
        guard error.level.rawValue >= XML_ERR_ERROR.rawValue, !hasFailed, let context else { return }
        let message = error.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "XML error"
        failure = ODataDecodingError(
            format: .atom, offset: Int(xmlByteConsumed(context)), line: Int(error.line), column: Int(error.int2),
            message: "malformed XML: \(message)")
        xmlStopParser(context)
    }

    /// Moves the entities and deleted entries that the root feed has so far (or, once it ended, `rootList`)
    /// into `list`, for a feed read in pieces; its paging facts stay.
    func drainRootFeed(into list: inout EntityList) {
        guard rootIsFeed else { return }
        if !feeds.isEmpty {
            move(from: &feeds.bottom.list, into: &list)
        } else if rootList != nil {
            move(from: &rootList!, into: &list)
        }
    }

    private func move(from source: inout EntityList, into list: inout EntityList) {
        if !source.entities.isEmpty {
            drainedEntities += source.entities.count
            if list.entities.isEmpty { swap(&list.entities, &source.entities) } else { list.entities += source.entities }
            source.entities.removeAll(keepingCapacity: false)
        }
        if !source.deletedEntryIDs.isEmpty {
            list.deletedEntryIDs += source.deletedEntryIDs
            source.deletedEntryIDs.removeAll()
        }
    }

    func namespace(_ uri: UnsafePointer<xmlChar>?) -> AtomNamespace {
        guard let uri else { return .none }
        for entry in namespaceCache where entry.pointer == uri { return entry.kind }
        let kind = AtomNamespace(uri: uri)
        if namespaceCache.count < 16 { namespaceCache.append((uri, kind)) }
        return kind
    }

    /// The property cache of `table` (see `AtomPropertyCache`).
    func propertyCache(for table: NameTable) -> AtomPropertyCache.Slots {
        let key = ObjectIdentifier(table)
        if let last = lastPropertyCache, last.table == key { return last.slots }
        let cache: AtomPropertyCache
        if let known = propertyCaches[key] {
            cache = known
        } else {
            cache = AtomPropertyCache(table: table)
            propertyCaches[key] = cache
        }
        lastPropertyCache = (key, cache.slots)
        return cache.slots
    }

    // MARK: Text

    @inline(__always)
    func characters(_ bytes: UnsafePointer<xmlChar>, count: Int) {
        guard capturing else { return }
        if escapesText { return appendEscaped(bytes, count: count) }
        text.append(bytes, count: count)
    }

    func startCapture() {
        text.count = 0
        capturing = true
    }

    /// A URI reference resolved against the `xml:base` in scope (byte-level; no Foundation URL).
    func resolve(_ reference: ByteSpan) -> String { resolvedBytes(reference).string }

    /// `resolve(reference)`, returning `existing` itself (sharing its storage rather than allocating a
    /// copy) when the resolved URI has the same bytes: an entry's edit link usually equals its `<id>`.
    func resolve(_ reference: ByteSpan, sharing existing: String?) -> String {
        guard var existing else { return resolve(reference) }
        let same = existing.withUTF8 { resolved(reference, equals: $0) }
        return same ? existing : resolve(reference)
    }

    /// The bytes of `reference` resolved against `base`: the reference itself or `linkScratch`'s contents.
    func resolvedBytes(_ reference: ByteSpan) -> ByteSpan {
        guard let origin = resolution(of: reference) else { return reference }
        linkScratch.count = 0
        _ = withBasePrefix(origin: origin) { prefix in
            if let start = prefix.baseAddress { linkScratch.append(start, count: prefix.count) }
        }
        linkScratch.append(reference.start, count: reference.count)
        return linkScratch.span
    }

    /// Whether `reference` resolved against `base` is exactly `bytes`, compared in place (nothing copied).
    func resolved(_ reference: ByteSpan, equals bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let origin = resolution(of: reference) else { return reference.equals(bytes) }
        guard let start = bytes.baseAddress else { return false }
        return withBasePrefix(origin: origin) { prefix in
            guard bytes.count == prefix.count + reference.count else { return false }
            let prefixEqual = prefix.baseAddress.map { memcmp(start, $0, prefix.count) == 0 } ?? true
            return prefixEqual && memcmp(start + prefix.count, reference.start, reference.count) == 0
        } ?? false
    }

    /// How `reference` resolves against `base`: nil when it stands as it is (no base, empty, absolute or
    /// network-path), else whether it follows the base's origin (`/path`) rather than its directory.
    private func resolution(of reference: ByteSpan) -> Bool? {
        guard base != nil, reference.count > 0 else { return nil }
        for index in 0..<reference.count {
            let byte = reference[index]
            if byte == UInt8(ascii: ":") { return nil }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
        }
        guard reference[0] == UInt8(ascii: "/") else { return false }
        return reference.count > 1 && reference[1] == UInt8(ascii: "/") ? nil : true
    }

    /// `body` over the base's origin or directory, read in place; nil without a base.
    private func withBasePrefix<Result>(origin: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        origin ? base?.origin.withUnsafeBufferPointer(body) : base?.directory.withUnsafeBufferPointer(body)
    }

    /// Updates `base` from an `xml:base` attribute; returns the previous base to restore.
    func enterBase(_ attributes: AtomAttributes) -> AtomBaseURI? {
        let saved = base
        if let value = attributes.value(names.base, namespaced: true) { base = AtomBaseURI(resolve(value)) }
        return saved
    }
}

/// An `xml:base` value with the prefixes that relative references are resolved against.
struct AtomBaseURI {
    /// The base up to and including its last `/` (for `Rooms('1')`).
    let directory: [UInt8]
    /// The scheme and authority (for `/path`).
    let origin: [UInt8]

    init(_ text: String) {
        let bytes = Array(text.utf8)
        let lastSlash = bytes.lastIndex(of: UInt8(ascii: "/"))
        directory = lastSlash.map { Array(bytes[...$0]) } ?? bytes + [UInt8(ascii: "/")]
        var originEnd = bytes.count
        if let schemeEnd = text.utf8.firstRange(of: "://".utf8).map({ text.utf8.distance(from: text.utf8.startIndex, to: $0.upperBound) }) {
            originEnd = bytes[schemeEnd...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
        }
        origin = Array(bytes[..<originEnd])
    }
}
