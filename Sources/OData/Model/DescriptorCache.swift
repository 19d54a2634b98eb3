import Synchronization

/// One object a higher layer derives from a type descriptor and keeps with it (the readers' name table of
/// the type), built by the first reader that needs it: a decoding run then finds it instead of building it
/// again per request. The object must not hold its descriptor strongly (that would be a cycle).
final class DescriptorCache: Sendable {
    private let slot = Mutex<AnyObject?>(nil)

    /// The kept object, built by `make` the first time.
    func value<Value: AnyObject>(_ make: () -> Value) -> Value {
        slot.withLock { kept in
            if let kept = kept as? Value { return kept }
            let value = make()
            kept = value
            return value
        }
    }
}
