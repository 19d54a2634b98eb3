/// Finds complex-type properties that would make complex types contain themselves (directly or through
/// others). Such a descriptor table could never finish initialising, so those properties are skipped, by the
/// code generator and by the runtime's `DataModel` alike: the typed and the dynamic API accept the same
/// documents and leave out the same properties.
package enum ComplexCycles {
    /// `"Namespace.Type/Property"` for every property that closes a cycle, found by a depth-first search in
    /// document order (deterministic; iterative, so long chains of types cannot exhaust the stack).
    package static func backEdges(_ types: [ComplexType]) -> Set<String> {
        var byName: [String: ComplexType] = [:]
        for type in types where byName[type.qualifiedName] == nil { byName[type.qualifiedName] = type }
        var onPath: Set<String> = []
        var done: Set<String> = []
        var result: Set<String> = []
        for start in types where !done.contains(start.qualifiedName) && !onPath.contains(start.qualifiedName) {
            // Each frame: a type and the index of the next property to look at.
            var stack: [(type: ComplexType, next: Int)] = [(start, 0)]
            onPath.insert(start.qualifiedName)
            while let top = stack.last {
                let index = stack.count - 1
                guard top.next < top.type.properties.count else {
                    onPath.remove(top.type.qualifiedName)
                    done.insert(top.type.qualifiedName)
                    stack.removeLast()
                    continue
                }
                let property = top.type.properties[top.next]
                stack[index].next += 1
                guard case .complex(let target) = property.type.elementType, let next = byName[target] else { continue }
                if onPath.contains(target) {
                    result.insert("\(top.type.qualifiedName)/\(property.name)")
                } else if !done.contains(target) {
                    onPath.insert(target)
                    stack.append((next, 0))
                }
            }
        }
        return result
    }
}
