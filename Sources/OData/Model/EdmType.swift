/// The OData v2 primitive types, as the runtime knows them.
public enum EdmType: String, Sendable, Hashable, CaseIterable {
    case binary = "Edm.Binary"
    case boolean = "Edm.Boolean"
    case byte = "Edm.Byte"
    case dateTime = "Edm.DateTime"
    case dateTimeOffset = "Edm.DateTimeOffset"
    case decimal = "Edm.Decimal"
    case double = "Edm.Double"
    case guid = "Edm.Guid"
    case int16 = "Edm.Int16"
    case int32 = "Edm.Int32"
    case int64 = "Edm.Int64"
    case sByte = "Edm.SByte"
    case single = "Edm.Single"
    case string = "Edm.String"
    case time = "Edm.Time"

    /// The qualified name, such as `Edm.String`.
    public var qualifiedName: String { rawValue }
}
