import Foundation

/// Completion-handler forms of the provider's writes, `$links` and media calls (the dynamic API).
/// Each calls its `async throws` twin in a task, calls the handler on `options.completionQueue`
/// (`nil` error on success for calls without a result) and returns the task, which can be cancelled.
extension OnlineODataProvider {
    /// Completion-handler form of `createEntity(_:in:headers:)`.
    @discardableResult
    public func createEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor, headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @Sendable (EntityValue?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.createEntity(entity, in: entitySet, headers: headers) }
    }

    /// Completion-handler form of `createRelatedEntity(_:in:property:parentSet:headers:)`.
    @discardableResult
    public func createRelatedEntity(
        _ entity: EntityValue, in parent: EntityValue, property: NavigationDescriptor, parentSet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders(), completionHandler: @escaping @Sendable (EntityValue?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) {
            try await self.createRelatedEntity(entity, in: parent, property: property, parentSet: parentSet, headers: headers)
        }
    }

    /// Completion-handler form of `updateEntity(_:in:headers:options:)`.
    @discardableResult
    public func updateEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        options requestOptions: RequestOptions = RequestOptions(),
        completionHandler: @escaping @Sendable (EntityValue?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.updateEntity(entity, in: entitySet, headers: headers, options: requestOptions) }
    }

    /// Completion-handler form of `deleteEntity(_:in:headers:options:)`.
    @discardableResult
    public func deleteEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        options requestOptions: RequestOptions = RequestOptions(), completionHandler: @escaping @Sendable ((any Error)?) -> Void
    ) -> Task<Void, Never> {
        completeVoid(completionHandler) { try await self.deleteEntity(entity, in: entitySet, headers: headers, options: requestOptions) }
    }

    /// Completion-handler form of `fetchLinks(from:property:entitySet:headers:)`.
    @discardableResult
    public func fetchLinks(
        from entity: EntityValue, property: NavigationDescriptor, entitySet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders(), completionHandler: @escaping @Sendable (LinkList?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.fetchLinks(from: entity, property: property, entitySet: entitySet, headers: headers) }
    }

    /// Completion-handler form of `addLink(from:property:to:entitySet:targetSet:headers:)`.
    @discardableResult
    public func addLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor? = nil,
        targetSet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @Sendable ((any Error)?) -> Void
    ) -> Task<Void, Never> {
        completeVoid(completionHandler) {
            try await self.addLink(
                from: entity, property: property, to: target, entitySet: entitySet, targetSet: targetSet, headers: headers)
        }
    }

    /// Completion-handler form of `setLink(from:property:to:entitySet:targetSet:headers:)`.
    @discardableResult
    public func setLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor? = nil,
        targetSet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @Sendable ((any Error)?) -> Void
    ) -> Task<Void, Never> {
        completeVoid(completionHandler) {
            try await self.setLink(
                from: entity, property: property, to: target, entitySet: entitySet, targetSet: targetSet, headers: headers)
        }
    }

    /// Completion-handler form of `removeLink(from:property:to:entitySet:headers:)`.
    @discardableResult
    public func removeLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue? = nil,
        entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @Sendable ((any Error)?) -> Void
    ) -> Task<Void, Never> {
        completeVoid(completionHandler) {
            try await self.removeLink(from: entity, property: property, to: target, entitySet: entitySet, headers: headers)
        }
    }

    /// Completion-handler form of `fetchMedia(of:entitySet:headers:)`.
    @discardableResult
    public func fetchMedia(
        of entity: EntityValue, entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @Sendable ((data: Data, contentType: String?)?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.fetchMedia(of: entity, entitySet: entitySet, headers: headers) }
    }

    /// Completion-handler form of `downloadMedia(of:to:entitySet:headers:)`; the result is the content
    /// type (an empty string when the server sent none).
    @discardableResult
    public func downloadMedia(
        of entity: EntityValue, to file: URL, entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @Sendable (String?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.downloadMedia(of: entity, to: file, entitySet: entitySet, headers: headers) ?? "" }
    }

    /// Completion-handler form of `uploadMedia(of:body:contentType:entitySet:headers:)`; the result is
    /// the new ETag (an empty string when the server sent none).
    @discardableResult
    public func uploadMedia(
        of entity: EntityValue, body: HTTPBody, contentType: String, entitySet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders(), completionHandler: @escaping @Sendable (String?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) {
            try await self.uploadMedia(of: entity, body: body, contentType: contentType, entitySet: entitySet, headers: headers) ?? ""
        }
    }

    /// Completion-handler form of `createMedia(in:body:contentType:slug:headers:)`.
    @discardableResult
    public func createMedia(
        in entitySet: EntitySetDescriptor, body: HTTPBody, contentType: String, slug: String? = nil,
        headers: HTTPHeaders = HTTPHeaders(), completionHandler: @escaping @Sendable (EntityValue?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) {
            try await self.createMedia(in: entitySet, body: body, contentType: contentType, slug: slug, headers: headers)
        }
    }
}
