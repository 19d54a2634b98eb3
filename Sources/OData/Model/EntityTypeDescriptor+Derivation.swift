extension EntityTypeDescriptor {
    /// Whether this type derives, directly or through its bases, from `base` (`false` for `base` itself);
    /// `resolver` finds base types by qualified name. Chains longer than 64 types count as unrelated.
    public func derives(from base: EntityTypeDescriptor, resolver: (String) -> EntityTypeDescriptor?) -> Bool {
        var current = self
        for _ in 0..<64 {
            guard let baseName = current.baseTypeName else { return false }
            if baseName == base.qualifiedName { return true }
            guard let next = resolver(baseName) else { return false }
            current = next
        }
        return false
    }
}

/// What a payload reader does with the type name an entity gives (`__metadata.type` in JSON, the
/// `<category term>` in Atom): the one rule both codecs follow (`EntityTypeDescriptor.payloadType(named:resolver:)`).
enum PayloadEntityType: Equatable {
    /// Go on reading the entity as the type being read: the name is that type's, or the resolver knows no
    /// such type (the name is still kept as `EntityMetadata.typeName`).
    case keep
    /// Read the entity as this type, derived from the one being read; whatever was read before the name
    /// stays, under the same property names (a derived type has every property of its bases).
    case derived(EntityTypeDescriptor)
    /// The name is a known type that is neither the one being read nor derived from it: an error, whose
    /// message (after the reader's own prefix naming where the name was) this is.
    case unrelated(String)
}

extension EntityTypeDescriptor {
    /// The rule for the type name `typeName` that an entity of this type gives in a payload (see
    /// `PayloadEntityType`). `resolver` finds entity types by qualified name; a name it does not know (or every
    /// name, without one) is looked up among the types this one reaches through navigation properties, which
    /// generated code and dynamic models always carry, so that an entry of another type of the same service
    /// (a `Product` in a `Customers` feed) is an error, not an entity with every property absent.
    func payloadType(named typeName: String, resolver: ((String) -> EntityTypeDescriptor?)?) -> PayloadEntityType {
        guard typeName != qualifiedName else { return .keep }
        let lookup: (String) -> EntityTypeDescriptor? = { name in resolver?(name) ?? self.reachableType(named: name) }
        guard let type = lookup(typeName), type != self else { return .keep }
        guard type.derives(from: self, resolver: lookup) else {
            return .unrelated("\"\(typeName)\" is neither \(qualifiedName) nor derived from it")
        }
        return .derived(type)
    }

    /// The entity type named `name` among those this type reaches through navigation properties (itself
    /// included), breadth first; nil when none is. Only called for a name that is not this type's.
    func reachableType(named name: String) -> EntityTypeDescriptor? {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        var queue: [EntityTypeDescriptor] = [self]
        var next = 0
        while next < queue.count {
            let type = queue[next]
            next += 1
            if type.qualifiedName == name { return type }
            for navigation in type.navigationProperties {
                let target = navigation.targetType
                if seen.insert(ObjectIdentifier(target)).inserted { queue.append(target) }
            }
        }
        return nil
    }
}
