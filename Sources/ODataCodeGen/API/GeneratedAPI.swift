import ODataMetadata

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One public declaration of the generated API, keyed by the EDM element it comes from.
public struct APIEntry: Sendable, Hashable, Codable {
    /// What kind of declaration.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The service class.
        case service
        /// An entity type's struct.
        case entityType
        /// A complex type's struct.
        case complexType
        /// A structural property's descriptor (and instance property).
        case property
        /// A navigation property's descriptor.
        case navigationProperty
        /// An entity set's fetch method.
        case entitySet
        /// An entity set's handles in `<Service>Metadata.EntitySets` and `.Sets`.
        case entitySetHandle
        /// A function import's method.
        case functionImport
        /// A parameter of a function import's method.
        case parameter
        /// An enum type (v3, v4).
        case enumType
        /// A member of an enum type.
        case enumMember
        /// A type definition's type alias (v4).
        case typeDefinition
        /// A singleton's fetch method (v4).
        case singleton
        /// A bound action's or function's method, on its binding type (v4, v3 `IsBindable`).
        case boundOperation
    }

    /// The kind.
    public var kind: Kind
    /// The Swift name (`firstName`), unqualified.
    public var name: String
    /// The Swift owner (`Customer` for its properties, the service class for methods), empty at module level.
    public var owner: String
    /// The Swift type as written in the generated code (value type, return type), when the kind has one.
    public var type: String?
    /// Whether the type is optional (a nullable parameter) — for properties, whether the EDM property is nullable.
    public var isOptional: Bool

    /// Creates an entry.
    public init(kind: Kind, name: String, owner: String, type: String? = nil, isOptional: Bool = false) {
        self.kind = kind
        self.name = name
        self.owner = owner
        self.type = type
        self.isOptional = isOptional
    }

    /// `Owner.name`, or the name alone at module level.
    public var qualifiedName: String { owner.isEmpty ? name : "\(owner).\(name)" }
}

/// The generated API as the plan describes it: every public declaration keyed by its EDM element
/// (`EntityType ESPM.Customer`, `Property ESPM.Customer/FirstName`, `EntitySet ESPMContainer/Customers`,
/// `Parameter ESPMContainer/UpdateSalesOrderStatus/id`). The lock file stores it; `odata-gen diff` compares two.
public struct GeneratedAPI: Sendable, Hashable, Codable {
    /// The entries by EDM key.
    public var entries: [String: APIEntry]

    /// Creates an API from its entries.
    public init(entries: [String: APIEntry] = [:]) {
        self.entries = entries
    }

    /// The Swift names by EDM key (what a lock pins).
    public var names: [String: String] { entries.mapValues(\.name) }

