import Foundation

extension DataServiceOperation where Output == EntityList {
    /// One page of a collection (entity set, navigation, or entity-returning function) with the query's options.
    /// Server-driven paging is not followed: `nextLink` of the page is the next one.
    @inlinable
    public static func fetchEntities(_ query: DataQuery, options: RequestOptions = RequestOptions()) -> Self {
        Self(.fetchEntities(query, options: options, answer: Answer()))
    }

    /// The page a server-driven next link (`EntityList.nextLink` of a page of `query`) addresses.
    @inlinable
    public static func fetchPage(nextLink: String, for query: DataQuery) -> Self {
        Self(.fetchPage(nextLink: nextLink, query: query, answer: Answer()))
    }
}

extension DataServiceOperation where Output == EntityValue {
    /// One entity (by key, or a to-one navigation); none is an error.
    @inlinable
    public static func fetchEntity(_ query: DataQuery, options: RequestOptions = RequestOptions()) -> Self {
        Self(.fetchEntity(query, options: options, answer: Answer()))
    }

    /// `entity` with a navigation property loaded: the related entities (to-many) or entity (to-one), read with
    /// the query's options.
    @inlinable
    public static func loadProperty(_ navigation: NavigationDescriptor, of entity: EntityValue, query: DataQuery = DataQuery()) -> Self {
        Self(.loadProperty(navigation, of: entity, query: query, answer: Answer()))
    }

    /// Creates an entity in an entity set: the provider's version of it (key, ETag, edit link). Loaded navigation
    /// properties are deep-inserted (new entities) or bound (existing ones).
    @inlinable
    public static func createEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor) -> Self {
        Self(.createEntity(entity, in: entitySet, answer: Answer()))
    }

    /// Creates an entity related to `parent` through a navigation property (`POST Parent(key)/Nav`).
    @inlinable
    public static func createRelatedEntity(
        _ entity: EntityValue, in parent: EntityValue, property: NavigationDescriptor, parentSet: EntitySetDescriptor? = nil
    ) -> Self {
        Self(.createRelatedEntity(entity, parent: parent, property: property, parentSet: parentSet, answer: Answer()))
    }

    /// Updates an entity (`options.updateMode`: MERGE or PATCH with the changed properties, PUT with all),
    /// checking its ETag: the entity with its changes accepted and the new ETag.
    @inlinable
    public static func updateEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, options: RequestOptions = RequestOptions()
    ) -> Self {
        Self(.updateEntity(entity, in: entitySet, options: options, answer: Answer()))
    }

    /// Creates a media-link entity from its media resource (`Slug` names it).
    @inlinable
    public static func createMedia(in entitySet: EntitySetDescriptor, body: HTTPBody, contentType: String, slug: String? = nil) -> Self {
        Self(.createMedia(in: entitySet, body: body, contentType: contentType, slug: slug, answer: Answer()))
    }
}

extension DataServiceOperation where Output == Void {
    /// Deletes an entity, checking its ETag.
    @inlinable
    public static func deleteEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, options: RequestOptions = RequestOptions()
    ) -> Self {
        Self(.deleteEntity(entity, in: entitySet, options: options, answer: Answer()))
    }

    /// Adds a link from a to-many navigation property to `target`.
    @inlinable
    public static func addLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor? = nil,
        targetSet: EntitySetDescriptor? = nil
    ) -> Self {
        Self(.addLink(from: entity, property: property, to: target, entitySet: entitySet, targetSet: targetSet, answer: Answer()))
    }

    /// Replaces the target of a to-one navigation property.
    @inlinable
    public static func setLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor? = nil,
        targetSet: EntitySetDescriptor? = nil
    ) -> Self {
        Self(.setLink(from: entity, property: property, to: target, entitySet: entitySet, targetSet: targetSet, answer: Answer()))
    }

    /// Removes a link: to `target` for a to-many navigation property, the link itself for a to-one.
    @inlinable
    public static func removeLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue? = nil, entitySet: EntitySetDescriptor? = nil
    ) -> Self {
        Self(.removeLink(from: entity, property: property, to: target, entitySet: entitySet, answer: Answer()))
    }

    /// Runs a batch of reads and changesets; each read and changeset gets its result or typed error in the batch
    /// (`RequestBatch.queryResult(at:)`, `ChangeSet.isSuccess`, `ChangeSet.error`).
    @inlinable
    public static func processBatch(_ batch: RequestBatch) -> Self {
        Self(.processBatch(batch, answer: Answer()))
    }
}

