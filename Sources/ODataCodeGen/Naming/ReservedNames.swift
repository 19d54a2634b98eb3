/// The names generated code may not use for its own declarations.
enum ReservedNames {
    /// Module-level names: the runtime's public types, derived from its symbol graph (`RuntimeNames`; a
    /// generated `DataQuery` would make `DataQuery` ambiguous in every file that imports both modules),
    /// the modules generated code qualifies with, the standard-library types it names, and the names that generated declarations resolve unqualified
    /// (`Provider`, `ID`, the metadata groups).
    static let types: Set<String> = RuntimeNames.types.union([
        // Modules
        "OData", "ODataMetadata", "Swift", "Foundation", "Dispatch", "FoundationNetworking", "_Concurrency",
        // Standard library and Foundation types generated code or typical callers use
        "String", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Float", "Double", "Data", "Date", "UUID", "URL", "Decimal", "Array", "Dictionary", "Set", "Optional",
        "Result", "Error", "Never", "Void", "Any", "AnyObject", "Sendable", "Hashable", "Equatable", "Identifiable",
        "Codable", "Task", "Character", "Sequence", "Collection", "Type", "Protocol", "Self",
        // Names resolved unqualified inside generated declarations
        "Provider", "ID", "Element", "Properties", "EntityTypes", "EntitySets", "ComplexTypes", "FunctionImports", "ActionImports",
        "Singletons", "BoundFunctions", "BoundActions",
    ])

    /// Members of a generated enum (`EnumTypeProtocol`: `RawRepresentable`, `CaseIterable`) or option set
    /// (`FlagsEnumTypeProtocol`: `OptionSet`, `SetAlgebra`), which member names may not take; and `none`, which
    /// `Optional` has: nullable properties are optionals, and `entity.kind == .none` with a member `none` compares
    /// with nil (the compiler only warns, "assuming you mean 'Optional<Kind>.none'").
    static func enumMembers(isFlags: Bool) -> Set<String> {
        let common: Set<String> = [
            "rawValue", "enumType", "edmValue", "init", "hash", "hashValue", "description", "debugDescription", "self", "Type",
            "Protocol", "RawValue", "none",
        ]
        guard isFlags else { return common.union(["allCases", "memberValue", "AllCases"]) }
        return common.union([
            "isEmpty", "contains", "insert", "remove", "update", "union", "intersection", "symmetricDifference", "formUnion",
            "formIntersection", "formSymmetricDifference", "subtract", "subtracting", "isSubset", "isSuperset", "isDisjoint",
            "isStrictSubset", "isStrictSuperset", "Element", "ArrayLiteralElement",
        ])
    }

    /// Members of `OData.TypedEntitySet`, which the methods of operations bound to a set may not take.
    static let typedSetMembers: Set<String> = [
        "descriptor", "name", "allows", "checkAllows", "checkEntitySetCapabilities", "init", "hash", "hashValue", "self",
        "Type", "Entity", "Create", "Update", "Delete",
    ]

    /// Members of generated entity types: `EntityProtocol`'s (derived) but the shadowable ones,
    /// `Hashable`'s and `CustomStringConvertible`'s, and the static `key(…)` the generator declares itself.
    static let entityMembers: Set<String> = RuntimeNames.entityMembers.subtracting(shadowableEntityMembers).union([
        "key", "hash", "hashValue", "description", "debugDescription", "Properties",
    ])

    /// Instance members of `EntityProtocol` that a property may take (SAP's generator names `Id` `id`): the
    /// property's own declared accessor shadows `Identifiable.id` on the concrete type, where the runtime's
    /// dynamic member lookup (which never overrides a real member) cannot reach it.
    static let shadowableEntityMembers: Set<String> = ["id"]

    /// Members of generated complex types: `ComplexTypeProtocol`'s (derived), and those of `Hashable`
    /// and `CustomStringConvertible`.
    static let complexMembers: Set<String> = RuntimeNames.complexMembers.union([
        "hash", "hashValue", "description", "Properties",
    ])

    /// Members of the generated service class: `DataService`'s (derived, `@_spi(Generated)` ones
    /// included), and `deinit` and `description`, which a class may not take for other uses.
    static let serviceMembers: Set<String> = RuntimeNames.serviceMembers.union(["deinit", "description"])

    /// Parameter names that generated methods use themselves.
    static let methodParameters: Set<String> = ["query", "headers", "options", "completionHandler", "matching"]
}
