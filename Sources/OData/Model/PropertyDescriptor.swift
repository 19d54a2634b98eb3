/// The type of a structural property at run time.
public enum PropertyType: Sendable {
    /// A primitive.
    case primitive(EdmType)
    /// A complex type.
    case complex(ComplexTypeDescriptor)
    /// `Collection(Edm.*)`.
    case primitiveCollection(EdmType)
    /// `Collection(ComplexType)`.
    case complexCollection(ComplexTypeDescriptor)

    /// The primitive type, for primitives and primitive collections.
    public var primitiveType: EdmType? {
        switch self {
        case .primitive(let type), .primitiveCollection(let type): return type
        case .complex, .complexCollection: return nil
        }
    }

    /// The complex type, for complex values and complex collections.
    public var complexType: ComplexTypeDescriptor? {
        switch self {
        case .complex(let type), .complexCollection(let type): return type
        case .primitive, .primitiveCollection: return nil
        }
    }

    /// Whether this is a collection.
    public var isCollection: Bool {
        switch self {
        case .primitiveCollection, .complexCollection: return true
        case .primitive, .complex: return false
        }
    }
}

/// Describes one structural property of an entity or complex type: its EDM name, type and facets.
///
/// Descriptors are immutable and shared; generated code holds them in static tables,
/// the dynamic API builds them from `$metadata`.
public final class PropertyDescriptor: Sendable, Hashable, CustomStringConvertible {
    /// The EDM name, as on the wire (`CustomerId`).
    public let name: String
    /// The type.
    public let type: PropertyType
    /// `Nullable`.
    public let isNullable: Bool
    /// `MaxLength`, nil for none or `Max`.
    public let maxLength: Int?
    /// `Precision`.
    public let precision: Int?
    /// `Scale`.
    public let scale: Int?
    /// Whether the property is part of the entity key.
    public let isKey: Bool
    /// `ConcurrencyMode="Fixed"`: part of the ETag.
    public let isConcurrencyToken: Bool
    /// The property's position in its owning type (set by the owning type descriptor).
    public let index: Int
    /// The customizable-feed mapping (`m:FC_TargetPath` and its companions): the Atom element or attribute
    /// that carries the value, read when `m:properties` leaves it out (`FC_KeepInContent="false"`).
    public let feedMapping: FeedMapping?
    /// The enum type of an enum-typed property (OData v3 and v4), whose values the runtime holds as member
    /// names (`type` is then `Edm.String` or a collection of it).
    public let enumType: EnumTypeDescriptor?

    /// Creates a descriptor. `index` is the position in the owning type's property list.
    public init(
        name: String, type: PropertyType, index: Int, isNullable: Bool = true, maxLength: Int? = nil,
        precision: Int? = nil, scale: Int? = nil, isKey: Bool = false, isConcurrencyToken: Bool = false,
        feedMapping: FeedMapping? = nil, enumType: EnumTypeDescriptor? = nil
    ) {
        self.feedMapping = feedMapping
        self.enumType = enumType
        self.name = name
        self.type = type
        self.index = index
        self.isNullable = isNullable
        self.maxLength = maxLength
        self.precision = precision
        self.scale = scale
        self.isKey = isKey
        self.isConcurrencyToken = isConcurrencyToken
    }

    /// Identity: descriptors are compared by object identity.
    public static func == (lhs: PropertyDescriptor, rhs: PropertyDescriptor) -> Bool { lhs === rhs }

    /// Hashes the components that equality compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// A readable description.
    public var description: String { name }
}

/// Describes a navigation property: its name, whether it leads to many entities, and its target type.
public final class NavigationDescriptor: Sendable, Hashable, CustomStringConvertible {
    /// The EDM name (`SalesOrders`).
    public let name: String
    /// Whether the target end is `*`.
    public let isCollection: Bool
    /// The qualified name of the target entity type.
    public let targetTypeName: String
    /// The position among the owning type's navigation properties.
    public let index: Int
    /// `ContainsTarget` (OData v4): the targets live inside the source entity and are addressed through it.
    public let containsTarget: Bool
    private let resolveTarget: @Sendable () -> EntityTypeDescriptor

    /// Creates a navigation descriptor; the target is resolved lazily so that types may refer to each other.
    public init(
        name: String, isCollection: Bool, targetTypeName: String, index: Int, containsTarget: Bool = false,
        target: @escaping @Sendable () -> EntityTypeDescriptor
    ) {
        self.containsTarget = containsTarget
        self.name = name
        self.isCollection = isCollection
        self.targetTypeName = targetTypeName
        self.index = index
        self.resolveTarget = target
    }

    /// The target entity type.
    public var targetType: EntityTypeDescriptor { resolveTarget() }

    /// Whether the two are equal.
    public static func == (lhs: NavigationDescriptor, rhs: NavigationDescriptor) -> Bool { lhs === rhs }

    /// Hashes the components that equality compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// A readable description.
    public var description: String { name }
}
