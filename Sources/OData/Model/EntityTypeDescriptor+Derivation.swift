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
