/// The names generated code may not use for its own declarations.
enum ReservedNames {
    /// Module-level names: the runtime's public types (a generated `DataQuery` would make `DataQuery`
    /// ambiguous in every file that imports both modules), the modules generated code qualifies with,
    /// the standard-library types it names, and the names that generated declarations resolve unqualified
    /// (`Provider`, `ID`, the metadata groups).
    static let types: Set<String> = [
        // Modules
        "OData", "ODataMetadata", "Swift", "Foundation", "Dispatch", "FoundationNetworking", "_Concurrency",
        // Standard library and Foundation types generated code or typical callers use
        "String", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Float", "Double", "Data", "Date", "UUID", "URL", "Decimal", "Array", "Dictionary", "Set", "Optional",
        "Result", "Error", "Never", "Void", "Any", "AnyObject", "Sendable", "Hashable", "Equatable", "Identifiable",
        "Codable", "Task", "Character", "Sequence", "Collection", "Type", "Protocol", "Self",
        // Names resolved unqualified inside generated declarations
        "Provider", "ID", "Element", "EntityTypes", "EntitySets", "ComplexTypes", "FunctionImports", "ActionImports",
        // The runtime's public types (and those planned for it)
        "BigDecimal", "ComplexTypeDescriptor", "ComplexTypeProtocol", "ComplexValue", "DataQuery", "DataService",
        "DataServiceProvider", "EdmType", "EdmValue", "EdmValueConvertible", "EntityKey", "EntityList",
        "EntityMetadata", "EntityProtocol", "EntitySetDescriptor", "EntityTypeDescriptor", "EntityValue",
        "ExpandItem", "FilterOperator", "FunctionImportDescriptor", "FunctionInvocation",
        "FunctionParameterDescriptor", "FunctionResult", "FunctionResultError", "FunctionReturnType",
        "GlobalDateTime", "GuidValue", "HTTPHeaders", "KeyComponent", "LocalDateTime", "LocalTime",
        "NavigationDescriptor", "NavigationValue", "PropertyDescriptor", "PropertyPathConvertible", "PropertyType",
        "RequestOptions", "RuntimeVersion", "SortItem", "SortOrder", "Ticks", "TypedNavigationProperty",
        "TypedProperty", "UpdateMode", "QueryFilter", "QueryValue", "OnlineODataProvider", "ODataError",
        "DataServiceError", "HTTPTransport", "MockProvider",
    ]

    /// Members of generated entity types that come from `EntityProtocol`, `Hashable` and `Identifiable`.
    static let entityMembers: Set<String> = [
        "entityType", "entityValue", "key", "array", "copy", "old", "value", "setValue", "related", "relatedEntity",
        "setRelated", "setRelatedEntity", "hash", "hashValue", "description", "debugDescription",
    ]

    /// Instance members of `EntityProtocol` that a property may take (SAP's generator names `Id` `id`): the
    /// property's own declared accessor shadows `Identifiable.id` on the concrete type, where the runtime's
    /// dynamic member lookup (which never overrides a real member) cannot reach it.
    static let shadowableEntityMembers: Set<String> = ["id"]

    /// Members of generated complex types that come from `ComplexTypeProtocol` and `EdmValueConvertible`.
    static let complexMembers: Set<String> = [
        "complexType", "complexValue", "edmValue", "value", "setValue", "hash", "hashValue", "description",
    ]

    /// Members of the generated service class that come from `DataService`.
    static let serviceMembers: Set<String> = [
        "provider", "completionQueue", "fetch", "fetchOne", "invoke", "complete", "invokeVoid", "invokeValue",
        "invokeEntity", "invokeEntities", "deinit", "description", "entitySets", "entitySet",
    ]

    /// Parameter names that generated methods use themselves.
    static let methodParameters: Set<String> = ["query", "headers", "options", "completionHandler", "matching"]
}
