import Foundation

/// Changesets and batch reads with generated (typed) entities. Once a `DataService` ran the batch, each created or
/// updated entity's server version is in ``ChangeSet/serverVersion(of:forContentID:)``, and a reference entity
/// (`ReferenceEntity`, SAP's class-shaped proxies) gets it written into the object that was added.
extension ChangeSet {
    /// Adds the creation of a typed entity (`POST` to its entity set); returns its `Content-ID`.
    @discardableResult
    public func createEntity<Entity: EntityProtocol>(_ entity: Entity, in entitySet: EntitySetDescriptor, contentID: String? = nil)
        -> String
    {
        addCreate(entity.entityValue, in: entitySet, contentID: contentID, target: Self.serverVersionTarget(entity))
    }

    /// SAP's `createEntity(_:)`: adds the creation of a typed entity in the one entity set of its type, which
    /// the `DataService` that runs the batch finds (`processBatch`; the set is resolved then, as
    /// `DataService.createEntity(_:)` resolves it). Returns its `Content-ID`. A batch run without a
    /// `DataService`, or by one with no single set of the type, fails with `.invalidRequest` before it is sent.
    @discardableResult
    public func createEntity<Entity: EntityProtocol>(_ entity: Entity, contentID: String? = nil) -> String {
        addCreateWithoutSet(entity.entityValue, contentID: contentID, target: Self.serverVersionTarget(entity))
    }

    /// Adds an update of a typed entity (`MERGE` with its changed properties by default) with `If-Match`
    /// from its ETag; returns its `Content-ID`.
    @discardableResult
    public func updateEntity<Entity: EntityProtocol>(
        _ entity: Entity, in entitySet: EntitySetDescriptor? = nil, mode: UpdateMode = .merge, contentID: String? = nil
    ) throws -> String {
        try addUpdate(entity.entityValue, in: entitySet, mode: mode, contentID: contentID, target: Self.serverVersionTarget(entity))
    }

    /// Adds the deletion of a typed entity with `If-Match` from its ETag; returns its `Content-ID`.
    @discardableResult
    public func deleteEntity<Entity: EntityProtocol>(_ entity: Entity, in entitySet: EntitySetDescriptor? = nil, contentID: String? = nil)
        throws -> String
    {
        try deleteEntity(entity.entityValue, in: entitySet, contentID: contentID)
    }

    /// The server's version of the typed entity that the request with this `Content-ID` created or updated (see
    /// ``serverVersion(forContentID:)``): `changes.serverVersion(of: Customer.self, forContentID: id)`.
    public func serverVersion<Entity: EntityProtocol>(of type: Entity.Type, forContentID id: String) -> Entity? {
        serverVersion(forContentID: id).map(Entity.init(entityValue:))
    }

    /// For a typed entity with reference semantics (a class, `ReferenceEntity`), what writes the server's version
    /// into that object, as `DataService.createEntity`/`updateEntity` do; nil for a struct entity, a value that no
    /// later answer can change.
    static func serverVersionTarget<Entity: EntityProtocol>(_ entity: Entity) -> ServerVersionTarget? {
        guard Entity.self is AnyObject.Type else { return nil }
        return { serverVersion in _ = entity.adopting(serverVersion) }
    }
}
