import Foundation
import OData

/// The rest of `DataServiceProvider`, answered from the store.
extension OfflineODataProvider {
    /// The store answers a query with all its entities at once, so there is never a next page.
    public func fetchPage(nextLink: String, for query: DataQuery, headers: HTTPHeaders) async throws(ODataError) -> EntityList {
        return try ODataError.converting {
            throw ODataError(.unsupportedOperation, "offline store: results are not paged, there is no page at \(nextLink)")

        }
    }

    /// A single property of the entity a query addresses.
    public func fetchProperty(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders())
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
    public func fetchPropertyValue(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders())
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
    public func fetchMetadataDocument(headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) -> Data {
        return try ODataError.converting {
            guard let metadata = try openStore().meta("metadata") else {
                throw ODataError(.invalidRequest, "offline store: no $metadata stored")
            }
            return metadata

        }
    }

    /// The URIs (relative to the service root) of the entities a navigation property of an entity links to.
    public func fetchLinks(
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
    public func downloadMedia(
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
