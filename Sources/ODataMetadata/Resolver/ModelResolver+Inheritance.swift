/// `BaseType` inheritance of entity and complex types: base types ordered before derived ones, inherited keys and
/// members, cycles reported.
extension ModelResolver {
    /// Applies `BaseType` inheritance to every type of one kind (`Declaration`: entity or complex types), a base before
    /// the types derived from it: inherited members come first (see `InheritingType.inherit`); a type in a `BaseType`
    /// cycle is reported and its `BaseType` dropped.
    mutating func applyInheritance<Declaration: InheritingType>(of _: Declaration.Type) {
        let types = Declaration.declarations
        // Most documents have no BaseType at all: nothing to order, no cycle possible.
        guard schemas.contains(where: { schema in schema[keyPath: types].contains { $0.baseType != nil } }) else { return }
        var flat: [(schema: Int, item: Int)] = []
        // Where each schema's types begin in `flat` (see `flatPosition`).
        var first: [Int] = []
        for s in schemas.indices {
            first.append(flat.count)
            for i in schemas[s][keyPath: types].indices { flat.append((s, i)) }
        }
        let kind = Declaration.kind
        let (order, cyclic) = Self.inheritanceOrder(count: flat.count) { index in
            flatPosition(of: schemas[flat[index].schema][keyPath: types][flat[index].item].baseType, kind, first: first)
        }
        var depth = [Int](repeating: 0, count: flat.count)
        for index in order {
            let path = flat[index]
            // A type without a BaseType keeps its own members (and is not copied out and back).
            guard schemas[path.schema][keyPath: types][path.item].baseType != nil else { continue }
            var type = schemas[path.schema][keyPath: types][path.item]
            if cyclic.contains(index) {
                report(
                    .error, "basetype-cycle",
                    "\(kind.element) \(type.qualifiedName) inherits from itself through BaseType; inheritance is ignored",
                    at: type.location)
                type.baseType = nil  // ignored, so that nothing downstream (generated code, inspect) claims it
            } else if let baseType = type.baseType {
                // A base in the document comes first in `order`; one from a supplied referenced document had its own
                // inheritance applied when that document was read.
                guard
                    let (base, levels) = inheritedBase(
                        baseType, kind, first: first, depth: depth, local: { schemas[flat[$0].schema][keyPath: types][flat[$0].item] },
                        referenced: { referencedType($0, kind, in: types) })
                else { continue }  // reported when the base type was qualified
                guard
                    admitInheritance(
                        "\(kind.element) \(type.qualifiedName)", levels: levels,
                        members: base.properties.count + base.navigationProperties.count, at: type.location)
                else { continue }
                depth[index] = levels
                if let warning = type.inherit(from: base) { report(.warning, warning.code, warning.message, at: type.location) }
            }
            schemas[path.schema][keyPath: types][path.item] = type
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

    /// The base type named `name` of a type being given its inherited members, with how many BaseType levels up its
    /// own members come from: a type of `kind` in the document (`local` reads it at its place in the flat list of
    /// `flatPosition`, where `depth` counts its levels) or in a supplied referenced document (`referenced`; its own
    /// inheritance was applied when that document was read). Nil when it is neither (reported elsewhere).
    func inheritedBase<Declaration>(
        _ name: String, _ kind: DeclaredType.Kind, first: [Int], depth: [Int], local: (Int) -> Declaration,
        referenced: (String) -> Declaration?
    ) -> (Declaration, levels: Int)? {
        if let index = flatPosition(of: name, kind, first: first) { return (local(index), depth[index] + 1) }
        return referenced(name).map { ($0, 1) }
    }

    /// The type of this kind named `qualified` in a supplied referenced document (`types` reads a schema's types of
    /// that kind), nil when there is none.
    func referencedType<Declaration: TypeDeclaration>(
        _ qualified: String, _ kind: DeclaredType.Kind, in types: KeyPath<Schema, [Declaration]>
    ) -> Declaration? {
        guard referencedTypes[qualified] == kind.reference(to: qualified) else { return nil }
        for schema in referencedSchemas {
            if let type = schema[keyPath: types].first(where: { String(qualifying: $0.name, in: $0.namespace) == qualified }) {
                return type
            }
        }
        return nil
    }

    /// Reports a `BaseType` that names no type of its kind, declared or supplied: as a document not given when it is
    /// in a namespace the document includes from a reference, else as undeclared.
    mutating func reportUnresolvedBase(
        _ owner: String, base written: String, qualified: String, kind: String, at location: SourceLocation
    ) {
        guard !reportedReferenceNotGiven("\(owner) has BaseType", qualified, at: location) else { return }
        report(.error, "unresolved-type", "\(owner) has BaseType \(written), which is not a declared \(kind) type", at: location)
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

/// A type that a `BaseType` derives from another of its kind: an entity or a complex type.
protocol InheritingType: TypeDeclaration {
    /// The kind of type.
    static var kind: DeclaredType.Kind { get }
    /// Where a schema keeps the types of this kind.
    static var declarations: WritableKeyPath<Schema, [Self]> { get }
    var qualifiedName: String { get }
    var baseType: String? { get set }
    var properties: [Property] { get }
    var navigationProperties: [NavigationProperty] { get }
    /// Gives the type the members of `base` (its own inherited ones included) ahead of its own, and what else it
    /// inherits; a warning where the two disagree.
    mutating func inherit(from base: Self) -> (code: String, message: String)?
}

extension EntityType: InheritingType {
    static var kind: DeclaredType.Kind { .entity }
    static var declarations: WritableKeyPath<Schema, [EntityType]> { \.entityTypes }

    /// Members, and the base's key where the type declares none.
    mutating func inherit(from base: EntityType) -> (code: String, message: String)? {
        properties = base.properties + declaredProperties
        navigationProperties = base.navigationProperties + declaredNavigationProperties
        if declaredKey.isEmpty {
            key = base.key
        } else if !base.key.isEmpty {
            return (
                "key-redefined",
                "EntityType \(qualifiedName) declares a Key although its BaseType \(base.qualifiedName) has one; the declared key is used"
            )
        }
        return nil
    }
}

extension ComplexType: InheritingType {
    static var kind: DeclaredType.Kind { .complex }
    static var declarations: WritableKeyPath<Schema, [ComplexType]> { \.complexTypes }

    /// Properties and, in CSDL 4, navigation properties (a complex type keeps only its own until it inherits).
    mutating func inherit(from base: ComplexType) -> (code: String, message: String)? {
        properties = base.properties + properties
        navigationProperties = base.navigationProperties + navigationProperties
        return nil
    }
}
