import Foundation
import OData

/// The rest of `DataServiceProvider`, answered from the store.
extension OfflineODataProvider {
    /// Carries out an operation against the store: each case runs this provider's implementation of it. Results
    /// are never paged, so a next link is `.unsupportedOperation`.
    public func perform(_ operation: DataServiceOperation, headers: HTTPHeaders) async throws(ODataError) -> DataServiceResult {
        switch operation {
        case .fetchEntities(let query, let options): return .entities(try await fetchEntities(query, headers: headers, options: options))
        case .fetchPage(let nextLink, _):
            throw ODataError(.unsupportedOperation, "offline store: results are not paged, there is no page at \(nextLink)")
        case .fetchEntity(let query, let options): return .entity(try await fetchEntity(query, headers: headers, options: options))
        case .fetchCount(let query): return .count(try await fetchCount(query, headers: headers))
        case .fetchProperty(let property, let query): return .value(try await fetchProperty(property, of: query, headers: headers))
        case .fetchPropertyValue(let property, let query):
            return .data(try await fetchPropertyValue(property, of: query, headers: headers), contentType: nil)
        case .loadProperty(let navigation, var entity, let query):
            try await loadProperty(navigation, into: &entity, query: query, headers: headers)
            return .entity(entity)
        case .invokeFunction(let query, let options): return .function(try await invokeFunction(query, headers: headers, options: options))
        case .fetchMetadataDocument: return .data(try await fetchMetadataDocument(headers: headers), contentType: "application/xml")
        case .createEntity(let entity, let set): return .entity(try await createEntity(entity, in: set, headers: headers))
        case .createRelatedEntity(let entity, let parent, let property, let parentSet):
            return .entity(try await createRelatedEntity(entity, in: parent, property: property, parentSet: parentSet, headers: headers))
        case .updateEntity(let entity, let set, let options):
            return .entity(try await updateEntity(entity, in: set, headers: headers, options: options))
        case .deleteEntity(let entity, let set, let options): try await deleteEntity(entity, in: set, headers: headers, options: options)
        case .fetchLinks(let entity, let property, let set):
            return .links(try await fetchLinks(from: entity, property: property, entitySet: set, headers: headers))
        case .addLink(let entity, let property, let target, let set, let targetSet):
            try await addLink(from: entity, property: property, to: target, entitySet: set, targetSet: targetSet, headers: headers)
        case .setLink(let entity, let property, let target, let set, let targetSet):
            try await setLink(from: entity, property: property, to: target, entitySet: set, targetSet: targetSet, headers: headers)
        case .removeLink(let entity, let property, let target, let set):
            try await removeLink(from: entity, property: property, to: target, entitySet: set, headers: headers)
        case .fetchMedia(let entity, let set):
            let media = try await fetchMedia(of: entity, entitySet: set, headers: headers)
            return .data(media.data, contentType: media.contentType)
        case .downloadMedia(let entity, let file, let set):
            return .contentType(try await downloadMedia(of: entity, to: file, entitySet: set, headers: headers))
        case .uploadMedia(let entity, let body, let contentType, let set):
            return .etag(try await uploadMedia(of: entity, body: body, contentType: contentType, entitySet: set, headers: headers))
        case .createMedia(let set, let body, let contentType, let slug):
            return .entity(try await createMedia(in: set, body: body, contentType: contentType, slug: slug, headers: headers))
        case .processBatch(let batch): try await processBatch(batch, headers: headers)
        }
        return DataServiceResult.none
    }

    /// A single property of the entity a query addresses.
    func fetchProperty(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders())
        async throws(ODataError)
        -> EdmValue
    {
        return try ODataError.converting {
            let entity = try openStore().fetchOne(query)
            guard let value = entity[property.name] else {
                throw OfflineStore.notFound("\(query.resourcePath)/\(property.name) is not stored")
            }
            return value

        }
    }

    /// The raw value (`$value`) of a primitive property of the entity a query addresses.
    func fetchPropertyValue(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders())
        async throws(ODataError) -> Data
    {
        return try await ODataError.converting {
            let value = try await fetchProperty(property, of: query, headers: headers)
            if case .binary(let data) = value { return data }
            guard !value.isNull, let text = EdmJSONForm.format(value)?.text else {
                throw OfflineStore.notFound("\(query.resourcePath)/\(property.name) has no value")
            }
            return Data(text.utf8)

        }
    }

    /// The stored `$metadata` document.
    func fetchMetadataDocument(headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) -> Data {
        return try ODataError.converting {
            guard let metadata = try openStore().meta("metadata") else {
                throw ODataError(.invalidRequest, "offline store: no $metadata stored")
            }
            return metadata

        }
    }

    /// The URIs (relative to the service root) of the entities a navigation property of an entity links to.
    func fetchLinks(
        from entity: EntityValue, property: NavigationDescriptor, entitySet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> LinkList {
        return try ODataError.converting {
            let store = try openStore()
            let (set, key) = try store.locate(entity, set: entitySet)
            guard try store.row(set: set, key: key) != nil else { throw OfflineStore.notFound("\(set)\(key) is not in the offline store") }
            let uris = try store.related(of: set, key, navigation: property.name).map { $0.uri ?? ($0.set + $0.key) }
            return LinkList(uris: uris, count: uris.count)

        }
    }

    /// Writes the stored media resource of a media entity to a file; returns its content type.
    @discardableResult
    func downloadMedia(
        of entity: EntityValue, to file: URL, entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> String? {
        return try await ODataError.converting {
            let media = try await fetchMedia(of: entity, entitySet: entitySet, headers: headers)
            do {
                try media.data.write(to: file, options: .atomic)
            } catch {
                throw ODataError(.invalidRequest, "offline store: cannot write the media resource to \(file.path)", underlyingError: error)
            }
            return media.contentType

        }
    }
}
