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
    /// Key properties in key order.
    var keys: [PlannedProperty]
    /// The parameter labels of `key(…)` and `fetch…WithKey(…)`, one per key property.
    var keyLabels: [String]
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
    var capabilities: SetCapabilities
}

/// A function-import parameter.
struct PlannedParameter: Sendable {
    var edm: FunctionImportParameter
    var name: String
    /// The Swift type as the method takes it (optional when nullable).
    var type: SwiftType
    /// `OData.EdmType.<case>`.
    var edmType: SwiftExpr
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

    /// Whether the import is registered as an action import (any method but GET, as SAP does).
    var isAction: Bool { httpMethod != "GET" }
}
