import Foundation

/// What a data service needs from whatever carries its requests: an online service over HTTP
/// (`OnlineODataProvider`), an offline store, or an in-memory test double. Generated containers are
/// generic over it (`ESPMContainer<OnlineODataProvider>`) and call nothing else.
///
/// Every operation of OData v2 is a requirement, and every requirement throws `ODataError` only
/// (`throws(ODataError)`: the compiler holds the rule; an implementation turns any other error into one
/// with `ODataError(wrapping:)`). A provider that cannot do an operation implements it by throwing
/// `ODataError` with kind `.unsupportedOperation`; there are no silent defaults.
/// Conformers may give the `headers`, `options` and descriptor parameters default values.
public protocol DataServiceProvider: Sendable {
    /// The service's name, for logs and errors.
    var serviceName: String { get }

    // MARK: Reads

    /// Reads one page of a collection (entity set, navigation, or entity-returning function) with the
    /// query's options. Server-driven paging is not followed: `nextLink` of the result is the next page.
    func fetchEntities(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws(ODataError) -> EntityList

    /// Reads the page a server-driven next link (`EntityList.nextLink` of a page of `query`) addresses.
    func fetchPage(nextLink: String, for query: DataQuery, headers: HTTPHeaders) async throws(ODataError) -> EntityList

    /// Reads one entity (by key, or a to-one navigation); throws when there is none.
    func fetchEntity(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws(ODataError) -> EntityValue

    /// The number of entities a query addresses (`/$count`, honouring `$filter`).
    func fetchCount(_ query: DataQuery, headers: HTTPHeaders) async throws(ODataError) -> Int

    /// Reads a single property of the addressed entity (`Customers('1')/City`).
    func fetchProperty(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders) async throws(ODataError) -> EdmValue

    /// Reads the raw `$value` of a primitive property (`Customers('1')/City/$value`).
    func fetchPropertyValue(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders) async throws(ODataError) -> Data

    /// Loads a navigation property into an entity: the related entities (to-many) or entity (to-one)
    /// replace the entity's navigation state.
    func loadProperty(
        _ navigation: NavigationDescriptor, into entity: inout EntityValue, query: DataQuery, headers: HTTPHeaders
    ) async throws(ODataError)

    /// Invokes a function import (`query.invocation`) and returns its decoded result.
    func invokeFunction(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws(ODataError) -> FunctionResult

    /// The service's `$metadata` document.
    func fetchMetadataDocument(headers: HTTPHeaders) async throws(ODataError) -> Data

    // MARK: Writes

    /// Creates an entity in an entity set and returns the provider's version of it (key, ETag, edit
    /// link). Loaded navigation properties are deep-inserted (new entities) or bound (existing ones).
    func createEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor, headers: HTTPHeaders) async throws(ODataError)
        -> EntityValue

    /// Creates an entity related to `parent` through a navigation property (`POST Parent(key)/Nav`).
    func createRelatedEntity(
        _ entity: EntityValue, in parent: EntityValue, property: NavigationDescriptor, parentSet: EntitySetDescriptor?,
        headers: HTTPHeaders
    ) async throws(ODataError) -> EntityValue

    /// Updates an entity (`options.updateMode`: MERGE or PATCH with the changed properties, PUT with
    /// all), checking its ETag; returns it with changes accepted and the new ETag.
    func updateEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor?, headers: HTTPHeaders, options: RequestOptions
    ) async throws(ODataError) -> EntityValue

    /// Deletes an entity, checking its ETag.
    func deleteEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor?, headers: HTTPHeaders, options: RequestOptions)
        async throws(ODataError)

    // MARK: $links

    /// The URIs of the entities a navigation property links to (`$links`).
    func fetchLinks(
        from entity: EntityValue, property: NavigationDescriptor, entitySet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws(ODataError) -> LinkList

    /// Adds a link from a to-many navigation property to `target`.
    func addLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor?,
        targetSet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws(ODataError)

    /// Replaces the target of a to-one navigation property.
    func setLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor?,
        targetSet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws(ODataError)

    /// Removes a link: to `target` for a to-many navigation property, the link itself for a to-one.
    func removeLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue?, entitySet: EntitySetDescriptor?,
        headers: HTTPHeaders
    ) async throws(ODataError)

    // MARK: Media

    /// The media resource of a media-link entity, in memory, with its content type.
    func fetchMedia(
        of entity: EntityValue, entitySet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws(ODataError) -> (data: Data, contentType: String?)

    /// Writes the media resource of a media-link entity into a file; returns the content type.
    func downloadMedia(of entity: EntityValue, to file: URL, entitySet: EntitySetDescriptor?, headers: HTTPHeaders) async throws(ODataError)
        -> String?

    /// Replaces the media resource of a media-link entity; returns the new ETag, if any.
    func uploadMedia(
        of entity: EntityValue, body: HTTPBody, contentType: String, entitySet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws(ODataError) -> String?

    /// Creates a media-link entity from its media resource (`Slug` names it); returns the created entity.
    func createMedia(
        in entitySet: EntitySetDescriptor, body: HTTPBody, contentType: String, slug: String?, headers: HTTPHeaders
    ) async throws(ODataError) -> EntityValue

    // MARK: $batch

    /// Runs a batch of reads and changesets; each read and changeset gets its result or typed error
    /// in the batch (`RequestBatch.queryResult(at:)`, `ChangeSet.isSuccess`, `ChangeSet.error`).
    func processBatch(_ batch: RequestBatch, headers: HTTPHeaders) async throws(ODataError)

    /// Decodes the entities of a successful batch read of `query` (from `RequestBatch.queryResult(at:)`).
    func entities(from part: BatchPartResponse, for query: DataQuery) throws(ODataError) -> EntityList
}
