import ODataMetadata

/// Describes an entity type at run time: its properties, key, navigation properties and media flag.
public final class EntityTypeDescriptor: Sendable, Hashable, CustomStringConvertible {
    /// `Namespace.Name`.
    public let qualifiedName: String
    /// The structural properties, inherited first; `properties[i].index == i`.
    public let properties: [PropertyDescriptor]
    /// The navigation properties, inherited first; `navigationProperties[i].index == i`.
    public let navigationProperties: [NavigationDescriptor]
    /// The key properties of the type itself, in key order (a key part read through a complex property, an OData
    /// 4.01 key alias, is in `keyParts` only).
    public let keyProperties: [PropertyDescriptor]
    /// The parts of the key in key order: each one's name in a key predicate and the properties its value is read
    /// through.
    public let keyParts: [EntityKeyPart]
    /// Whether a key part is read through a complex property (`keyParts`).
    let hasKeyPaths: Bool
    /// Whether a key part is enum-typed (its values are written as enum literals in key predicates).
    let hasEnumKeyParts: Bool
    /// `m:HasStream`: entities are media-link entries.
    public let hasStream: Bool
    /// The base type's qualified name.
    public let baseTypeName: String?
    /// Whether the type is `OpenType`.
    public let isOpenType: Bool
    /// Whether the type is `Abstract` (OData v4): only derived types have instances.
    public let isAbstract: Bool
    private let propertyIndex: [String: Int]
    private let navigationIndex: [String: Int]
    /// What the payload readers derive from this type once (its wire name table), kept for every later read.
    let readerCache = DescriptorCache()

    /// Creates a descriptor. Property and navigation `index` values must match their positions. A key name may be a
    /// path through complex properties (`Address/City`) when `keyAliases` gives it the name key predicates use.
    public init(
        qualifiedName: String, properties: [PropertyDescriptor], navigationProperties: [NavigationDescriptor] = [],
        keyNames: [String], keyAliases: [KeyAlias] = [], hasStream: Bool = false, baseTypeName: String? = nil,
        isOpenType: Bool = false, isAbstract: Bool = false
    ) {
        self.isAbstract = isAbstract
        self.qualifiedName = qualifiedName
        self.properties = properties
        self.navigationProperties = navigationProperties
        self.hasStream = hasStream
        self.baseTypeName = baseTypeName
        self.isOpenType = isOpenType
        var propertyIndex: [String: Int] = [:]
        for (i, property) in properties.enumerated() where propertyIndex[property.name] == nil {
            propertyIndex[property.name] = i
        }
        var navigationIndex: [String: Int] = [:]
        for (i, navigation) in navigationProperties.enumerated() where navigationIndex[navigation.name] == nil {
            navigationIndex[navigation.name] = i
        }
        self.propertyIndex = propertyIndex
        self.navigationIndex = navigationIndex
        let parts = keyNames.compactMap { name in
            EntityKeyPart(name, alias: keyAliases.first { $0.path == name }?.alias, properties: properties, index: propertyIndex)
        }
        self.keyParts = parts
        self.keyProperties = parts.compactMap { $0.properties.count == 1 ? $0.properties[0] : nil }
        self.hasKeyPaths = parts.contains { $0.properties.count > 1 }
        self.hasEnumKeyParts = parts.contains { $0.properties.last?.enumType != nil }
    }

    /// The simple name (after the last dot).
    public var name: String {
        guard let dot = qualifiedName.lastIndex(of: ".") else { return qualifiedName }
        return String(qualifiedName[qualifiedName.index(after: dot)...])
    }

    /// The structural property with this EDM name.
    public func property(named name: String) -> PropertyDescriptor? {
        propertyIndex[name].map { properties[$0] }
    }

    /// The navigation property with this EDM name.
    public func navigationProperty(named name: String) -> NavigationDescriptor? {
        navigationIndex[name].map { navigationProperties[$0] }
    }

    /// Whether the two are equal.
    public static func == (lhs: EntityTypeDescriptor, rhs: EntityTypeDescriptor) -> Bool {
        lhs === rhs || lhs.qualifiedName == rhs.qualifiedName
    }

    /// Hashes the components that equality compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(qualifiedName) }

    /// A readable description.
    public var description: String { qualifiedName }
}

/// Describes a complex type at run time.
public final class ComplexTypeDescriptor: Sendable, Hashable, CustomStringConvertible {
    /// `Namespace.Name`.
    public let qualifiedName: String
    /// The properties; `properties[i].index == i`.
    public let properties: [PropertyDescriptor]
    private let propertyIndex: [String: Int]
    /// What the payload readers derive from this type once (its wire name table), kept for every later read.
    let readerCache = DescriptorCache()

    /// Creates a descriptor. Property `index` values must match their positions.
    public init(qualifiedName: String, properties: [PropertyDescriptor]) {
        self.qualifiedName = qualifiedName
        self.properties = properties
        var index: [String: Int] = [:]
        for (i, property) in properties.enumerated() where index[property.name] == nil { index[property.name] = i }
        self.propertyIndex = index
    }

    /// The property with this EDM name.
    public func property(named name: String) -> PropertyDescriptor? {
        propertyIndex[name].map { properties[$0] }
    }

    /// Whether the two are equal.
    public static func == (lhs: ComplexTypeDescriptor, rhs: ComplexTypeDescriptor) -> Bool {
        lhs === rhs || lhs.qualifiedName == rhs.qualifiedName
    }

    /// Hashes the components that equality compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(qualifiedName) }

    /// A readable description.
    public var description: String { qualifiedName }
}

/// Describes an entity set: its name and entity type.
public final class EntitySetDescriptor: Sendable, Hashable, CustomStringConvertible {
    /// The set name as in URLs (`Customers`).
    public let name: String
    /// The entity type of its members.
    public let entityType: EntityTypeDescriptor
    /// `sap:creatable`, or the Capabilities vocabulary's `InsertRestrictions/Insertable` (true when absent).
    public let isCreatable: Bool
    /// `sap:updatable`, or `UpdateRestrictions/Updatable` (true when absent).
    public let isUpdatable: Bool
    /// `sap:deletable`, or `DeleteRestrictions/Deletable` (true when absent).
    public let isDeletable: Bool
    /// `sap:requires-filter`, or `FilterRestrictions/RequiresFilter` (false when absent): reads of the whole set
    /// need `$filter`.
    public let requiresFilter: Bool
    /// Whether this is an OData v4 `Singleton`: one entity addressed by name (`/Me`), never by key.
    public let isSingleton: Bool
    /// The service the set belongs to: what it shares with the service's other sets and operations.
    public let service: ServiceDescriptor

    /// Creates a descriptor.
    public init(
        name: String, entityType: EntityTypeDescriptor, isCreatable: Bool = true, isUpdatable: Bool = true,
        isDeletable: Bool = true, requiresFilter: Bool = false, isSingleton: Bool = false, service: ServiceDescriptor = .v2
    ) {
        self.isSingleton = isSingleton
        self.service = service
        self.name = name
        self.entityType = entityType
        self.isCreatable = isCreatable
        self.isUpdatable = isUpdatable
        self.isDeletable = isDeletable
        self.requiresFilter = requiresFilter
    }

    /// The protocol version of the service the set belongs to, which picks the wire format.
    public var protocolVersion: ODataVersion { service.protocolVersion }

    /// Whether the two are equal.
    public static func == (lhs: EntitySetDescriptor, rhs: EntitySetDescriptor) -> Bool {
        lhs === rhs || (lhs.name == rhs.name && lhs.entityType == rhs.entityType)
    }

    /// Hashes the components that equality compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// A readable description.
    public var description: String { name }
}
