import Foundation
import OData

extension OfflineODataProvider {
    /// A request header that keeps a write out of request-queue combining (it is not sent to the service):
    /// `headers: [OfflineODataProvider.doNotCombineHeader: "true"]`.
    public static let doNotCombineHeader = "X-Offline-Do-Not-Combine"

    /// Whether the request may be combined, and its headers without the offline store's own.
    func queueing(_ headers: HTTPHeaders) -> (combinable: Bool, headers: [String: String]) {
        var fields: [String: String] = [:]
        var combinable = parameters.enableRequestQueueOptimization
        for field in headers.fields {
            if field.name.caseInsensitiveCompare(Self.doNotCombineHeader) == .orderedSame {
                combinable = false
            } else {
                fields[field.name] = field.value
            }
        }
        return (combinable, fields)
    }

    /// Creates an entity in the store and queues its `POST`; a missing key gets a local one until upload.
    /// Returns the stored entity.
    package func createEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> EntityValue {
        return try ODataError.converting {
            try createNow(entity, in: entitySet, headers: headers)

        }
    }

    func createNow(_ entity: EntityValue, in entitySet: EntitySetDescriptor, headers: HTTPHeaders) throws -> EntityValue {
        let store = try openStore()
        let (combinable, fields) = queueing(headers)
        let created = try store.createLocal(entity, in: entitySet, parent: nil, combinable: combinable, headers: fields)
        return try settled(created, set: entitySet.name, store: store)
    }

    /// Creates an entity related to `parent` through a navigation property and queues the `POST` to the
    /// parent's navigation (which uses the parent's server key once the parent is uploaded).
    package func createRelatedEntity(
        _ entity: EntityValue, in parent: EntityValue, property: NavigationDescriptor, parentSet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> EntityValue {
        return try ODataError.converting {
            let store = try openStore()
            let (set, key) = try store.locate(parent, set: parentSet)
            guard try store.row(set: set, key: key) != nil else { throw OfflineStore.notFound("\(set)\(key) is not in the offline store") }
            guard let target = store.model.targetEntitySet(from: try store.entitySet(set), navigation: property.name) else {
                throw ODataError(.invalidRequest, "offline store: \(set) has no navigation \(property.name)")
            }
            let (combinable, fields) = queueing(headers)
            let created = try store.createLocal(
                entity, in: EntitySetDescriptor(name: target.name, entityType: entity.entityType),
                parent: (set, key, property.name), combinable: combinable, headers: fields)
            return try settled(created, set: target.name, store: store)

        }
    }

    /// Updates the stored entity (MERGE semantics: the changed properties; `.replace` for all) and queues the
    /// update, combined with the entity's queued create or update where allowed. Returns the stored entity.
    package func updateEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions()
    ) async throws(ODataError) -> EntityValue {
        return try ODataError.converting {
            try updateNow(entity, in: entitySet, headers: headers, options: options)

        }
    }

    func updateNow(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor?, headers: HTTPHeaders, options: RequestOptions
    ) throws -> EntityValue {
        let store = try openStore()
        let (set, key) = try store.locate(entity, set: entitySet)
        try checkETag(entity, set: set, key: key, store: store)
        let (combinable, fields) = queueing(headers)
        let updated = try store.updateLocal(
            entity, set: set, key: key, mode: options.updateMode, combinable: combinable, headers: fields)
        return try settled(updated, set: set, store: store)
    }

