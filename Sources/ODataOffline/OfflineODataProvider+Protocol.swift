import Foundation
import OData

/// `DataServiceProvider` through `LocalProvider`, answered from the store.
extension OfflineODataProvider {
    /// Runs an operation against the store (see `LocalProvider`). Results are never paged, so a next link is
    /// `.unsupportedOperation`.
    public func send<Output>(_ operation: DataServiceOperation<Output>, headers: HTTPHeaders) async throws(ODataError) -> Output {
        try await runLocally(operation, headers: headers)
    }

    /// Results are never paged: there is no page at a next link.
    package func fetchPage(nextLink: String, for query: DataQuery, headers: HTTPHeaders) async throws(ODataError) -> EntityList {
        throw ODataError(.unsupportedOperation, "offline store: results are not paged, there is no page at \(nextLink)")
    }

    /// A 404 for something the store does not hold.
    package func notFound(_ message: String) -> ODataError { OfflineStore.notFound(message) }

    /// A single property of the entity a query addresses.
    package func fetchProperty(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders())
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

    /// The stored `$metadata` document.
    package func fetchMetadataDocument(headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) -> Data {
        return try ODataError.converting {
            guard let metadata = try openStore().meta("metadata") else {
                throw ODataError(.invalidRequest, "offline store: no $metadata stored")
            }
            return metadata

        }
    }

    /// The URIs (relative to the service root) of the entities a navigation property of an entity links to.
    package func fetchLinks(
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
}
