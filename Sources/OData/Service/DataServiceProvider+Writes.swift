import Foundation

/// The write, `$links`, media and `$batch` calls of a data service over `perform(_:headers:)`.
extension DataServiceProvider {
    /// Creates an entity in an entity set and returns the provider's version of it (key, ETag, edit
    /// link). Loaded navigation properties are deep-inserted (new entities) or bound (existing ones).
    @inlinable
    public func createEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor, headers: HTTPHeaders = HTTPHeaders())
        async throws(ODataError) -> EntityValue
    {
        try await self.entity(.createEntity(entity, in: entitySet), headers: headers)
    }

    /// Creates an entity related to `parent` through a navigation property (`POST Parent(key)/Nav`).
    @inlinable
    public func createRelatedEntity(
        _ entity: EntityValue, in parent: EntityValue, property: NavigationDescriptor, parentSet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> EntityValue {
        try await self.entity(.createRelatedEntity(entity, parent: parent, property: property, parentSet: parentSet), headers: headers)
    }

    /// Updates an entity (`options.updateMode`: MERGE or PATCH with the changed properties, PUT with
    /// all), checking its ETag; returns it with changes accepted and the new ETag.
    @inlinable
    public func updateEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions()
    ) async throws(ODataError) -> EntityValue {
        try await self.entity(.updateEntity(entity, in: entitySet, options: options), headers: headers)
    }

    /// Deletes an entity, checking its ETag.
    @inlinable
    public func deleteEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions()
    ) async throws(ODataError) {
        try await run(.deleteEntity(entity, in: entitySet, options: options), headers: headers)
    }

    /// The URIs of the entities a navigation property links to (`$links`).
    @inlinable
    public func fetchLinks(
        from entity: EntityValue, property: NavigationDescriptor, entitySet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> LinkList {
        switch try await perform(.fetchLinks(from: entity, property: property, entitySet: entitySet), headers: headers) {
        case .links(let links): return links
        case let other: throw other.mismatch(for: "fetchLinks", by: serviceName)
        }
    }

    /// Adds a link from a to-many navigation property to `target`.
    @inlinable
    public func addLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor? = nil,
        targetSet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        try await run(.addLink(from: entity, property: property, to: target, entitySet: entitySet, targetSet: targetSet), headers: headers)
    }

    /// Replaces the target of a to-one navigation property.
    @inlinable
    public func setLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor? = nil,
        targetSet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        try await run(.setLink(from: entity, property: property, to: target, entitySet: entitySet, targetSet: targetSet), headers: headers)
    }

    /// Removes a link: to `target` for a to-many navigation property, the link itself for a to-one.
    @inlinable
    public func removeLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue? = nil, entitySet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        try await run(.removeLink(from: entity, property: property, to: target, entitySet: entitySet), headers: headers)
    }

    /// The media resource of a media-link entity, in memory, with its content type.
    @inlinable
    public func fetchMedia(of entity: EntityValue, entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders())
        async throws(ODataError) -> (data: Data, contentType: String?)
    {
        try await data(.fetchMedia(of: entity, entitySet: entitySet), headers: headers)
    }

    /// Writes the media resource of a media-link entity into a file; returns the content type.
    @inlinable @discardableResult
    public func downloadMedia(
        of entity: EntityValue, to file: URL, entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> String? {
        switch try await perform(.downloadMedia(of: entity, to: file, entitySet: entitySet), headers: headers) {
        case .contentType(let type): return type
        case let other: throw other.mismatch(for: "downloadMedia", by: serviceName)
        }
    }

    /// Replaces the media resource of a media-link entity; returns the new ETag, if any.
    @inlinable @discardableResult
    public func uploadMedia(
        of entity: EntityValue, body: HTTPBody, contentType: String, entitySet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> String? {
        switch try await perform(.uploadMedia(of: entity, body: body, contentType: contentType, entitySet: entitySet), headers: headers) {
        case .etag(let etag): return etag
        case let other: throw other.mismatch(for: "uploadMedia", by: serviceName)
        }
    }

    /// Creates a media-link entity from its media resource (`Slug` names it); returns the created entity.
    @inlinable
    public func createMedia(
        in entitySet: EntitySetDescriptor, body: HTTPBody, contentType: String, slug: String? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> EntityValue {
        try await entity(.createMedia(in: entitySet, body: body, contentType: contentType, slug: slug), headers: headers)
    }

    /// Runs a batch of reads and changesets; each read and changeset gets its result or typed error
    /// in the batch (`RequestBatch.queryResult(at:)`, `ChangeSet.isSuccess`, `ChangeSet.error`).
    @inlinable
    public func processBatch(_ batch: RequestBatch, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) {
        try await run(.processBatch(batch), headers: headers)
    }
}
