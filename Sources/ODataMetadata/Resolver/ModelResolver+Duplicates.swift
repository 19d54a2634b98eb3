extension ModelResolver {
    /// Reports properties and navigation properties whose names repeat within one type and leaves the repeats
    /// out: the first member of a name is kept, so nothing is generated twice.
    mutating func dropDuplicateMembers(
        _ properties: inout [Property], _ navigations: inout [NavigationProperty], owner: @autoclosure () -> String
    ) {
        let repeats = Self.repeatedMembers(properties, navigations)
        dropRepeatedMembers(repeats, &properties, &navigations, owner: owner())
    }

    /// The indices of the members whose names repeat an earlier one's, navigation properties counted after the
    /// properties.
    static func repeatedMembers(_ properties: [Property], _ navigations: [NavigationProperty]) -> [Int] {
        let count = properties.count + navigations.count
        guard count > 1 else { return [] }
        if count <= 48 {
            return repeatedNames(count: count) { index in
                index < properties.count ? properties[index].name : navigations[index - properties.count].name
            }
        }
        // Seeded hashing for large (possibly hostile) types, whose names could be chosen to collide.
        var repeats: [Int] = []
        var seen = Set<String>(minimumCapacity: count)
        for index in properties.indices where !seen.insert(properties[index].name).inserted { repeats.append(index) }
        for index in navigations.indices where !seen.insert(navigations[index].name).inserted {
            repeats.append(properties.count + index)
        }
        return repeats
    }

    /// Reports the members at `repeats` (see `repeatedMembers`) and leaves them out.
    mutating func dropRepeatedMembers(
        _ repeats: [Int], _ properties: inout [Property], _ navigations: inout [NavigationProperty],
        owner: @autoclosure () -> String
    ) {
        guard !repeats.isEmpty else { return }
        for index in repeats {
            let isProperty = index < properties.count
            let name = isProperty ? properties[index].name : navigations[index - properties.count].name
            let location = isProperty ? properties[index].location : navigations[index - properties.count].location
            report(
                .error, "duplicate-name",
                "\(owner()) has more than one member named \(name); the first is kept and this one is left out", at: location)
        }
        let dropped = Set(repeats)
        let propertyCount = properties.count
        properties = properties.indices.filter { !dropped.contains($0) }.map { properties[$0] }
        navigations = navigations.indices.filter { !dropped.contains(propertyCount + $0) }.map { navigations[$0] }
    }

    /// Whether a key may list a name twice (so that `dropDuplicateKeys` has to look): it has more than two names,
    /// or two equal ones.
    static func mayRepeat(_ key: [String]) -> Bool {
        key.count > 2 || (key.count == 2 && key[0] == key[1])
    }

    /// The indices of the names (of `count`, at most 48) that repeat an earlier one. An open-addressing table of the
    /// names kept so far, by fingerprint (a slot holds index + 1, 0 when empty), on the stack: no copies, no
    /// `Hasher`, and names compared as strings only where their fingerprints agree. The first of a name is always
    /// in the table, so every later one finds it.
    static func repeatedNames(count: Int, _ name: (Int) -> String) -> [Int] {
        precondition(count <= 48, "repeatedNames is for at most 48 names")
        var repeats: [Int] = []
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 48) { prints in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 128) { slots in
                findRepeats(count: count, name, prints: prints, slots: slots, into: &repeats)
            }
        }
        return repeats
    }

    /// `repeatedNames` in the table `slots`, with the fingerprints in `prints` (both uninitialised, on the stack).
    private static func findRepeats(
        count: Int, _ name: (Int) -> String, prints: UnsafeMutableBufferPointer<UInt64>, slots: UnsafeMutableBufferPointer<Int>,
        into repeats: inout [Int]
    ) {
        for index in 0..<count { prints.initializeElement(at: index, to: fingerprint(name(index))) }
        slots.initialize(repeating: 0)
        for index in 0..<count {
            var slot = Int(truncatingIfNeeded: prints[index]) & 127
            var isRepeat = false
            while slots[slot] != 0 {
                let earlier = slots[slot] - 1
                if prints[earlier] == prints[index], name(earlier) == name(index) {
                    isRepeat = true
                    break
                }
                slot = (slot + 1) & 127
            }
            if isRepeat { repeats.append(index) } else { slots[slot] = index + 1 }
        }
    }

    /// A 64-bit FNV-1a hash of a name's UTF-8 bytes: equal names have equal fingerprints, and different ones
    /// practically never do (length, first and last byte, as before, made `Field1`, `Field11` and `Field21` compare
    /// as strings, slowly, in every type of a generated document).
    static func fingerprint(_ name: String) -> UInt64 {
        func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
        // The bytes in place (iterating `utf8` of a small string decodes it byte by byte, several times slower).
        return name.utf8.withContiguousStorageIfAvailable { hash($0) } ?? hash(name.utf8)
    }
}
