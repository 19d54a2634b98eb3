import Foundation

/// `$links` writes in a changeset. Each throws when it is added if an entity has no address (no key, no edit
/// link); SAP's non-throwing forms, which check when the batch runs, come with `ODataSAPCompatibility`.
extension ChangeSet {
    /// Adds `target` to a to-many navigation property of `source`
    /// (`POST …/$links/Property`, the target's address relative to the service root); returns its `Content-ID`.
    @discardableResult
    public func createLink<Source: EntityProtocol, Target: EntityProtocol>(
        from source: Source, property: TypedNavigationProperty<Target>, to target: Target,
        sourceSet: EntitySetDescriptor? = nil, targetSet: EntitySetDescriptor? = nil, contentID: String? = nil
    ) throws -> String {
        try addLinkRequest("POST", source.entityValue, property.descriptor, target.entityValue, sourceSet, targetSet, contentID)
    }

    /// Sets a to-one navigation property of `source` to `target`
    /// (`PUT …/$links/Property`); returns its `Content-ID`.
    @discardableResult
    public func updateLink<Source: EntityProtocol, Target: EntityProtocol>(
        from source: Source, property: TypedNavigationProperty<Target>, to target: Target,
        sourceSet: EntitySetDescriptor? = nil, targetSet: EntitySetDescriptor? = nil, contentID: String? = nil
    ) throws -> String {
        try addLinkRequest("PUT", source.entityValue, property.descriptor, target.entityValue, sourceSet, targetSet, contentID)
    }

    /// Removes `target` from a to-many navigation property of
    /// `source`, or clears a to-one property when `target` is nil (`DELETE …/$links/Property(key)`).
    @discardableResult
    public func deleteLink<Source: EntityProtocol, Target: EntityProtocol>(
        from source: Source, property: TypedNavigationProperty<Target>, to target: Target? = nil,
        sourceSet: EntitySetDescriptor? = nil, contentID: String? = nil
    ) throws -> String {
        var url = try Self.path(of: source.entityValue, in: sourceSet) + "/$links/" + URLEncoding.encodePath(property.descriptor.name)
        if let target, property.descriptor.isCollection {
            guard !target.entityValue.key.isIncomplete else {
                throw ODataError(.invalidRequest, "deleteLink: the \(Target.entityType.name) has no complete key")
            }
            url += target.entityValue.key.predicate(for: target.entityValue.entityType)
        }
        return add(BatchPartRequest(method: "DELETE", url: url, contentID: contentID))
    }

    private func addLinkRequest(
        _ method: String, _ source: EntityValue, _ property: NavigationDescriptor, _ target: EntityValue,
        _ sourceSet: EntitySetDescriptor?, _ targetSet: EntitySetDescriptor?, _ contentID: String?
    ) throws -> String {
        let url = try Self.path(of: source, in: sourceSet) + "/$links/" + URLEncoding.encodePath(property.name)
        let targetURI = try Self.path(of: target, in: targetSet)
        let body = ODataJSONEncoder().encodeLink(uri: targetURI)
        return addLinkWrite(
            BatchPartRequest(
                method: method, url: url, headers: ["Content-Type": "application/json", "Accept": "application/json"], body: body,
                contentID: contentID),
            target: targetURI)
    }
}
