import Foundation

/// Whether an entity set allows one kind of write; the generated set handles carry one per write kind,
/// so that a write the service forbids does not compile.
public protocol SetPermission: Sendable {}

/// The two permissions a `TypedEntitySet` carries for creates, updates and deletes.
public enum SetPermissions {
    /// The service allows the write (no `sap:creatable/updatable/deletable="false"`, no Capabilities restriction).
    public enum Allowed: SetPermission {}
    /// The service forbids the write.
    public enum Forbidden: SetPermission {}
}

/// A typed handle of an entity set: its entity type and, as types, whether the service allows creating,
/// updating and deleting its entities. `createEntity(_:in:)`, `updateEntity(_:in:)` and `deleteEntity(_:in:)`
/// accept only handles whose permission is `SetPermissions.Allowed`:
///
/// ```swift
/// try await service.createEntity(customer, in: ESPMContainerMetadata.Sets.customers)  // compiles
/// try await service.createEntity(product, in: ESPMContainerMetadata.Sets.products)    // does not: sap:creatable="false"
/// ```
public struct TypedEntitySet<Entity: EntityProtocol, Create: SetPermission, Update: SetPermission, Delete: SetPermission>: Sendable,
    Hashable
{
    /// The untyped descriptor (for queries and the dynamic API).
    public let descriptor: EntitySetDescriptor

    /// Wraps a descriptor.
    public init(_ descriptor: EntitySetDescriptor) {
        self.descriptor = descriptor
    }

    /// The set name as in URLs.
    public var name: String { descriptor.name }
}

/// A write or read an entity set may forbid.
public enum EntitySetOperation: String, Sendable, Hashable, CaseIterable {
    /// `POST` to the set.
    case create
    /// `PUT`/`MERGE`/`PATCH` of a member.
    case update
    /// `DELETE` of a member.
    case delete
    /// A read of the set without `$filter`.
    case readWithoutFilter

    /// The annotations that forbid it: SAP's, or the Capabilities vocabulary's.
    fileprivate var annotation: String {
        switch self {
        case .create: return "sap:creatable=\"false\" or Capabilities.InsertRestrictions/Insertable false"
        case .update: return "sap:updatable=\"false\" or Capabilities.UpdateRestrictions/Updatable false"
        case .delete: return "sap:deletable=\"false\" or Capabilities.DeleteRestrictions/Deletable false"
        case .readWithoutFilter: return "sap:requires-filter=\"true\" or Capabilities.FilterRestrictions/RequiresFilter true"
        }
    }
}

extension EntitySetDescriptor {
    /// Whether the set allows the operation.
    public func allows(_ operation: EntitySetOperation) -> Bool {
        switch operation {
        case .create: return isCreatable
        case .update: return isUpdatable
        case .delete: return isDeletable
        case .readWithoutFilter: return !requiresFilter
        }
    }

    /// Throws `ODataError` `.invalidRequest` naming the set and the annotation when the set forbids the
    /// operation (the dynamic API's run-time form of the typed handles' compile-time check).
    public func checkAllows(_ operation: EntitySetOperation) throws(ODataError) {
        guard !allows(operation) else { return }
        let what = operation == .readWithoutFilter ? "reads without $filter" : "\(operation.rawValue)"
        throw ODataError(.invalidRequest, "entity set \(name) does not allow \(what) (\(operation.annotation))")
    }
}

extension DataQuery {
    /// Throws `ODataError` `.invalidRequest` when the query reads a whole `sap:requires-filter` set without a filter.
    public func checkEntitySetCapabilities() throws(ODataError) {
        guard let entitySet, filterExpression == nil, key == nil, navigationSegments.isEmpty, invocation == nil else { return }
        try entitySet.checkAllows(.readWithoutFilter)
    }
}
