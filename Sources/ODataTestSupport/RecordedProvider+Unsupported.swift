import Foundation
import OData

/// The operations recorded payloads do not cover: each throws `ODataError` `.unsupportedOperation`.
extension RecordedProvider {
    /// Unsupported: throws `.unsupportedOperation`.
    public func fetchPage(nextLink: String, for query: DataQuery, headers: HTTPHeaders) async throws(ODataError) -> EntityList {
        throw unsupported("follow next links")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func fetchCount(_ query: DataQuery, headers: HTTPHeaders) async throws(ODataError) -> Int {
        throw unsupported("count")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func fetchProperty(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders) async throws(ODataError)
        -> EdmValue
    {
        throw unsupported("read properties")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func fetchPropertyValue(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders) async throws(ODataError)
        -> Data
    {
        throw unsupported("read $value")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func loadProperty(_ navigation: NavigationDescriptor, into entity: inout EntityValue, query: DataQuery, headers: HTTPHeaders)
        async throws(ODataError)
    {
        throw unsupported("load navigation properties")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func fetchMetadataDocument(headers: HTTPHeaders) async throws(ODataError) -> Data {
        throw unsupported("read $metadata")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func createEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor, headers: HTTPHeaders) async throws(ODataError)
        -> EntityValue
    {
        throw unsupported("create entities")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func createRelatedEntity(
        _ entity: EntityValue, in parent: EntityValue, property: NavigationDescriptor, parentSet: EntitySetDescriptor?,
        headers: HTTPHeaders
    ) async throws(ODataError) -> EntityValue {
        throw unsupported("create entities")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func updateEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor?, headers: HTTPHeaders, options: RequestOptions)
        async throws(ODataError) -> EntityValue
    {
        throw unsupported("update entities")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func deleteEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor?, headers: HTTPHeaders, options: RequestOptions)
        async throws(ODataError)
    {
        throw unsupported("delete entities")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func fetchLinks(from entity: EntityValue, property: NavigationDescriptor, entitySet: EntitySetDescriptor?, headers: HTTPHeaders)
        async throws(ODataError) -> LinkList
    {
        throw unsupported("read $links")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func addLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor?,
        targetSet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws(ODataError) {
        throw unsupported("add links")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func setLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor?,
        targetSet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws(ODataError) {
        throw unsupported("set links")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func removeLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue?, entitySet: EntitySetDescriptor?,
        headers: HTTPHeaders
    ) async throws(ODataError) {
        throw unsupported("remove links")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func fetchMedia(of entity: EntityValue, entitySet: EntitySetDescriptor?, headers: HTTPHeaders) async throws(ODataError) -> (
        data: Data, contentType: String?
    ) {
        throw unsupported("read media")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func downloadMedia(of entity: EntityValue, to file: URL, entitySet: EntitySetDescriptor?, headers: HTTPHeaders)
        async throws(ODataError)
        -> String?
    {
        throw unsupported("read media")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func uploadMedia(
        of entity: EntityValue, body: HTTPBody, contentType: String, entitySet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws(ODataError) -> String? {
        throw unsupported("write media")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func createMedia(in entitySet: EntitySetDescriptor, body: HTTPBody, contentType: String, slug: String?, headers: HTTPHeaders)
        async throws(ODataError) -> EntityValue
    {
        throw unsupported("create media")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func processBatch(_ batch: RequestBatch, headers: HTTPHeaders) async throws(ODataError) {
        throw unsupported("run $batch")
    }

    /// Unsupported: throws `.unsupportedOperation`.
    public func entities(from part: BatchPartResponse, for query: DataQuery) throws(ODataError) -> EntityList {
        throw unsupported("run $batch")
    }
}
