import ODataMetadata

extension FeedMapping {
    /// The runtime form of a `$metadata` customizable-feed mapping (an unknown `FC_ContentKind` reads as text).
    init(_ customization: FeedCustomization) {
        self.init(
            targetPath: customization.targetPath, namespaceURI: customization.namespaceURI,
            namespacePrefix: customization.namespacePrefix,
            contentKind: customization.contentKind.flatMap { ContentKind(rawValue: $0.lowercased()) } ?? .text,
            keepInContent: customization.keepInContent)
    }
}
