/// The primitive types of the Entity Data Model, OData v2 to v4.01. Spatial types (`Edm.Geography*`,
/// `Edm.Geometry*`) are not among them: the parser reports them as unsupported by name.
///
/// One enum for the metadata model and the runtime: the `OData` module spells it `OData.EdmType` (a type alias),
/// which generated code and the runtime's descriptors use.
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
    /// `Edm.Time` (OData v2/v3: a duration, or a time of day as SAP uses it).
    case time = "Edm.Time"
    /// `Edm.Date` (v4).
    case date = "Edm.Date"
    /// `Edm.TimeOfDay` (v4).
    case timeOfDay = "Edm.TimeOfDay"
    /// `Edm.Duration` (v4).
    case duration = "Edm.Duration"
    /// `Edm.Stream` (v3 and v4): a media-resource valued property.
    case stream = "Edm.Stream"
    /// `Edm.Untyped` (4.01): a value of any type, read as it comes.
    case untyped = "Edm.Untyped"

    /// The qualified name, such as `Edm.String`.
    public var qualifiedName: String { rawValue }

    /// Whether the protocol version has this type: `Edm.Date`, `Edm.TimeOfDay`, `Edm.Duration` and `Edm.Untyped` are
    /// OData 4's, `Edm.Stream` OData 3's and 4's, `Edm.DateTime` and `Edm.Time` OData 1–3's; the others all versions'.
    public func isDefined(in version: ODataVersion) -> Bool {
        switch self {
        case .date, .timeOfDay, .duration, .untyped: return version.isV4
        case .stream: return version >= .v3
        case .dateTime, .time: return !version.isV4
        default: return true
        }
    }

    /// Whether a qualified name is one of the spatial primitive types (`Edm.Geography…`, `Edm.Geometry…`), which
    /// this SDK does not support.
    public static func isSpatial(_ qualifiedName: String) -> Bool {
        qualifiedName.hasPrefix("Edm.Geography") || qualifiedName.hasPrefix("Edm.Geometry")
    }

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
    /// An enum type (CSDL 3.0 and 4.0), by its namespace-qualified name (aliases resolved).
    case enumeration(qualifiedName: String)
    /// A type definition (CSDL 4.0), by its namespace-qualified name (aliases resolved).
    case typeDefinition(qualifiedName: String)
    /// `Collection(T)`.
    case collection(TypeReference)
    /// A name the parser could not resolve (kept as written; a diagnostic says why): an undeclared type, a type
    /// from a reference that was not given, or a spatial type.
    case unresolved(String)

    /// The type as a CSDL type string (`Edm.String`, `ESPM.Address`, `Collection(ESPM.Customer)`).
    public var csdlName: String {
        switch self {
        case .primitive(let type): return type.qualifiedName
        case .complex(let name), .entity(let name), .enumeration(let name), .typeDefinition(let name), .unresolved(let name):
            return name
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
