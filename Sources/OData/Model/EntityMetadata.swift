import Foundation

/// Server-side facts about an entity: its URIs, ETag and media resource.
///
/// Stored compactly, since every decoded entity carries one: the URI, edit link, ETag and type name
/// inline, the media facts and inline-feed paging (rarely present) in a separate copy-on-write slot
/// that costs no allocation while they are all absent. A decoder may keep the URI as a prefix shared by
/// the entities of a feed (service root and entity set path, held in that slot, whose storage the entities
/// share) and a short rest that fits in a `String` without an allocation (`Items(42)`); `uri` joins
/// them, and equality and hashing see whole URIs however they are stored.
public struct EntityMetadata: Sendable, Hashable {
    /// The canonical URI (`__metadata.uri`, Atom `<id>`).
    public var uri: String? {
        get {
            guard let uriRest else { return nil }
            guard let prefix = extra.first?.uriPrefix else { return uriRest }
            return prefix + uriRest
        }
        set {
            if extra.first?.uriPrefix != nil { updateExtra { $0.uriPrefix = nil } }
            uriRest = newValue
        }
    }
    /// The URI after the shared prefix in `extra` (the whole URI when there is none); nil when there is no URI.
    private var uriRest: String?
    /// The edit link, if different from the URI.
    public var editLink: String?
    /// The ETag (`__metadata.etag`, `m:etag` or the `ETag` header).
    public var etag: String?
    /// The type name the server reported (`__metadata.type`), which may be a derived type.
    public var typeName: String?
    /// The rarely present facts and the shared URI prefix: empty when all of them are absent, else exactly
    /// one element (so that "all absent" has one representation).
    fileprivate var extra: [ExtraFields] = []

    /// The media resource's read URL (`media_src`).
    public var mediaReadLink: String? {
        get { extra.first?.mediaReadLink }
        set { updateExtra { $0.mediaReadLink = newValue } }
    }
    /// The media resource's edit URL (`edit_media`).
    public var mediaEditLink: String? {
        get { extra.first?.mediaEditLink }
        set { updateExtra { $0.mediaEditLink = newValue } }
    }
    /// The media resource's content type.
    public var mediaContentType: String? {
        get { extra.first?.mediaContentType }
        set { updateExtra { $0.mediaContentType = newValue } }
    }
    /// The media resource's ETag.
    public var mediaETag: String? {
        get { extra.first?.mediaETag }
        set { updateExtra { $0.mediaETag = newValue } }
    }
    /// Paging facts (`__count`, `__next`) of expanded to-many navigation properties, by navigation name.
    public var inlineFeeds: [String: InlineFeedInfo] {
        get { extra.first?.inlineFeeds ?? [:] }
        set { updateExtra { $0.inlineFeeds = newValue } }
    }

    /// Empty metadata.
    public init(
        uri: String? = nil, editLink: String? = nil, etag: String? = nil, mediaReadLink: String? = nil,
        mediaEditLink: String? = nil, mediaContentType: String? = nil, mediaETag: String? = nil, typeName: String? = nil,
        inlineFeeds: [String: InlineFeedInfo] = [:]
    ) {
        self.uriRest = uri
        self.editLink = editLink
        self.etag = etag
        self.typeName = typeName
        let extra = ExtraFields(
            mediaReadLink: mediaReadLink, mediaEditLink: mediaEditLink, mediaContentType: mediaContentType,
            mediaETag: mediaETag, inlineFeeds: inlineFeeds)
        self.extra = extra.isEmpty ? [] : [extra]
    }

    /// Empty metadata, made without building and dropping the rare facts (what a decoder starts every entity with).
    init(empty: Void) {}

    /// Whether both describe the same facts (whole URIs compared, however they are stored).
    public static func == (lhs: EntityMetadata, rhs: EntityMetadata) -> Bool {
        lhs.hasSameURI(as: rhs) && lhs.editLink == rhs.editLink && lhs.etag == rhs.etag && lhs.typeName == rhs.typeName
            && lhs.facts == rhs.facts
    }

