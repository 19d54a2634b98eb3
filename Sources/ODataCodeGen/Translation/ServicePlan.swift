import ODataMetadata

/// The resolved plan of what to generate: every included element with its Swift names and types.
/// Built once by `ServicePlanner`; the translators only read it.
struct ServicePlan: Sendable {
    var serviceName: String
    var metadataName: String
    var container: EntityContainer
    var access: GeneratedAccessLevel
    var entityTypes: [PlannedEntityType]
    var complexTypes: [PlannedComplexType]
    var entitySets: [PlannedEntitySet]
    var functions: [PlannedFunction]
    /// The document's protocol version (`ODataVersion`): descriptors of a v4 service say so.
    var protocolVersion: ODataVersion = .v2
    /// Enum types (v3, v4).
    var enumTypes: [PlannedEnumType] = []
    /// Type definitions (v4).
    var typeDefinitions: [PlannedTypeDefinition] = []
    /// Singletons (v4).
    var singletons: [PlannedSingleton] = []
    /// Bound actions and functions (v4; v3 `IsBindable` function imports).
    var boundOperations: [PlannedBoundOperation] = []
}

/// A structural property of an entity or complex type.
struct PlannedProperty: Sendable {
    var edm: Property
    /// The Swift member name (static descriptor, and the instance property reached through it).
    var name: String
    /// The Swift value type, not optional (`Swift.String`, `Address`, `[Swift.String]`).
    var valueType: SwiftType
    /// The runtime `PropertyType` expression.
    var propertyType: SwiftExpr
    /// The position in the owning type's descriptor.
    var index: Int
    var isKey: Bool
    /// The customizable-feed mapping (`m:FC_*`), entity types only.
    var feedMapping: FeedCustomization? = nil
    /// The type its descriptor row names: the CSDL type, with a type definition replaced by its underlying type.
    var rowTypeName: String = ""
    /// The Swift name of its enum type (or its collection's), when enum-typed.
    var enumName: String? = nil
}

/// A navigation property.
struct PlannedNavigation: Sendable {
    var edm: NavigationProperty
    var name: String
    /// The Swift name of the target entity type.
    var targetName: String
    var targetQualifiedName: String
    var isCollection: Bool
    var index: Int
}

/// An entity type.
struct PlannedEntityType: Sendable {
    var edm: EntityType
    var name: String
    /// The member of `<Service>Metadata.EntityTypes`.
    var handleName: String
    var properties: [PlannedProperty]
    var navigations: [PlannedNavigation]
    /// The key in key order.
    var keys: [PlannedKey]
    /// The parameter labels of `key(…)` and `fetch…WithKey(…)`, one per key part.
    var keyLabels: [String]
}

/// One part of an entity type's key: a key property of the type, or (OData 4.01) a property inside a complex property
/// that the key names by an alias (`PropertyRef Name="Address/City" Alias="City"`).
struct PlannedKey: Sendable {
    /// The name in a key predicate: the property's, or the alias.
    var name: String
    /// The key name as the descriptor's `keyNames` gives it: the property's name, or the path.
    var path: String
    /// The Swift value type, not optional.
    var valueType: SwiftType
    /// The type's own key property; nil for a key through a complex property.
    var property: PlannedProperty?
}

/// A complex type.
struct PlannedComplexType: Sendable {
    var edm: ComplexType
    var name: String
    var handleName: String
    var properties: [PlannedProperty]
}

/// An entity set with its fetch methods.
struct PlannedEntitySet: Sendable {
    var edm: EntitySet
    /// The Swift name of the element type.
    var typeName: String
    /// The index of the element type in `ServicePlan.entityTypes`.
    var typeIndex: Int
    var handleName: String
    /// `fetchCustomers`.
    var fetchName: String
    /// `fetchCustomer`.
    var singleName: String
    /// `fetchCustomerWithKey`, nil when the type has no key.
    var withKeyName: String?
    /// What the service allows on the set.
    var capabilities: EntitySetCapabilities
}

/// A function-import parameter.
struct PlannedParameter: Sendable {
    var edm: FunctionImportParameter
    var name: String
    /// The Swift type as the method takes it (optional when nullable).
    var type: SwiftType
    /// `OData.EdmType.<case>`.
    var edmType: SwiftExpr
    /// The CSDL type the descriptor names when it is not the primitive's own (enum, complex, collection).
    var typeName: String? = nil
    /// The Swift name of its enum type (or its collection's), when enum-typed.
    var enumName: String? = nil
}

/// What a function import returns.
enum PlannedReturn: Sendable {
    case none
    /// A primitive or complex value or a collection of them (the Swift type).
    case value(SwiftType)
    /// One entity (Swift type name).
    case entity(String)
    /// Entities (Swift type name).
    case entities(String)
}

/// A function import.
struct PlannedFunction: Sendable {
    var edm: FunctionImport
    var handleName: String
    var methodName: String
    /// `m:HttpMethod`, uppercased, `GET` when absent.
    var httpMethod: String
    var parameters: [PlannedParameter]
    var result: PlannedReturn
    /// The runtime `FunctionReturnType` expression.
    var returnType: SwiftExpr

    /// The v4 action or function (nil for a v2/v3 function import).
    var operation: Operation? = nil

    /// Whether the import is registered as an action import (any method but GET, as SAP does).
    var isAction: Bool { httpMethod != "GET" }
}

/// An enum type: a Swift enum (an option set for flags).
struct PlannedEnumType: Sendable {
    var edm: EnumType
    var name: String
    /// The Swift names of the members, in member order.
    var memberNames: [String]
}

/// A type definition: a type alias of its underlying type.
struct PlannedTypeDefinition: Sendable {
    var edm: TypeDefinition
    var name: String
}

/// A singleton: one entity read by name.
struct PlannedSingleton: Sendable {
    var edm: Singleton
    var typeName: String
    var handleName: String
    /// `fetchMe`.
    var fetchName: String
}

/// A bound action or function, generated on its binding type: an instance method of the entity type, or a
/// method of the typed entity set (`TypedEntitySet`) of a collection.
struct PlannedBoundOperation: Sendable {
    var function: PlannedFunction
    /// The Swift name of the binding entity type.
    var bindingTypeName: String
    /// Bound to a collection of entities (an entity set) rather than one entity.
    var isCollectionBound: Bool
    /// The CSDL binding type (`NS.Person`, `Collection(NS.Person)`).
    var bindingCSDLName: String
}