extension DataServiceOperation where Output == Int {
    /// The number of entities a query addresses (`/$count`, honouring `$filter`).
    @inlinable
    public static func fetchCount(_ query: DataQuery) -> Self {
        Self(.fetchCount(query, answer: Answer()))
    }
}

extension DataServiceOperation where Output == EdmValue {
    /// A single property of the addressed entity (`Customers('1')/City`).
    @inlinable
    public static func fetchProperty(_ property: PropertyDescriptor, of query: DataQuery) -> Self {
        Self(.fetchProperty(property, of: query, answer: Answer()))
    }
}

extension DataServiceOperation where Output == Data {
    /// The raw `$value` of a primitive property (`Customers('1')/City/$value`).
    @inlinable
    public static func fetchPropertyValue(_ property: PropertyDescriptor, of query: DataQuery) -> Self {
        Self(.fetchPropertyValue(property, of: query, answer: Answer()))
    }

    /// The service's `$metadata` document.
    public static var fetchMetadataDocument: Self { Self(.fetchMetadataDocument(answer: Answer())) }
}

extension DataServiceOperation where Output == FunctionResult {
    /// A function import (`query.invocation`), its result decoded.
    @inlinable
    public static func invokeFunction(_ query: DataQuery, options: RequestOptions = RequestOptions()) -> Self {
        Self(.invokeFunction(query, options: options, answer: Answer()))
    }
}

extension DataServiceOperation where Output == LinkList {
    /// The URIs of the entities a navigation property links to (`$links`).
    @inlinable
    public static func fetchLinks(from entity: EntityValue, property: NavigationDescriptor, entitySet: EntitySetDescriptor? = nil) -> Self {
        Self(.fetchLinks(from: entity, property: property, entitySet: entitySet, answer: Answer()))
    }
}

extension DataServiceOperation where Output == (data: Data, contentType: String?) {
    /// The media resource of a media-link entity, in memory, with its content type.
    @inlinable
    public static func fetchMedia(of entity: EntityValue, entitySet: EntitySetDescriptor? = nil) -> Self {
        Self(.fetchMedia(of: entity, entitySet: entitySet, answer: Answer()))
    }
}

extension DataServiceOperation where Output == String? {
    /// Writes the media resource of a media-link entity into a file: its content type.
    @inlinable
    public static func downloadMedia(of entity: EntityValue, to file: URL, entitySet: EntitySetDescriptor? = nil) -> Self {
        Self(.downloadMedia(of: entity, to: file, entitySet: entitySet, answer: Answer()))
    }

    /// Replaces the media resource of a media-link entity: the new ETag, if any.
    @inlinable
    public static func uploadMedia(
        of entity: EntityValue, body: HTTPBody, contentType: String, entitySet: EntitySetDescriptor? = nil
    ) -> Self {
        Self(.uploadMedia(of: entity, body: body, contentType: contentType, entitySet: entitySet, answer: Answer()))
    }
}

extension DataServiceOperation where Output == EntityPageStream {
    /// One page of a query delivered while it arrives: the first page (`nextLink` nil) or the page a next link of
    /// a page of the query addresses. `PagedEntities` reads every page this way.
    @inlinable
    public static func streamPage(_ query: DataQuery, nextLink: String? = nil) -> Self {
        Self(.streamPage(query, nextLink: nextLink, answer: Answer()))
    }
}