    /// Hashes the facts that equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(uri)
        hasher.combine(editLink)
        hasher.combine(etag)
        hasher.combine(typeName)
        hasher.combine(facts)
    }

    /// The rare facts that equality compares (all absent when there are none).
    private var facts: ExtraFields { extra.first ?? ExtraFields() }

    private mutating func updateExtra(_ change: (inout ExtraFields) -> Void) {
        var fields = extra.first ?? ExtraFields()
        extra = []
        change(&fields)
        if !fields.isEmpty { extra = [fields] }
    }
}

/// The media and paging facts, absent on most entities, and a URI prefix shared by many.
///
/// Equality and hashing leave out the prefix: it is only part of how the URI is stored.
private struct ExtraFields: Sendable, Hashable {
    var uriPrefix: String?
    var mediaReadLink: String?
    var mediaEditLink: String?
    var mediaContentType: String?
    var mediaETag: String?
    var inlineFeeds: [String: InlineFeedInfo] = [:]

    static func == (lhs: ExtraFields, rhs: ExtraFields) -> Bool {
        lhs.mediaReadLink == rhs.mediaReadLink && lhs.mediaEditLink == rhs.mediaEditLink
            && lhs.mediaContentType == rhs.mediaContentType && lhs.mediaETag == rhs.mediaETag
            && lhs.inlineFeeds == rhs.inlineFeeds
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(mediaReadLink)
        hasher.combine(mediaEditLink)
        hasher.combine(mediaContentType)
        hasher.combine(mediaETag)
        hasher.combine(inlineFeeds)
    }

    var isEmpty: Bool {
        uriPrefix == nil && mediaReadLink == nil && mediaEditLink == nil && mediaContentType == nil && mediaETag == nil
            && inlineFeeds.isEmpty
    }
}

/// A URI prefix that a decoder gives to many entities: each entity shares the one stored copy.
struct SharedURIPrefix {
    /// The prefix.
    let string: String
    /// The storage entities share while they have no other rare fact.
    fileprivate let storage: [ExtraFields]

    init(_ string: String) {
        self.string = string
        self.storage = [ExtraFields(uriPrefix: string)]
    }

    /// Whether the prefix is exactly these bytes.
    func hasBytes(_ bytes: ByteSpan) -> Bool {
        var string = string
        return string.withUTF8 { bytes.equals($0) }
    }
}

extension EntityMetadata {
    /// Sets the URI to `prefix.string + rest` without joining them.
    mutating func setURI(sharedPrefix prefix: SharedURIPrefix, rest: String) {
        if extra.isEmpty { extra = prefix.storage } else { updateExtra { $0.uriPrefix = prefix.string } }
        uriRest = rest
    }

    /// Whether the URI is set and `bytes` are exactly the URI followed by `/` and `name`
    /// (a navigation link relative to the entity), compared without building the joined string.
    func isURI(_ bytes: UnsafeBufferPointer<UInt8>, followedBySlashAnd name: String) -> Bool {
        guard let rest = uriRest, let base = bytes.baseAddress else { return false }
        let prefix = extra.isEmpty ? nil : extra[0].uriPrefix
        guard bytes.count == (prefix?.utf8.count ?? 0) + rest.utf8.count + 1 + name.utf8.count else { return false }
        var offset = 0
        if let prefix, !Self.bytes(at: base, &offset, equal: prefix) { return false }
        guard Self.bytes(at: base, &offset, equal: rest), base[offset] == UInt8(ascii: "/") else { return false }
        offset += 1
        return Self.bytes(at: base, &offset, equal: name)
    }

    /// Whether the bytes at `base + offset` are the UTF-8 of `text`; moves `offset` past them.
    /// (A static helper rather than a closure over `offset`, which costs a heap box and exclusivity checks.)
    private static func bytes(at base: UnsafePointer<UInt8>, _ offset: inout Int, equal text: String) -> Bool {
        let start = base + offset
        let length = text.utf8.count
        offset += length
        return text.utf8.withContiguousStorageIfAvailable { own in
            own.baseAddress.map { memcmp(start, $0, length) == 0 } ?? true
        } ?? text.utf8.elementsEqual(UnsafeBufferPointer(start: start, count: length))
    }

    /// Whether both have the same URI, comparing the parts without joining them where possible.
    func hasSameURI(as other: EntityMetadata) -> Bool {
        let prefix = extra.first?.uriPrefix
        if prefix == other.extra.first?.uriPrefix { return uriRest == other.uriRest }
        return uri == other.uri
    }
}
