/// One change of the generated API between two metadata versions.
public struct APIChange: Sendable, Hashable, CustomStringConvertible {
    /// What changed.
    public enum Kind: String, Sendable, Hashable {
        /// A declaration that was not there.
        case added
        /// A declaration that is gone.
        case removed
        /// The same EDM element has another Swift name.
        case renamed
        /// The Swift type changed.
        case typeChanged = "type changed"
        /// Optional became non-optional.
        case becameRequired = "optional -> non-optional"
        /// Non-optional became optional.
        case becameOptional = "non-optional -> optional"
    }

    /// What changed.
    public var kind: Kind
    /// The EDM key (`Property ESPM.Customer/FirstName`).
    public var key: String
    /// The declaration before, nil when added.
    public var old: APIEntry?
    /// The declaration after, nil when removed.
    public var new: APIEntry?
    /// Whether code written against the old API may no longer compile.
    public var isBreaking: Bool

    /// One line as a user reads it: `BREAKING removed property Customer.phoneNumber (Property ESPM.Customer/PhoneNumber)`.
    public var description: String {
        let entry = new ?? old
        let what = entry.map { Self.noun($0.kind) } ?? "declaration"
        let detail: String
        switch kind {
        case .added: detail = new?.qualifiedName ?? ""
        case .removed: detail = old?.qualifiedName ?? ""
        case .renamed: detail = "\(old?.qualifiedName ?? "") -> \(new?.qualifiedName ?? "")"
        case .typeChanged: detail = "\(new?.qualifiedName ?? ""): \(old?.type ?? "") -> \(new?.type ?? "")"
        case .becameRequired, .becameOptional: detail = new?.qualifiedName ?? ""
        }
        return "\(isBreaking ? "BREAKING " : "         ")\(kind.rawValue) \(what) \(detail) (\(key))"
    }

    static func noun(_ kind: APIEntry.Kind) -> String {
        switch kind {
        case .service: return "service class"
        case .entityType: return "entity type"
        case .complexType: return "complex type"
        case .property: return "property"
        case .navigationProperty: return "navigation property"
        case .entitySet: return "entity set method"
        case .entitySetHandle: return "entity set handle"
        case .functionImport: return "function import method"
        case .parameter: return "parameter"
        case .enumType: return "enum type"
        case .enumMember: return "enum member"
        case .typeDefinition: return "type definition"
        case .singleton: return "singleton method"
        case .boundOperation: return "bound operation method"
        }
    }
}

/// Compares two generated APIs element by element (by EDM key), so a Swift rename is reported as such
/// rather than as a removal and an addition.
public enum APIDiff {
    /// The changes from `old` to `new`, sorted by EDM key; the source-breaking ones are marked.
    public static func changes(from old: GeneratedAPI, to new: GeneratedAPI) -> [APIChange] {
        var changes: [APIChange] = []
        for key in Set(old.entries.keys).union(new.entries.keys).sorted() {
            switch (old.entries[key], new.entries[key]) {
            case (nil, let added?):
                // A new parameter breaks existing calls; anything else new is additive.
                changes.append(APIChange(kind: .added, key: key, old: nil, new: added, isBreaking: added.kind == .parameter))
            case (let removed?, nil):
                changes.append(APIChange(kind: .removed, key: key, old: removed, new: nil, isBreaking: true))
            case (let before?, let after?):
                if before.name != after.name {
                    changes.append(APIChange(kind: .renamed, key: key, old: before, new: after, isBreaking: true))
                }
                if before.type != after.type {
                    changes.append(APIChange(kind: .typeChanged, key: key, old: before, new: after, isBreaking: true))
                }
                if before.isOptional != after.isOptional {
                    // Instance properties are read and written as optionals either way; a parameter that becomes
                    // required breaks calls that pass nil.
                    let breaks = after.kind == .parameter && !after.isOptional
                    changes.append(
                        APIChange(
                            kind: after.isOptional ? .becameOptional : .becameRequired, key: key, old: before, new: after,
                            isBreaking: breaks))
                }
            case (nil, nil):
                break
            }
        }
        return changes
    }
}
