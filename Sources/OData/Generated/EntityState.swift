import Synchronization

/// The state of a reference entity (``ReferenceEntity``): its `EntityValue` behind a lock.
///
/// A generated class stores one inline (`private let state: OData.EntityState`), so an instance costs one
/// allocation, and hands it to the runtime through `withEntityValue(_:)`. Every read and write of the entity
/// holds the lock for the time of one access, so that instances shared between tasks stay free of data races
/// without `@unchecked Sendable`.
public struct EntityState: ~Copyable, Sendable {
    @usableFromInline let lock: Mutex<EntityValue>

    /// State holding `entityValue`.
    public init(_ entityValue: consuming EntityValue) {
        lock = Mutex(entityValue)
    }

    /// Runs `body` with exclusive access to the entity.
    @inlinable
    public borrowing func access(_ body: (inout EntityValue) -> Void) {
        lock.withLock { body(&$0) }
    }
}
