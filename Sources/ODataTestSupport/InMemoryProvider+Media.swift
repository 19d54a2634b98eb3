import Foundation
import OData

/// Media resources of the in-memory provider (entity types with `m:HasStream`).
extension InMemoryProvider {
    /// The media resource of a media-link entity; 404 when it has none.
    package func fetchMedia(
        of entity: EntityValue, entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> (data: Data, contentType: String?) {
        return try ODataError.converting {
            let resource = try withStore("media \(entity.entityType.name)") { try $0.media(of: entity, in: entitySet) }
            return (resource.data, resource.contentType)

        }
    }

    /// Replaces the media resource of a media-link entity (checking its media ETag); returns the new ETag.
    @discardableResult
    package func uploadMedia(
        of entity: EntityValue, body: HTTPBody, contentType: String, entitySet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> String? {
        return try ODataError.converting {
            let data = try Self.bytes(of: body)
            return try withStore("upload \(entity.entityType.name)") { store in
                let ref = try store.ref(of: entity, in: entitySet)
                try Self.checkMediaEntity(ref, store)
                try InMemoryStore.checkETag(entity.metadata.mediaETag, stored: store.media[ref]?.etag)
                return try store.setMedia(ref, data: data, contentType: contentType)
            }

        }
    }

    /// Creates a media-link entity from its media resource. Its key is `slug` when the type has a single
    /// string key, else the next free number of a single integer key.
    package func createMedia(
        in entitySet: EntitySetDescriptor, body: HTTPBody, contentType: String, slug: String? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> EntityValue {
        return try ODataError.converting {
            let data = try Self.bytes(of: body)
            var entity = EntityValue(type: entitySet.entityType)
            let keys = entitySet.entityType.keyProperties
            if let slug, keys.count == 1, let key = keys.first, key.type.primitiveType == .string { try entity.set(key, to: .string(slug)) }
            return try withStore("createMedia \(entitySet.name)") { store in
                store.register(entitySet)
                try Self.checkMediaEntity(EntityRef(set: entitySet.name, key: entity.key), store)
                let created = try store.create(entity, in: entitySet)
                let ref = try store.ref(of: created, in: entitySet)
                _ = try store.setMedia(ref, data: data, contentType: contentType)
                return try store.entity(ref)
            }

        }
    }

    private static func bytes(of body: HTTPBody) throws -> Data {
        switch body {
        case .none: return Data()
        case .data(let data): return data
        case .file(let url): return try Data(contentsOf: url)
        }
    }

    private static func checkMediaEntity(_ ref: EntityRef, _ store: InMemoryStore) throws {
        guard let type = store.sets[ref.set]?.entityType, type.hasStream else {
            throw ODataError(.invalidRequest, "entities of \(ref.set) are not media-link entries (no m:HasStream)")
        }
    }
}

extension InMemoryStore {
    /// The media resource of a stored media-link entity; 404 when it has none.
    func media(of entity: EntityValue, in set: EntitySetDescriptor?) throws -> MediaResource {
        let ref = try ref(of: entity, in: set)
        _ = try self.entity(ref)
        guard let resource = media[ref] else { throw Self.notFound("\(Self.uri(of: ref)) has no media resource") }
        return resource
    }

    /// Stores a media resource and records its content type and ETag in the entity's metadata.
    mutating func setMedia(_ ref: EntityRef, data: Data, contentType: String) throws -> String {
        guard let index = index(of: ref) else { throw Self.notFound("\(Self.uri(of: ref)) does not exist") }
        let etag = nextETag()
        media[ref] = MediaResource(data: data, contentType: contentType, etag: etag)
        entities[ref.set]?[index].metadata.mediaContentType = contentType
        entities[ref.set]?[index].metadata.mediaETag = etag
        return etag
    }
}
