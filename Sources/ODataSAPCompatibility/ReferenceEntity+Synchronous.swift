import Foundation
import OData

/// SAP's synchronous loads into a reference entity held as a constant (`sapCompatibility`): the loaded values
/// land in the object. The same deadlock caveat as every synchronous form (`DataService+Synchronous.swift`).
extension DataService {
    /// Synchronous `loadEntity(_:query:headers:options:)` on a constant reference entity.
    @available(*, noasync, message: "use the async form in an async context")
    public func loadEntity<Entity: ReferenceEntity>(
        _ entity: Entity, query: DataQuery? = nil, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) throws {
        try Blocking.run { try await self.loadEntity(entity, query: query, headers: headers, options: options) }
    }

    /// Synchronous `loadProperty(_:into:query:headers:)` on a constant reference entity.
    @available(*, noasync, message: "use the async form in an async context")
    public func loadProperty<Entity: ReferenceEntity, Target: EntityProtocol>(
        _ property: TypedNavigationProperty<Target>, into entity: Entity, query: DataQuery = DataQuery(),
        headers: HTTPHeaders = HTTPHeaders()
    ) throws {
        try Blocking.run { try await self.loadProperty(property, into: entity, query: query, headers: headers) }
    }
}
