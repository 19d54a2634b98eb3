import Foundation

/// A provider that answers operations itself, from a store it holds: the offline store (`OfflineODataProvider`)
/// and the in-memory test service (`InMemoryProvider`). Each implements the primitives of its store; the one switch
/// over operations (`runLocally(_:headers:)`) and the semantics both share (a property's `$value`, a media download,
/// a `$batch` and how its reads are decoded) are written once, here.
package protocol LocalProvider: DataServiceProvider {
    /// The service root the provider's batch answers and links are relative to.
    var serviceRoot: URL { get }

    /// A 404 error for something the store does not hold, in the provider's words.
    func notFound(_ message: String) -> ODataError
    /// One page of a collection (and the entities of an entity-returning function import).
    func fetchEntities(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws(ODataError) -> EntityList
    /// The page a next link of `fetchEntities` addresses.
    func fetchPage(nextLink: String, for query: DataQuery, headers: HTTPHeaders) async throws(ODataError) -> EntityList
    /// One entity; none is a 404.
    func fetchEntity(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws(ODataError) -> EntityValue
    /// The number of entities a query addresses.
    func fetchCount(_ query: DataQuery, headers: HTTPHeaders) async throws(ODataError) -> Int
    /// A property of the entity a query addresses.
    func fetchProperty(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders) async throws(ODataError) -> EdmValue
    /// Loads a navigation property into a stored entity.
    func loadProperty(_ navigation: NavigationDescriptor, into entity: inout EntityValue, query: DataQuery, headers: HTTPHeaders)
        async throws(ODataError)
    /// A function import's result.
    func invokeFunction(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws(ODataError) -> FunctionResult
    /// The `$metadata` document the provider holds.
    func fetchMetadataDocument(headers: HTTPHeaders) async throws(ODataError) -> Data
    /// Creates an entity.
    func createEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor, headers: HTTPHeaders) async throws(ODataError)
        -> EntityValue
    /// Creates an entity related to `parent`.
    func createRelatedEntity(
        _ entity: EntityValue, in parent: EntityValue, property: NavigationDescriptor, parentSet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws(ODataError) -> EntityValue
    /// Updates an entity, checking its ETag.
    func updateEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor?, headers: HTTPHeaders, options: RequestOptions)
        async throws(ODataError) -> EntityValue
    /// Deletes an entity, checking its ETag.
    func deleteEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor?, headers: HTTPHeaders, options: RequestOptions)
        async throws(ODataError)
    /// The URIs of the entities a navigation property links to.
    func fetchLinks(from entity: EntityValue, property: NavigationDescriptor, entitySet: EntitySetDescriptor?, headers: HTTPHeaders)
        async throws(ODataError) -> LinkList
    /// Adds a link from a to-many navigation property.
    func addLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor?,
        targetSet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws(ODataError)
    /// Replaces the target of a to-one navigation property.
    func setLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor?,
        targetSet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws(ODataError)
    /// Removes a link.
    func removeLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue?, entitySet: EntitySetDescriptor?,
        headers: HTTPHeaders
    ) async throws(ODataError)
    /// The media resource of a media-link entity.
    func fetchMedia(of entity: EntityValue, entitySet: EntitySetDescriptor?, headers: HTTPHeaders) async throws(ODataError)
        -> (data: Data, contentType: String?)
    /// Replaces the media resource of a media-link entity; the new ETag.
    func uploadMedia(of entity: EntityValue, body: HTTPBody, contentType: String, entitySet: EntitySetDescriptor?, headers: HTTPHeaders)
        async throws(ODataError) -> String?
    /// Creates a media-link entity.
    func createMedia(in entitySet: EntitySetDescriptor, body: HTTPBody, contentType: String, slug: String?, headers: HTTPHeaders)
        async throws(ODataError) -> EntityValue
    /// The entities of a batch read, as they go into its answer.
    func batchRead(_ query: DataQuery, headers: HTTPHeaders) async throws(ODataError) -> EntityList
    /// Applies a changeset's operations all or nothing; the answer of each.
    func applyChangeSet(_ operations: [BatchOperation], headers: HTTPHeaders) async throws -> [BatchPartResponse]
    /// How the entities of the batch's reads are decoded (derived types by the provider's model, if it has one).
    func batchTypeResolver() throws(ODataError) -> (@Sendable (String) -> EntityTypeDescriptor?)?
}

extension LocalProvider {
    /// A batch read answers the query's page.
    package func batchRead(_ query: DataQuery, headers: HTTPHeaders) async throws(ODataError) -> EntityList {
        try await fetchEntities(query, headers: headers, options: RequestOptions())
    }

