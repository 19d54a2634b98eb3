import Foundation

/// One operation a data service asks of its provider, with its inputs: what `DataServiceProvider.perform(_:headers:)`
/// carries out. Each case's answer is the `DataServiceResult` case its documentation names.
///
/// A provider switches over the cases it supports and answers the rest in a `default:` with `ODataError`
/// `.unsupportedOperation` (`operation.unsupported(by:)`); more cases may be added, so a provider's switch always
/// has that `default:`.
public enum DataServiceOperation: Sendable {
    /// One page of a collection (entity set, navigation, entity-returning function) with the query's options;
    /// server-driven paging is not followed. Answer: `.entities`.
    case fetchEntities(DataQuery, options: RequestOptions)
    /// The page a server-driven next link of a page of the query addresses. Answer: `.entities`.
    case fetchPage(nextLink: String, query: DataQuery)
    /// One entity (by key, or a to-one navigation); none is an error. Answer: `.entity`.
    case fetchEntity(DataQuery, options: RequestOptions)
    /// The number of entities a query addresses (`/$count`, honouring `$filter`). Answer: `.count`.
    case fetchCount(DataQuery)
    /// A single property of the addressed entity (`Customers('1')/City`). Answer: `.value`.
    case fetchProperty(PropertyDescriptor, of: DataQuery)
    /// The raw `$value` of a primitive property (`Customers('1')/City/$value`). Answer: `.data`.
    case fetchPropertyValue(PropertyDescriptor, of: DataQuery)
    /// A navigation property of an entity, read with the query's options. Answer: `.entity`, the entity with
    /// that navigation property loaded (the related entities, or the related entity or none).
    case loadProperty(NavigationDescriptor, of: EntityValue, query: DataQuery)
    /// A function import (`query.invocation`). Answer: `.function`.
    case invokeFunction(DataQuery, options: RequestOptions)
    /// The service's `$metadata` document. Answer: `.data`.
    case fetchMetadataDocument
    /// Creates an entity in an entity set (loaded navigation properties deep-inserted or bound). Answer: `.entity`,
    /// the provider's version of it (key, ETag, edit link).
    case createEntity(EntityValue, in: EntitySetDescriptor)
    /// Creates an entity related to `parent` through a navigation property (`POST Parent(key)/Nav`). Answer: `.entity`.
    case createRelatedEntity(EntityValue, parent: EntityValue, property: NavigationDescriptor, parentSet: EntitySetDescriptor?)
    /// Updates an entity (`options.updateMode`), checking its ETag. Answer: `.entity`, with its changes accepted and
    /// the new ETag.
    case updateEntity(EntityValue, in: EntitySetDescriptor?, options: RequestOptions)
    /// Deletes an entity, checking its ETag. Answer: `.none`.
    case deleteEntity(EntityValue, in: EntitySetDescriptor?, options: RequestOptions)
    /// The URIs of the entities a navigation property links to (`$links`). Answer: `.links`.
    case fetchLinks(from: EntityValue, property: NavigationDescriptor, entitySet: EntitySetDescriptor?)
    /// Adds a link from a to-many navigation property to `to`. Answer: `.none`.
    case addLink(
        from: EntityValue, property: NavigationDescriptor, to: EntityValue, entitySet: EntitySetDescriptor?, targetSet: EntitySetDescriptor?
    )
    /// Replaces the target of a to-one navigation property. Answer: `.none`.
    case setLink(
        from: EntityValue, property: NavigationDescriptor, to: EntityValue, entitySet: EntitySetDescriptor?, targetSet: EntitySetDescriptor?
    )
    /// Removes a link: to `to` for a to-many navigation property, the link itself for a to-one. Answer: `.none`.
    case removeLink(from: EntityValue, property: NavigationDescriptor, to: EntityValue?, entitySet: EntitySetDescriptor?)
    /// The media resource of a media-link entity, in memory. Answer: `.data`, with its content type.
    case fetchMedia(of: EntityValue, entitySet: EntitySetDescriptor?)
    /// Writes the media resource of a media-link entity into a file. Answer: `.contentType`.
    case downloadMedia(of: EntityValue, to: URL, entitySet: EntitySetDescriptor?)
    /// Replaces the media resource of a media-link entity. Answer: `.etag`, the new one if any.
    case uploadMedia(of: EntityValue, body: HTTPBody, contentType: String, entitySet: EntitySetDescriptor?)
    /// Creates a media-link entity from its media resource (`slug` names it). Answer: `.entity`.
    case createMedia(in: EntitySetDescriptor, body: HTTPBody, contentType: String, slug: String?)
    /// Runs a batch of reads and changesets, recording each one's result or error in the batch. Answer: `.none`.
    case processBatch(RequestBatch)

    /// The operation's name, as errors and logs give it (`fetchEntities`, `createEntity`, …).
    public var name: String {
        switch self {
        case .fetchEntities: "fetchEntities"
        case .fetchPage: "fetchPage"
        case .fetchEntity: "fetchEntity"
        case .fetchCount: "fetchCount"
        case .fetchProperty: "fetchProperty"
        case .fetchPropertyValue: "fetchPropertyValue"
        case .loadProperty: "loadProperty"
        case .invokeFunction: "invokeFunction"
        case .fetchMetadataDocument: "fetchMetadataDocument"
        case .createEntity: "createEntity"
        case .createRelatedEntity: "createRelatedEntity"
        case .updateEntity: "updateEntity"
        case .deleteEntity: "deleteEntity"
        case .fetchLinks: "fetchLinks"
        case .addLink: "addLink"
        case .setLink: "setLink"
        case .removeLink: "removeLink"
        case .fetchMedia: "fetchMedia"
        case .downloadMedia: "downloadMedia"
        case .uploadMedia: "uploadMedia"
        case .createMedia: "createMedia"
        case .processBatch: "processBatch"
        }
    }

    /// The error a provider answers an operation it does not support with: `.unsupportedOperation`, naming the
    /// operation and the provider.
    public func unsupported(by provider: String) -> ODataError {
        ODataError(.unsupportedOperation, "\(provider) does not support \(name)")
    }
}

/// What a provider answers a `DataServiceOperation` with: the case each operation's documentation names.
public enum DataServiceResult: Sendable {
    /// No value (deletes, links, batches).
    case none
    /// A page of entities.
    case entities(EntityList)
    /// One entity.
    case entity(EntityValue)
    /// A count.
    case count(Int)
    /// A property's value.
    case value(EdmValue)
    /// Bytes with their content type, if known (`$value`, media, `$metadata`).
    case data(Data, contentType: String?)
    /// A function import's result.
    case function(FunctionResult)
    /// The URIs of linked entities.
    case links(LinkList)
    /// An ETag, if the provider gave one.
    case etag(String?)
    /// A content type, if the provider gave one.
    case contentType(String?)
}
