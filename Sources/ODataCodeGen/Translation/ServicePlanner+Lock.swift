import ODataMetadata

/// The lock file's part in naming: an element the lock names keeps its Swift name (unless a configured
/// rename applies to it), and the locked names of a scope are reserved before any other name is handed out,
/// so that a new element cannot take them.
extension ServicePlanner {
    /// The locked name of `key`, unless one of `renameKeys` is configured (a rename wins over the lock).
    func lockedName(_ key: String, renameKeys: [String]) -> String? {
        guard let name = lock[key], !renameKeys.contains(where: { configuration.renames[$0] != nil }) else { return nil }
        return name
    }

    /// Reserves the locked names of `keys` in `scope`; returns the keys whose locked name may be used (a name
    /// that is reserved, or locked for an earlier key, is not used again).
    func reserveLocked(_ keys: [(key: String, renameKeys: [String])], in scope: inout NameScope) -> Set<String> {
        var usable = Set<String>()
        for (key, renameKeys) in keys {
            guard let name = lockedName(key, renameKeys: renameKeys), scope.isFree(name) else { continue }
            scope.reserve(name)
            usable.insert(key)
        }
        return usable
    }
}
