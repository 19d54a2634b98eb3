/// One namespace of Swift names (module-level types, one type's members, one method's parameters):
/// hands out unique names in a deterministic order.
///
/// A name that is reserved or already taken gets the smallest numeric suffix that makes it free
/// (`fetchStock` → `fetchStock1`), as SAP's generator does. Because every name handed out is checked
/// against everything handed out before, two EDM names can never map to one Swift name, whatever the
/// naming strategy produced.
struct NameScope: Sendable {
    private var taken: Set<String>

    /// A scope whose names may not be any of `reserved` (nor `SwiftIdentifier.unusable`).
    init(reserved: Set<String>) {
        taken = reserved.union(SwiftIdentifier.unusable)
    }

    /// Whether the name is free.
    func isFree(_ name: String) -> Bool { !taken.contains(name) }

    /// Claims `candidate`, or `candidate1`, `candidate2`, … whichever is first free.
    mutating func claim(_ candidate: String) -> String {
        let name = firstFree(candidate) { [$0] }
        taken.insert(name)
        return name
    }

    /// Claims a group of names that share a suffix: `make(stem)` gives the names for one stem; the first
    /// suffix for which all of them are free wins (`fetchStock1` + `fetchStock1WithKey`). Returns the stem used.
    mutating func claimGroup(_ stem: String, _ make: (String) -> [String]) -> String {
        let chosen = firstFree(stem, make)
        for name in make(chosen) { taken.insert(name) }
        return chosen
    }

    /// Marks a name as taken without checking.
    mutating func reserve(_ name: String) { taken.insert(name) }

    private func firstFree(_ stem: String, _ make: (String) -> [String]) -> String {
        if make(stem).allSatisfy(isFree) { return stem }
        var suffix = 1
        while true {
            let candidate = stem + String(suffix)
            if make(candidate).allSatisfy(isFree) { return candidate }
            suffix += 1
        }
    }
}
