/// Entity type inheritance: base types ordered before derived ones, inherited keys and members, cycles reported.
extension ModelResolver {
    /// Applies entity `BaseType` inheritance: inherited keys and members come first; cycles are reported.
    mutating func applyEntityInheritance() {
        // Most documents have no BaseType at all: nothing to order, no cycle possible.
        guard schemas.contains(where: { schema in schema.entityTypes.contains { $0.baseType != nil } }) else { return }
        var flat: [(schema: Int, item: Int)] = []
        // Where each schema's types begin in `flat` (see `flatPosition`).
        var first: [Int] = []
        for s in schemas.indices {
            first.append(flat.count)
            for i in schemas[s].entityTypes.indices { flat.append((s, i)) }
        }
        let (order, cyclic) = Self.inheritanceOrder(count: flat.count) { index in
            flatPosition(of: schemas[flat[index].schema].entityTypes[flat[index].item].baseType, .entity, first: first)
        }
        var depth = [Int](repeating: 0, count: flat.count)
        for index in order {
            let path = flat[index]
            // A type without a BaseType keeps its own members (and is not copied out and back).
            guard schemas[path.schema].entityTypes[path.item].baseType != nil else { continue }
            var type = schemas[path.schema].entityTypes[path.item]
            if cyclic.contains(index) {
                report(
                    .error, "basetype-cycle",
                    "EntityType \(type.qualifiedName) inherits from itself through BaseType; inheritance is ignored", at: type.location)
                type.baseType = nil  // ignored, so that nothing downstream (generated code, inspect) claims it
            } else if let baseIndex = flatPosition(of: type.baseType, .entity, first: first) {
                let base = schemas[flat[baseIndex].schema].entityTypes[flat[baseIndex].item]
                guard
                    admitInheritance(
                        "EntityType \(type.qualifiedName)", levels: depth[baseIndex] + 1,
                        members: base.properties.count + base.navigationProperties.count, at: type.location)
                else { continue }
                depth[index] = depth[baseIndex] + 1
                type.properties = base.properties + type.declaredProperties
                type.navigationProperties = base.navigationProperties + type.declaredNavigationProperties
                if type.declaredKey.isEmpty {
                    type.key = base.key
                } else if !base.key.isEmpty {
                    report(
                        .warning, "key-redefined",
                        "EntityType \(type.qualifiedName) declares a Key although its BaseType \(base.qualifiedName) has one; the declared key is used",
                        at: type.location)
                }
            }
            schemas[path.schema].entityTypes[path.item] = type
        }
    }

    /// Whether a type may inherit `members` from a base `levels` BaseType steps up. Inheritance copies the
    /// base's members into every derived type, so a hostile document (a long BaseType chain) could
    /// multiply its size: chains deeper than `maximumInheritanceDepth` and copies beyond the budget are
    /// refused with a diagnostic (the type keeps its own members).
    mutating func admitInheritance(_ owner: @autoclosure () -> String, levels: Int, members: Int, at location: SourceLocation) -> Bool {
        if levels > Self.maximumInheritanceDepth {
            report(
                .error, "inheritance-too-deep",
                "\(owner()) is more than \(Self.maximumInheritanceDepth) BaseType levels deep; inheritance is ignored", at: location)
            return false
        }
        if members > inheritedMemberBudget {
            report(
                .error, "inheritance-too-large",
                "\(owner()) would inherit more members than the document's inheritance budget allows; inheritance is ignored", at: location)
            return false
        }
        inheritedMemberBudget -= members
        return true
    }

    /// The place of the type named `name`, when it is a declared type of `kind`, in a list of every schema's types of
    /// that kind in order, where schema `s`'s begin at `first[s]`. Found through `typeIndex`, which files a name by its
    /// first declaration: so does the resolver for every other reference to the type.
    func flatPosition(of name: String?, _ kind: DeclaredType.Kind, first: [Int]) -> Int? {
        guard let name, let declared = typeIndex[name], declared.kind == kind else { return nil }
        return first[declared.schema] + declared.item
    }

    /// An order in which every type comes after its base type; members of `BaseType` cycles are returned separately.
    /// Iterative, so a long inheritance chain cannot exhaust the stack.
    static func inheritanceOrder(count: Int, base: (Int) -> Int?) -> (order: [Int], cyclic: Set<Int>) {
        var state = [UInt8](repeating: 0, count: count)
        var order: [Int] = []
        order.reserveCapacity(count)
        var cyclic = Set<Int>()
        for start in 0..<count where state[start] == 0 {
            var path: [Int] = []
            var current: Int? = start
            while let index = current, state[index] == 0 {
                state[index] = 1
                path.append(index)
                current = base(index)
            }
            if let index = current, state[index] == 1, let position = path.firstIndex(of: index) {
                cyclic.formUnion(path[position...])
            }
            for index in path.reversed() {
                state[index] = 2
                order.append(index)
            }
        }
        return (order, cyclic)
    }
}
