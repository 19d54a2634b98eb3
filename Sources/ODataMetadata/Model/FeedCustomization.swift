/// A customizable-feed mapping ([MS-ODATA] 2.2.3.7.2.1, WCF Data Services' "friendly feeds"): the Atom
/// element or attribute of an entry that carries a property's value, from the `m:FC_*` attributes.
///
/// `FC_TargetPath` is a syndication keyword (`SyndicationTitle`, `SyndicationAuthorName`, …) or, with
/// `FC_NsUri` (and `FC_NsPrefix`), a path of elements in that namespace under `<entry>`, ending in an
/// attribute with `@` (`rating/@stars`).
public struct FeedCustomization: Sendable, Hashable {
    /// `FC_TargetPath`.
    public var targetPath: String
    /// `FC_KeepInContent`: whether the value is also in `m:properties` (`true` when absent).
    public var keepInContent: Bool
    /// `FC_ContentKind` (`text`, `html`, `xhtml`), nil when absent.
    public var contentKind: String?
    /// `FC_NsUri`, the namespace of a custom target.
    public var namespaceURI: String?
    /// `FC_NsPrefix`, the prefix a writer uses for a custom target.
    public var namespacePrefix: String?

    /// Creates a `FeedCustomization` from its parts.
    public init(
        targetPath: String, keepInContent: Bool = true, contentKind: String? = nil, namespaceURI: String? = nil,
        namespacePrefix: String? = nil
    ) {
        self.targetPath = targetPath
        self.keepInContent = keepInContent
        self.contentKind = contentKind
        self.namespaceURI = namespaceURI
        self.namespacePrefix = namespacePrefix
    }

    /// The mapping the `m:FC_*` attributes of `annotations` declare, nil without `m:FC_TargetPath`.
    init?(_ annotations: AnnotationSet) {
        func value(_ name: String) -> String? { annotations.value(namespace: XMLNamespaces.metadata, name: name) }
        guard let targetPath = value("FC_TargetPath"), !targetPath.isEmpty else { return nil }
        self.init(
            targetPath: targetPath, keepInContent: value("FC_KeepInContent")?.lowercased() != "false",
            contentKind: value("FC_ContentKind"), namespaceURI: value("FC_NsUri"), namespacePrefix: value("FC_NsPrefix"))
    }
}

extension ServiceMetadata {
    /// The customizable-feed mapping of `property` in entity type `type`: the property's own `m:FC_*`
    /// attributes, else those of `type` or one of its base types whose `m:FC_SourcePath` names the property
    /// (how a derived type maps an inherited property). Nil when the property is not mapped.
    ///
    /// Mappings of complex-type members (`FC_SourcePath="Address/City"`) and conditional ones
    /// (`FC_Criteria`) are not returned.
    public func feedCustomization(of property: Property, in type: EntityType) -> FeedCustomization? {
        if let own = FeedCustomization(property.annotations),
            property.annotations.value(namespace: XMLNamespaces.metadata, name: "FC_SourcePath") == nil
        {
            return own
        }
        var current: EntityType? = type
        var visited: Set<String> = []
        while let owner = current, visited.insert(owner.qualifiedName).inserted {
            if owner.annotations.value(namespace: XMLNamespaces.metadata, name: "FC_SourcePath") == property.name,
                let mapping = FeedCustomization(owner.annotations)
            {
                return mapping
            }
            current = owner.baseType.flatMap { entityType(named: $0) }
        }
        return nil
    }
}
