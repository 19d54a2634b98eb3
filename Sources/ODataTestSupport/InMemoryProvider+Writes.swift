import Foundation
import OData

/// Writes and `$links` of the in-memory provider.
extension InMemoryProvider {
    /// Creates an entity (deep-inserting or binding its loaded navigation properties).
    package func createEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor, headers: HTTPHeaders = HTTPHeaders())
        async throws(ODataError)
        -> EntityValue
    {
        return try ODataError.converting {
            try withStore("create \(entitySet.name)") { try $0.create(entity, in: entitySet) }

        }
    }

    /// Creates an entity in the target set of `property` and links `parent` to it.
    package func createRelatedEntity(
        _ entity: EntityValue, in parent: EntityValue, property: NavigationDescriptor, parentSet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> EntityValue {
        return try ODataError.converting {
            try withStore("create \(property.name)") { store in
                let source = try store.ref(of: parent, in: parentSet)
                _ = try store.entity(source)
                let created = try store.create(entity, in: try store.set(holding: property.targetType))
                let target = try store.ref(of: created, in: nil)
                try store.link(source, property, to: target, replacing: !property.isCollection)
                return created
            }

        }
    }

    /// Updates an entity (MERGE/PATCH: changed properties; PUT: all), checking its ETag.
    package func updateEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions()
    ) async throws(ODataError) -> EntityValue {
        return try ODataError.converting {
            if options.updateMode != .replace && !entity.hasChanges { return entity }
            return try withStore("update \(options.updateMode.rawValue) \(entity.entityType.name)") {
                try $0.update(entity, in: entitySet, mode: options.updateMode)
            }

        }
    }

    /// Deletes an entity, its links and its media resource, checking its ETag.
    package func deleteEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions()
    ) async throws(ODataError) {
        try ODataError.converting {
            try withStore("delete \(entity.entityType.name)") { try $0.delete(entity, in: entitySet) }

        }
    }

    /// The URIs (relative to the service root) of the entities a navigation property links to.
    package func fetchLinks(
        from entity: EntityValue, property: NavigationDescriptor, entitySet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> LinkList {
        return try ODataError.converting {
            try withStore("links \(property.name)") { store in
                let source = try store.ref(of: entity, in: entitySet)
                _ = try store.entity(source)
                return LinkList(uris: try store.targets(of: source, property).compactMap(\.metadata.uri))
            }

        }
    }

    /// Adds a link of a to-many navigation property.
    package func addLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor? = nil,
        targetSet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        try ODataError.converting {
            try withStore("addLink \(property.name)") { store in
                try store.link(
                    try store.ref(of: entity, in: entitySet), property, to: try store.ref(of: target, in: targetSet), replacing: false)
            }

        }
    }

    /// Sets the target of a to-one navigation property.
    package func setLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor? = nil,
        targetSet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        try ODataError.converting {
            try withStore("setLink \(property.name)") { store in
                try store.link(
                    try store.ref(of: entity, in: entitySet), property, to: try store.ref(of: target, in: targetSet), replacing: true)
            }

        }
    }

    /// Removes a link (to `target` for a to-many navigation property).
    package func removeLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue? = nil,
        entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        try ODataError.converting {
            try withStore("removeLink \(property.name)") { store in
                let targetRef = try target.map { try store.ref(of: $0, in: nil) }
                try store.unlink(try store.ref(of: entity, in: entitySet), property, from: targetRef)
            }

        }
    }
}
