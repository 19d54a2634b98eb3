/// The primitive types of the Entity Data Model: those of OData v2 and v3, and those OData v4 adds
/// (`Edm.Date`, `Edm.TimeOfDay`, `Edm.Duration`, `Edm.Stream`, `Edm.Untyped`).
///
/// One enum for the metadata model and the runtime: the `OData` module spells it `OData.EdmType`
/// (a type alias), which generated code and the runtime's descriptors use.
public enum EDMPrimitiveType: String, Sendable, Hashable, CaseIterable, Codable {
    /// `Edm.Binary`.
    case binary = "Edm.Binary"
    /// `Edm.Boolean`.
    case boolean = "Edm.Boolean"
    /// `Edm.Byte`.
    case byte = "Edm.Byte"
    /// `Edm.DateTime`.
    case dateTime = "Edm.DateTime"
    /// `Edm.DateTimeOffset`.
    case dateTimeOffset = "Edm.DateTimeOffset"
    /// `Edm.Decimal`.
    case decimal = "Edm.Decimal"
    /// `Edm.Double`.
    case double = "Edm.Double"
    /// `Edm.Guid`.
    case guid = "Edm.Guid"
    /// `Edm.Int16`.
    case int16 = "Edm.Int16"
    /// `Edm.Int32`.
    case int32 = "Edm.Int32"
    /// `Edm.Int64`.
    case int64 = "Edm.Int64"
    /// `Edm.SByte`.
    case sByte = "Edm.SByte"
    /// `Edm.Single`.
    case single = "Edm.Single"
    /// `Edm.String`.
    case string = "Edm.String"
    /// `Edm.Time` (OData v2 and v3: a time of day).
    case time = "Edm.Time"
    /// `Edm.Date` (OData v4): a calendar date without a time.
    case date = "Edm.Date"
    /// `Edm.TimeOfDay` (OData v4).
    case timeOfDay = "Edm.TimeOfDay"
    /// `Edm.Duration` (OData v4): a signed day-time duration.
    case duration = "Edm.Duration"
    /// `Edm.Stream` (OData v4): a named stream, read and written through its own links.
    case stream = "Edm.Stream"
    /// `Edm.Untyped` (OData 4.01): a value of any type, or none.
    case untyped = "Edm.Untyped"

    /// The qualified name, such as `Edm.String`.
    public var qualifiedName: String { rawValue }

    /// Looks a primitive type up by its qualified name (`Edm.Int32`).
    public init?(qualifiedName: String) {
        self.init(rawValue: qualifiedName)
    }
}

/// A reference to a type as a property, parameter or return type names it.
public indirect enum TypeReference: Sendable, Hashable {
    /// An `Edm.*` primitive type.
    case primitive(EDMPrimitiveType)
    /// A complex type, by its namespace-qualified name (aliases resolved).
    case complex(qualifiedName: String)
    /// An entity type, by its namespace-qualified name (aliases resolved).
    case entity(qualifiedName: String)
    /// `Collection(T)`.
    case collection(TypeReference)
    /// A name the parser could not resolve (kept as written; a diagnostic says why).
    case unresolved(String)

    /// The type as a CSDL type string (`Edm.String`, `ESPM.Address`, `Collection(ESPM.Customer)`).
    public var csdlName: String {
        switch self {
        case .primitive(let type): return type.qualifiedName
        case .complex(let name), .entity(let name), .unresolved(let name): return name
        case .collection(let element): return "Collection(\(element.csdlName))"
        }
    }

    /// The element type of a collection, or the type itself.
    public var elementType: TypeReference {
        if case .collection(let element) = self { return element }
        return self
    }

    /// Whether this is `Collection(…)`.
    public var isCollection: Bool {
        if case .collection = self { return true }
        return false
    }
}
