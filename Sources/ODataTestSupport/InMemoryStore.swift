import Foundation
import OData

/// An entity's address in the in-memory store: its entity set and key.
struct EntityRef: Hashable, Sendable {
    let set: String
    let key: EntityKey
}

/// A navigation property of one stored entity.
struct LinkSource: Hashable, Sendable {
    let ref: EntityRef
    let navigation: String
}

/// A stored media resource.
struct MediaResource: Sendable {
    var data: Data
    var contentType: String
    var etag: String
}

/// The state of an `InMemoryProvider`: entities per entity set (changes accepted, navigation not
/// loaded), links per navigation property, media resources. A value, so that a changeset can run on a
/// copy and be kept only when every write succeeded.
struct InMemoryStore: Sendable {
    private(set) var sets: [String: EntitySetDescriptor] = [:]
    var entities: [String: [EntityValue]] = [:]
    var links: [LinkSource: [EntityRef]] = [:]
    var media: [EntityRef: MediaResource] = [:]
    private var version = 0

    mutating func register(_ set: EntitySetDescriptor) {
        if sets[set.name] == nil { sets[set.name] = set }
        if entities[set.name] == nil { entities[set.name] = [] }
    }

    /// A new weak ETag.
    mutating func nextETag() -> String {
        version += 1
        return "W/\"\(version)\""
    }

    /// The one registered entity set whose type is `type`.
    func set(holding type: EntityTypeDescriptor) throws -> EntitySetDescriptor {
        let holding = sets.values.filter { $0.entityType == type }
        guard holding.count == 1, let set = holding.first else {
            throw ODataError(
                .invalidRequest,
                "\(holding.isEmpty ? "no" : "\(holding.count)") registered entity sets hold \(type.qualifiedName); pass the entity set")
        }
        return set
    }

    /// The entity's address: its set (given, named by its URI, or the one set of its type) and key.
    func ref(of entity: EntityValue, in set: EntitySetDescriptor?) throws -> EntityRef {
        guard !entity.key.isIncomplete else {
            throw ODataError(.invalidRequest, "the \(entity.entityType.name) has no complete key")
        }
        if let set { return EntityRef(set: set.name, key: entity.key) }
        if let uri = entity.metadata.editLink ?? entity.metadata.uri, let name = Self.setName(inURI: uri), sets[name] != nil {
            return EntityRef(set: name, key: entity.key)
        }
        return EntityRef(set: try self.set(holding: entity.entityType).name, key: entity.key)
    }

    /// The entity set name of an entity URI (`Customers('1')`, `http://host/svc/Customers('1')`).
    static func setName(inURI uri: String) -> String? {
        let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri
        guard let open = path.firstIndex(of: "(") else { return nil }
        let head = path[..<open]
        let name = head.lastIndex(of: "/").map { head[head.index(after: $0)...] } ?? head
        return String(name).removingPercentEncoding
    }

    /// The URI of a stored entity, relative to the service root.
    static func uri(of ref: EntityRef) -> String {
        URLEncoding.encodePath(ref.set) + ref.key.predicate
    }

    func index(of ref: EntityRef) -> Int? {
        entities[ref.set]?.firstIndex { $0.key == ref.key }
    }

    /// The stored entity, or `.httpStatus` 404.
    func entity(_ ref: EntityRef) throws -> EntityValue {
        guard let index = index(of: ref), let entity = entities[ref.set]?[index] else {
            throw Self.notFound("\(Self.uri(of: ref)) does not exist")
        }
        return entity
    }

    /// The entities a navigation property of a stored entity links to, in link order.
    func targets(of ref: EntityRef, _ navigation: NavigationDescriptor) throws -> [EntityValue] {
        try (links[LinkSource(ref: ref, navigation: navigation.name)] ?? []).map(entity)
    }

    /// An entity as stored: changes accepted, navigation unloaded, URI and ETag set.
    static func canonical(_ entity: EntityValue, ref: EntityRef, etag: String) -> EntityValue {
        var stored = entity
        for navigation in stored.entityType.navigationProperties { stored[navigation] = nil }
        stored.acceptChanges()
        stored.metadata.editLink = nil
        stored.metadata.uri = uri(of: ref)
        stored.metadata.etag = etag
        return stored
    }

    static func notFound(_ message: String) -> ODataError {
        ODataError(.httpStatus, message, statusCode: 404)
    }

    /// Checks an ETag sent with a write (`If-Match`) against the stored one.
    static func checkETag(_ sent: String?, stored: String?) throws {
        if let sent, sent != "*", sent != stored {
            throw ODataError(.preconditionFailed, "ETag \(sent) is stale (now \(stored ?? "none"))", statusCode: 412)
        }
    }
}
