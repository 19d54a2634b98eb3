/// A customizable-feed mapping ([MS-ODATA] 2.2.6.2.2.1, WCF Data Services' "friendly feeds"): the Atom
/// element or attribute of an entry that carries a property's value (`m:FC_TargetPath` and its companions).
///
/// The Atom reader takes the value from there when `m:properties` leaves the property out
/// (`FC_KeepInContent="false"`); the Atom writer writes it there as well as in `m:properties`.
public struct FeedMapping: Sendable, Hashable {
    /// `FC_ContentKind`: how the value is written in an Atom text construct.
    public enum ContentKind: String, Sendable, Hashable {
        /// Plain text (the default).
        case text
        /// HTML, escaped as text.
        case html
        /// XHTML markup: the value is the element's content as XML (`<div xmlns="…">…</div>`).
        case xhtml
    }

    /// `FC_TargetPath`: a syndication keyword (`SyndicationTitle`, `SyndicationAuthorName`, …) or a path of
    /// elements in `namespaceURI`, optionally ending in an attribute (`rating/@stars`).
    public let targetPath: String
    /// `FC_NsUri`: the namespace of a custom target path; nil for syndication keywords.
    public let namespaceURI: String?
    /// `FC_NsPrefix`: the prefix written for a custom target path.
    public let namespacePrefix: String?
    /// `FC_ContentKind`.
    public let contentKind: ContentKind
    /// `FC_KeepInContent`: whether the server also sends the value in `m:properties`.
    public let keepInContent: Bool

    /// Creates a mapping.
    public init(
        targetPath: String, namespaceURI: String? = nil, namespacePrefix: String? = nil, contentKind: ContentKind = .text,
        keepInContent: Bool = true
    ) {
        self.targetPath = targetPath
        self.namespaceURI = namespaceURI
        self.namespacePrefix = namespacePrefix
        self.contentKind = contentKind
        self.keepInContent = keepInContent
    }
}