    init(plan: ServicePlan) {
        let renderer = SwiftRenderer()
        var entries: [String: APIEntry] = [:]
        let container = plan.container.name
        entries["Service \(container)"] = APIEntry(kind: .service, name: plan.serviceName, owner: "")
        for type in plan.entityTypes {
            entries["EntityType \(type.edm.qualifiedName)"] = APIEntry(kind: .entityType, name: type.name, owner: "")
            for property in type.properties {
                entries["Property \(type.edm.qualifiedName)/\(property.edm.name)"] = APIEntry(
                    kind: .property, name: property.name, owner: type.name, type: renderer.typeText(property.valueType),
                    isOptional: property.edm.isNullable)
            }
            for navigation in type.navigations {
                entries["NavigationProperty \(type.edm.qualifiedName)/\(navigation.edm.name)"] = APIEntry(
                    kind: .navigationProperty, name: navigation.name, owner: type.name,
                    type: navigation.isCollection ? "[\(navigation.targetName)]" : navigation.targetName)
            }
        }
        for type in plan.complexTypes {
            entries["ComplexType \(type.edm.qualifiedName)"] = APIEntry(kind: .complexType, name: type.name, owner: "")
            for property in type.properties {
                entries["Property \(type.edm.qualifiedName)/\(property.edm.name)"] = APIEntry(
                    kind: .property, name: property.name, owner: type.name, type: renderer.typeText(property.valueType),
                    isOptional: property.edm.isNullable)
            }
        }
        for set in plan.entitySets {
            entries["EntitySet \(container)/\(set.edm.name)"] = APIEntry(
                kind: .entitySet, name: set.fetchName, owner: plan.serviceName, type: "[\(set.typeName)]")
            entries["EntitySetHandle \(container)/\(set.edm.name)"] = APIEntry(
                kind: .entitySetHandle, name: set.handleName, owner: "\(plan.metadataName).EntitySets", type: set.typeName)
        }
        for function in plan.functions {
            let key = "FunctionImport \(container)/\(function.edm.name)"
            entries[key] = APIEntry(kind: .functionImport, name: function.methodName, owner: plan.serviceName, type: function.resultText)
            for parameter in function.parameters {
                var type = parameter.type
                var optional = false
                if case .optional(let wrapped) = type {
                    type = wrapped
                    optional = true
                }
                entries["Parameter \(container)/\(function.edm.name)/\(parameter.edm.name)"] = APIEntry(
                    kind: .parameter, name: parameter.name, owner: "\(plan.serviceName).\(function.methodName)",
                    type: renderer.typeText(type), isOptional: optional)
            }
        }
        for type in plan.enumTypes {
            entries["EnumType \(type.edm.qualifiedName)"] = APIEntry(kind: .enumType, name: type.name, owner: "")
            for (member, name) in zip(type.edm.members, type.memberNames) {
                entries["EnumMember \(type.edm.qualifiedName)/\(member.name)"] = APIEntry(
                    kind: .enumMember, name: name, owner: type.name, type: type.name)
            }
        }
        for type in plan.typeDefinitions {
            entries["TypeDefinition \(type.edm.qualifiedName)"] = APIEntry(
                kind: .typeDefinition, name: type.name, owner: "", type: renderer.typeText(TypeMapping.swiftType(type.edm.underlyingType)))
        }
        for singleton in plan.singletons {
            entries["Singleton \(container)/\(singleton.edm.name)"] = APIEntry(
                kind: .singleton, name: singleton.fetchName, owner: plan.serviceName, type: singleton.typeName)
        }
        for operation in plan.boundOperations {
            let function = operation.function
            let key = "\(function.edm.function ?? function.edm.name)(\(operation.bindingCSDLName))"
            let owner =
                operation.isCollectionBound ? "OData.TypedEntitySet<\(operation.bindingTypeName)>" : operation.bindingTypeName
            // Overloads share the key; the first keeps it, as the lock keeps the first's name.
            if entries["BoundOperation \(key)"] == nil {
                entries["BoundOperation \(key)"] = APIEntry(
                    kind: .boundOperation, name: function.methodName, owner: owner, type: function.resultText)
            }
            for parameter in function.parameters where entries["Parameter \(key)/\(parameter.edm.name)"] == nil {
                var type = parameter.type
                var optional = false
                if case .optional(let wrapped) = type {
                    type = wrapped
                    optional = true
                }
                entries["Parameter \(key)/\(parameter.edm.name)"] = APIEntry(
                    kind: .parameter, name: parameter.name, owner: "\(owner).\(function.methodName)",
                    type: renderer.typeText(type), isOptional: optional)
            }
        }
        self.entries = entries
    }
}

extension PlannedFunction {
    /// The method's result type as text (`Void` when none).
    var resultText: String {
        switch result {
        case .none: return "Void"
        case .value(let type): return SwiftRenderer().typeText(type)
        case .entity(let name): return name
        case .entities(let name): return "[\(name)]"
        }
    }
}

/// The lock file, `odata-generator.lock.json`: the generated API of the last generation, whose Swift names
/// the next generation keeps for the same EDM elements (so a type added earlier in the document does not
/// rename `Stock1` to `Stock2`), and which `odata-gen diff` compares a new document against.
public struct NameLock: Sendable, Hashable, Codable {
    /// The conventional file name, next to the metadata document.
    public static let fileName = "odata-generator.lock.json"

    /// The format version.
    public var version: Int
    /// The API it pins.
    public var api: GeneratedAPI

    /// A lock of this API.
    public init(api: GeneratedAPI) {
        self.version = 1
        self.api = api
    }

    /// The lock as JSON with sorted keys (byte-identical for identical input).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Decodes a lock file; the error names the file.
    public static func decode(_ data: Data, source: String) throws -> NameLock {
        do {
            let lock = try JSONDecoder().decode(NameLock.self, from: data)
            guard lock.version == 1 else { throw GeneratorError(message: "\(source): lock file version \(lock.version) is not supported") }
            return lock
        } catch let error as GeneratorError {
            throw error
        } catch {
            throw GeneratorError(message: "\(source): not a valid lock file (\(error))")
        }
    }
}
