import Foundation

/// One operation a data service asks of its provider, typed by what it answers: `DataServiceProvider.send(_:headers:)`
/// runs it and returns its `Output` (`EntityList` for `.fetchEntities(query)`, `Int` for `.fetchCount(query)`, …).
///
/// Build one with its static function (`.fetchEntities(query)`, `.createEntity(entity, in: set)`); a provider
/// switches over `kind`, whose every case carries the operation's inputs and its `Answer`, the one way to turn
/// the case's result into `Output`. A provider answers a case it does not support with `operation.unsupported(by:)`
/// (`ODataError` `.unsupportedOperation`) in a `default:`, since more cases may be added.
public struct DataServiceOperation<Output: Sendable>: Sendable {
    /// The operation and its inputs.
    public let kind: Kind

    @inlinable
    init(_ kind: Kind) { self.kind = kind }

    /// How a provider answers: the value a case's documentation names, as the operation's `Output`
    /// (`return answer(list)`). Only the operation's own static function makes one, so a case's answer always has
    /// the operation's output type.
    ///
    /// An answer is the compiler's proof that `Value` is `Output`: its one initializer exists only where they are
    /// the same type, so handing the value over changes no type and checks nothing at run time (a provider's `send`
    /// runs unspecialised for every caller in another module, where a conversion closure cost a call, a thunk and
    /// a copy of the value on every request).
    public struct Answer<Value>: Sendable {
        @inlinable
        init() where Value == Output {}

        /// The operation's output for `value`.
        @inlinable @inline(__always)
        public func callAsFunction(_ value: __owned Value) -> Output {
            // `Value == Output` for every answer that exists (see `init()`): the cast is the identity.
            unsafeBitCast(value, to: Output.self)
        }
    }

    /// The operations, each with its inputs and its `Answer`.
    public enum Kind: Sendable {
        /// One page of a collection (entity set, navigation, entity-returning function) with the query's options;
        /// server-driven paging is not followed.
        case fetchEntities(DataQuery, options: RequestOptions, answer: Answer<EntityList>)
        /// The page a server-driven next link of a page of the query addresses.
        case fetchPage(nextLink: String, query: DataQuery, answer: Answer<EntityList>)
        /// One entity (by key, or a to-one navigation); none is an error.
        case fetchEntity(DataQuery, options: RequestOptions, answer: Answer<EntityValue>)
        /// The number of entities a query addresses (`/$count`, honouring `$filter`).
        case fetchCount(DataQuery, answer: Answer<Int>)
        /// A single property of the addressed entity (`Customers('1')/City`).
        case fetchProperty(PropertyDescriptor, of: DataQuery, answer: Answer<EdmValue>)
        /// The raw `$value` of a primitive property (`Customers('1')/City/$value`).
        case fetchPropertyValue(PropertyDescriptor, of: DataQuery, answer: Answer<Data>)
        /// A navigation property of an entity, read with the query's options: the entity with it loaded.
        case loadProperty(NavigationDescriptor, of: EntityValue, query: DataQuery, answer: Answer<EntityValue>)
        /// A function import (`query.invocation`).
        case invokeFunction(DataQuery, options: RequestOptions, answer: Answer<FunctionResult>)
        /// The service's `$metadata` document.
        case fetchMetadataDocument(answer: Answer<Data>)
        /// Creates an entity in an entity set (loaded navigation properties deep-inserted or bound): the provider's
        /// version of it (key, ETag, edit link).
        case createEntity(EntityValue, in: EntitySetDescriptor, answer: Answer<EntityValue>)
        /// Creates an entity related to `parent` through a navigation property (`POST Parent(key)/Nav`).
        case createRelatedEntity(
            EntityValue, parent: EntityValue, property: NavigationDescriptor, parentSet: EntitySetDescriptor?, answer: Answer<EntityValue>)
        /// Updates an entity (`options.updateMode`), checking its ETag: the entity with its changes accepted and
        /// the new ETag.
        case updateEntity(EntityValue, in: EntitySetDescriptor?, options: RequestOptions, answer: Answer<EntityValue>)
        /// Deletes an entity, checking its ETag.
        case deleteEntity(EntityValue, in: EntitySetDescriptor?, options: RequestOptions, answer: Answer<Void>)
        /// The URIs of the entities a navigation property links to (`$links`).
        case fetchLinks(from: EntityValue, property: NavigationDescriptor, entitySet: EntitySetDescriptor?, answer: Answer<LinkList>)
        /// Adds a link from a to-many navigation property to `to`.
        case addLink(
            from: EntityValue, property: NavigationDescriptor, to: EntityValue, entitySet: EntitySetDescriptor?,
            targetSet: EntitySetDescriptor?, answer: Answer<Void>)
        /// Replaces the target of a to-one navigation property.
        case setLink(
            from: EntityValue, property: NavigationDescriptor, to: EntityValue, entitySet: EntitySetDescriptor?,
            targetSet: EntitySetDescriptor?, answer: Answer<Void>)
        /// Removes a link: to `to` for a to-many navigation property, the link itself for a to-one.
        case removeLink(
            from: EntityValue, property: NavigationDescriptor, to: EntityValue?, entitySet: EntitySetDescriptor?, answer: Answer<Void>)
        /// The media resource of a media-link entity, in memory, with its content type.
        case fetchMedia(of: EntityValue, entitySet: EntitySetDescriptor?, answer: Answer<(data: Data, contentType: String?)>)
        /// Writes the media resource of a media-link entity into a file: its content type.
        case downloadMedia(of: EntityValue, to: URL, entitySet: EntitySetDescriptor?, answer: Answer<String?>)
        /// Replaces the media resource of a media-link entity: the new ETag, if any.
        case uploadMedia(of: EntityValue, body: HTTPBody, contentType: String, entitySet: EntitySetDescriptor?, answer: Answer<String?>)
        /// Creates a media-link entity from its media resource (`slug` names it).
        case createMedia(in: EntitySetDescriptor, body: HTTPBody, contentType: String, slug: String?, answer: Answer<EntityValue>)
        /// Runs a batch of reads and changesets, recording each one's result or error in the batch.
        case processBatch(RequestBatch, answer: Answer<Void>)
        /// One page of a collection delivered in runs of entities while it arrives (`PagedEntities`): the first page
        /// of the query (`nextLink` nil) or the page a next link addresses.
        case streamPage(DataQuery, nextLink: String?, answer: Answer<EntityPageStream>)
    }

    /// The operation's name, as errors and logs give it (`fetchEntities`, `createEntity`, …).
    public var name: String {
        switch kind {
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
        case .streamPage: "streamPage"
        }
    }

    /// The error a provider answers an operation it does not support with: `.unsupportedOperation`, naming the
    /// operation and the provider.
    public func unsupported(by provider: String) -> ODataError {
        ODataError(.unsupportedOperation, "\(provider) does not support \(name)")
    }
}
