import ODataMetadata

/// Finds complex-type properties that would make complex types contain themselves (directly or through
/// others). Such a descriptor table could never finish initialising, so those properties are skipped.
enum ComplexCycles {
    /// `"Namespace.Type/Property"` for every property that closes a cycle, found by a depth-first search in
    /// document order (deterministic).
    static func backEdges(_ types: [ComplexType]) -> Set<String> {
        var byName: [String: ComplexType] = [:]
        for type in types where byName[type.qualifiedName] == nil { byName[type.qualifiedName] = type }
        var state: [String: Bool] = [:]  // false: on the current path, true: done
        var result: Set<String> = []
        func visit(_ type: ComplexType) {
            state[type.qualifiedName] = false
            for property in type.properties {
                guard case .complex(let target) = property.type.elementType, let next = byName[target] else { continue }
                switch state[target] {
                case .some(false): result.insert("\(type.qualifiedName)/\(property.name)")
                case .some(true): continue
                case .none: visit(next)
                }
            }
            state[type.qualifiedName] = true
        }
        for type in types where state[type.qualifiedName] == nil { visit(type) }
        return result
    }
}