    /// Deletes the entity in the store and queues its `DELETE` (nothing is sent for a local entity that was
    /// never uploaded).
    package func deleteEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions()
    ) async throws(ODataError) {
        try ODataError.converting {
            try deleteNow(entity, in: entitySet, headers: headers)

        }
    }

    func deleteNow(_ entity: EntityValue, in entitySet: EntitySetDescriptor?, headers: HTTPHeaders) throws {
        let store = try openStore()
        let (set, key) = try store.locate(entity, set: entitySet)
        try checkETag(entity, set: set, key: key, store: store)
        let (combinable, fields) = queueing(headers)
        try store.deleteLocal(
            set: set, key: key, combinable: combinable || isLocalService,
            optimize: parameters.enableRequestQueueOptimization || isLocalService,
            headers: fields)
        if isLocalService { try store.settleService() }
    }

    /// Adds a relation (`POST …/$links/Nav`), in the store and queued.
    package func addLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor? = nil,
        targetSet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        try ODataError.converting {
            try link(.addLink, from: entity, property: property, to: target, entitySet: entitySet, targetSet: targetSet, headers: headers)

        }
    }

    /// Sets a to-one relation (`PUT …/$links/Nav`), in the store and queued.
    package func setLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor? = nil,
        targetSet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        try ODataError.converting {
            try link(.setLink, from: entity, property: property, to: target, entitySet: entitySet, targetSet: targetSet, headers: headers)

        }
    }

    /// Removes a relation (`DELETE …/$links/Nav(key)`, or `…/$links/Nav` for a to-one), in the store and queued.
    package func removeLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue? = nil,
        entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        try ODataError.converting {
            try link(.removeLink, from: entity, property: property, to: target, entitySet: entitySet, targetSet: nil, headers: headers)

        }
    }

    private func link(
        _ kind: QueueEntry.Kind, from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue?,
        entitySet: EntitySetDescriptor?, targetSet: EntitySetDescriptor?, headers: HTTPHeaders
    ) throws {
        let store = try openStore()
        let (set, key) = try store.locate(entity, set: entitySet)
        guard let toSet = store.model.targetEntitySet(from: try store.entitySet(set), navigation: property.name) else {
            throw ODataError(.invalidRequest, "offline store: \(set) has no navigation \(property.name)")
        }
        let targetKey = try target.map { try store.locate($0, set: targetSet ?? toSet).key }
        if kind != .removeLink || property.isCollection {
            guard let targetKey, try store.row(set: toSet.name, key: targetKey) != nil else {
                throw OfflineStore.notFound("the link target \(toSet.name)\(targetKey ?? "") is not in the offline store")
            }
        }
        try store.changeLink(
            kind, set: set, key: key, navigation: property.name, isCollection: property.isCollection, targetSet: toSet.name,
            targetKey: targetKey, headers: queueing(headers).headers)
        if isLocalService { try store.settleService() }
    }

    /// Stores a new media resource for a media entity and queues its `PUT …/$value`; returns the entity's media
    /// ETag as stored (the server's new one arrives with the upload).
    @discardableResult
    package func uploadMedia(
        of entity: EntityValue, body: HTTPBody, contentType: String, entitySet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> String? {
        return try ODataError.converting {
            let store = try openStore()
            let (set, key) = try store.locate(entity, set: entitySet)
            try store.storeMedia(
                set: set, key: key, data: try Self.bytes(of: body), contentType: contentType, headers: queueing(headers).headers)
            if isLocalService { try store.settleService() }
            return try store.row(set: set, key: key)?.mediaETag

        }
    }

    /// Creates a media entity locally from its media resource and queues the `POST` of the bytes (with `Slug`).
    package func createMedia(
        in entitySet: EntitySetDescriptor, body: HTTPBody, contentType: String, slug: String? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> EntityValue {
        return try ODataError.converting {
            let store = try openStore()
            var fields = queueing(headers).headers
            if let slug { fields["Slug"] = slug }
            let created = try store.createMediaLocal(
                EntityValue(type: entitySet.entityType), in: entitySet, data: try Self.bytes(of: body), contentType: contentType,
                headers: fields)
            return try settled(created, set: entitySet.name, store: store)

        }
    }

    /// The bytes of a request body (a file is read).
    static func bytes(of body: HTTPBody) throws -> Data {
        switch body {
        case .none: return Data()
        case .data(let data): return data
        case .file(let url):
            do {
                return try Data(contentsOf: url)
            } catch {
                throw ODataError(.invalidRequest, "offline store: the media file \(url.path) cannot be read", underlyingError: error)
            }
        }
    }

    /// In the in-process service: the write is applied (no queue), with a new ETag.
    private func settled(_ entity: EntityValue, set: String, store: OfflineStore) throws -> EntityValue {
        guard isLocalService else { return entity }
        try store.settleService()
        guard let row = try store.row(set: set, key: entity.key.predicate) else { return entity }
        return try row.entity(as: entity.entityType, resolver: store.typeResolver)
    }

    /// In the in-process service: a stale `If-Match` ETag is a 412.
    private func checkETag(_ entity: EntityValue, set: String, key: String, store: OfflineStore) throws {
        guard isLocalService, let sent = entity.metadata.etag, let row = try store.row(set: set, key: key), let current = row.etag,
            sent != current
        else { return }
        throw ODataError(
            .preconditionFailed, "offline store: \(set)\(key) changed since it was read (ETag \(sent), now \(current))",
            statusCode: 412)
    }
}