    /// Runs an operation against the provider's store: the one switch over operations of every local provider.
    package func runLocally<Output>(_ operation: DataServiceOperation<Output>, headers: HTTPHeaders) async throws(ODataError) -> Output {
        switch operation.kind {
        case .fetchEntities(let query, let options, let answer):
            return answer(try await fetchEntities(query, headers: headers, options: options))
        case .fetchPage(let nextLink, let query, let answer):
            return answer(try await fetchPage(nextLink: nextLink, for: query, headers: headers))
        case .streamPage(let query, let nextLink, let answer):
            guard let nextLink else {
                return answer(EntityPageStream(page: try await fetchEntities(query, headers: headers, options: RequestOptions())))
            }
            return answer(EntityPageStream(page: try await fetchPage(nextLink: nextLink, for: query, headers: headers)))
        case .fetchEntity(let query, let options, let answer):
            return answer(try await fetchEntity(query, headers: headers, options: options))
        case .fetchCount(let query, let answer): return answer(try await fetchCount(query, headers: headers))
        case .fetchProperty(let property, let query, let answer):
            return answer(try await fetchProperty(property, of: query, headers: headers))
        case .fetchPropertyValue(let property, let query, let answer):
            return answer(try await propertyValue(property, of: query, headers: headers))
        case .loadProperty(let navigation, let entity, let query, let answer):
            var loaded = entity
            try await loadProperty(navigation, into: &loaded, query: query, headers: headers)
            return answer(loaded)
        case .invokeFunction(let query, let options, let answer):
            return answer(try await invokeFunction(query, headers: headers, options: options))
        case .fetchMetadataDocument(let answer): return answer(try await fetchMetadataDocument(headers: headers))
        case .createEntity(let entity, let set, let answer): return answer(try await createEntity(entity, in: set, headers: headers))
        case .createRelatedEntity(let entity, let parent, let property, let parentSet, let answer):
            return answer(try await createRelatedEntity(entity, in: parent, property: property, parentSet: parentSet, headers: headers))
        case .updateEntity(let entity, let set, let options, let answer):
            return answer(try await updateEntity(entity, in: set, headers: headers, options: options))
        case .deleteEntity(let entity, let set, let options, let answer):
            return answer(try await deleteEntity(entity, in: set, headers: headers, options: options))
        case .fetchLinks(let entity, let property, let set, let answer):
            return answer(try await fetchLinks(from: entity, property: property, entitySet: set, headers: headers))
        case .addLink(let entity, let property, let target, let set, let targetSet, let answer):
            return answer(
                try await addLink(from: entity, property: property, to: target, entitySet: set, targetSet: targetSet, headers: headers))
        case .setLink(let entity, let property, let target, let set, let targetSet, let answer):
            return answer(
                try await setLink(from: entity, property: property, to: target, entitySet: set, targetSet: targetSet, headers: headers))
        case .removeLink(let entity, let property, let target, let set, let answer):
            return answer(try await removeLink(from: entity, property: property, to: target, entitySet: set, headers: headers))
        case .fetchMedia(let entity, let set, let answer): return answer(try await fetchMedia(of: entity, entitySet: set, headers: headers))
        case .downloadMedia(let entity, let file, let set, let answer):
            return answer(try await downloadMedia(of: entity, to: file, entitySet: set, headers: headers))
        case .uploadMedia(let entity, let body, let contentType, let set, let answer):
            return answer(try await uploadMedia(of: entity, body: body, contentType: contentType, entitySet: set, headers: headers))
        case .createMedia(let set, let body, let contentType, let slug, let answer):
            return answer(try await createMedia(in: set, body: body, contentType: contentType, slug: slug, headers: headers))
        case .processBatch(let batch, let answer): return answer(try await processBatch(batch, headers: headers))
        }
    }

    /// The raw `$value` of a primitive property: its text (binary as is); 404 when null.
    private func propertyValue(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders) async throws(ODataError) -> Data {
        let value = try await fetchProperty(property, of: query, headers: headers)
        if case .binary(let data) = value { return data }
        guard !value.isNull, let text = EdmJSONForm.format(value)?.text else {
            throw notFound("\(query.resourcePath)/\(property.name) has no value")
        }
        return Data(text.utf8)
    }

    /// Writes the media resource of a media-link entity into a file; its content type.
    private func downloadMedia(of entity: EntityValue, to file: URL, entitySet: EntitySetDescriptor?, headers: HTTPHeaders)
        async throws(ODataError) -> String?
    {
        let media = try await fetchMedia(of: entity, entitySet: entitySet, headers: headers)
        do {
            try media.data.write(to: file, options: .atomic)
        } catch {
            throw ODataError(.invalidRequest, "\(serviceName): cannot write the media resource to \(file.path)", underlyingError: error)
        }
        return media.contentType
    }

    /// Runs the batch's reads and changesets in order and records each outcome in the batch as a server's `$batch`
    /// answer would: a read's entities as a JSON feed, a changeset's 201/204 responses, or one error response for a
    /// failed changeset (applied all or nothing). Parts added as raw `BatchPartRequest`s fail with 501.
    private func processBatch(_ batch: RequestBatch, headers: HTTPHeaders) async throws(ODataError) {
        var responses: [BatchItemResponse] = []
        for part in batch.parts {
            switch part {
            case .read(.read(let query)):
                do {
                    responses.append(.query(BatchPartCodec.feed(try await batchRead(query, headers: headers), serviceRoot: serviceRoot)))
                } catch {
                    responses.append(.query(BatchPartCodec.failure(error)))
                }
            case .read:
                responses.append(.query(BatchPartCodec.failure(rawPartError)))
            case .changes(let changeSet):
                do {
                    responses.append(.changeSet(try await applyChangeSet(changeSet.operations, headers: headers)))
                } catch {
                    responses.append(.changeSet([BatchPartCodec.failure(error)]))
                }
            }
        }
        let root = serviceRoot
        let resolver = try batchTypeResolver()
        batch.decoder = { part, query in try BatchPartCodec.entities(from: part, for: query, serviceRoot: root, typeResolver: resolver) }
        do { try batch.record(responses, serviceRoot: serviceRoot) } catch { throw ODataError(wrapping: error) }
    }

    /// The error of a batch part given as a raw request, which a local provider cannot run.
    package var rawPartError: ODataError {
        ODataError(.unsupportedOperation, "\(serviceName): a batch part given as a raw request cannot be run locally")
    }
}
