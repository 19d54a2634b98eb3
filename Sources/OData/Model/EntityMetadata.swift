/// Server-side facts about an entity: its URIs, ETag and media resource.
///
/// Stored compactly, since every decoded entity carries one: the URI, edit link, ETag and type name
/// inline, the media facts and inline-feed paging (rarely present) in a separate copy-on-write slot
/// that costs no allocation while they are all absent.
public struct EntityMetadata: Sendable, Hashable {
    /// The canonical URI (`__metadata.uri`, Atom `<id>`).
    public var uri: String?
    /// The edit link, if different from the URI.
    public var editLink: String?
    /// The ETag (`__metadata.etag`, `m:etag` or the `ETag` header).
    public var etag: String?
    /// The type name the server reported (`__metadata.type`), which may be a derived type.
    public var typeName: String?
    /// The rarely present facts: empty when all of them are absent, else exactly one element
    /// (so that equality and hashing never see an "all absent" element).
    private var rare: [RareFields] = []

    /// The media and paging facts, absent on most entities.
    private struct RareFields: Sendable, Hashable {
        var mediaReadLink: String?
        var mediaEditLink: String?
        var mediaContentType: String?
        var mediaETag: String?
        var inlineFeeds: [String: InlineFeedInfo] = [:]

        var isEmpty: Bool {
            mediaReadLink == nil && mediaEditLink == nil && mediaContentType == nil && mediaETag == nil
                && inlineFeeds.isEmpty
        }
    }

    /// The media resource's read URL (`media_src`).
    public var mediaReadLink: String? {
        get { rare.first?.mediaReadLink }
        set { updateRare { $0.mediaReadLink = newValue } }
    }
    /// The media resource's edit URL (`edit_media`).
    public var mediaEditLink: String? {
        get { rare.first?.mediaEditLink }
        set { updateRare { $0.mediaEditLink = newValue } }
    }
    /// The media resource's content type.
    public var mediaContentType: String? {
        get { rare.first?.mediaContentType }
        set { updateRare { $0.mediaContentType = newValue } }
    }
    /// The media resource's ETag.
    public var mediaETag: String? {
        get { rare.first?.mediaETag }
        set { updateRare { $0.mediaETag = newValue } }
    }
    /// Paging facts (`__count`, `__next`) of expanded to-many navigation properties, by navigation name.
    public var inlineFeeds: [String: InlineFeedInfo] {
        get { rare.first?.inlineFeeds ?? [:] }
        set { updateRare { $0.inlineFeeds = newValue } }
    }

    /// Empty metadata.
    public init(
        uri: String? = nil, editLink: String? = nil, etag: String? = nil, mediaReadLink: String? = nil,
        mediaEditLink: String? = nil, mediaContentType: String? = nil, mediaETag: String? = nil, typeName: String? = nil,
        inlineFeeds: [String: InlineFeedInfo] = [:]
    ) {
        self.uri = uri
        self.editLink = editLink
        self.etag = etag
        self.typeName = typeName
        let rare = RareFields(
            mediaReadLink: mediaReadLink, mediaEditLink: mediaEditLink, mediaContentType: mediaContentType,
            mediaETag: mediaETag, inlineFeeds: inlineFeeds)
        self.rare = rare.isEmpty ? [] : [rare]
    }

    private mutating func updateRare(_ change: (inout RareFields) -> Void) {
        var fields = rare.first ?? RareFields()
        rare = []
        change(&fields)
        if !fields.isEmpty { rare = [fields] }
    }
}
