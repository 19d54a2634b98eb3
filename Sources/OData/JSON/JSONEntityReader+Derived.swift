extension JSONEntityReader {
    /// Reads, as `derived`'s, the members of the object being read that lie from the key at `start` to the key at
    /// `end` (the `__metadata` that named `derived`) and that `base`, the type read until then, did not know; the
    /// others were read already or are not members. The scanner is back where it was afterwards. This is how a
    /// property or link only the derived type has, written before the type name, is kept (`DerivedTypeSwitch`).
    mutating func readSkippedMembers(
        from start: Int, to end: Int, base: NameTable, derived: NameTable, values: inout [EdmValue?],
        navigations: inout NavigationSlots, metadata: inout EntityMetadata, uriBytes: ByteSpan?
    ) throws {
        let resume = scanner.position
        let depth = scanner.depth
        scanner.position = start
        var first = true
        var seen = SeenEntries()
        while try scanner.beginKey(&first), scanner.position < end {
            let keyOffset = scanner.position
            let key = try scanner.readKeyAtQuote()
            guard let entry = DerivedTypeSwitch.newEntry(key, base: base, derived: derived) else {
                try scanner.skipValue()
                continue
            }
            guard seen.insert(entry) else {
                throw scanner.error("property \"\(derived.name(entry).string)\" appears twice in one entry", at: keyOffset)
            }
            try readMember(entry, of: derived, into: &values, navigations: &navigations, metadata: &metadata, uriBytes: uriBytes)
        }
        scanner.position = resume
        scanner.depth = depth
    }
}

extension SeenEntries {
    /// The entries of `table` that hold a value or a navigation state.
    init(values: [EdmValue?], navigations: NavigationSlots, table: NameTable) {
        self.init()
        for (index, value) in values.enumerated() where value != nil { _ = insert(index) }
        for index in table.navigations.indices where navigations.isDerived(index) || navigations.explicitValue(index) != nil {
            _ = insert(table.propertyCount + index)
        }
    }
}
