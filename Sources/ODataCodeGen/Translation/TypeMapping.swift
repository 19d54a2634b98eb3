import ODataMetadata

/// The Edm → Swift type mapping and the runtime's names for Edm types.
enum TypeMapping {
    /// The Swift type of a primitive.
    static func swiftType(_ type: EDMPrimitiveType) -> SwiftType {
        swiftTypes[type] ?? .path("Swift.String")
    }

    /// The mapping, computed once.
    private static let swiftTypes: [EDMPrimitiveType: SwiftType] = Dictionary(
        uniqueKeysWithValues: EDMPrimitiveType.allCases.map { ($0, computeSwiftType($0)) })

    private static func computeSwiftType(_ type: EDMPrimitiveType) -> SwiftType {
        switch type {
        case .string: return .path("Swift.String")
        case .boolean: return .path("Swift.Bool")
        case .byte: return .path("Swift.UInt8")
        case .sByte: return .path("Swift.Int8")
        case .int16: return .path("Swift.Int16")
        case .int32: return .path("Swift.Int")
        case .int64: return .path("Swift.Int64")
        case .single: return .path("Swift.Float")
        case .double: return .path("Swift.Double")
        case .decimal: return .path("OData.BigDecimal")
        case .dateTime: return .path("OData.LocalDateTime")
        case .dateTimeOffset: return .path("OData.GlobalDateTime")
        case .time: return .path("OData.LocalTime")
        case .guid: return .path("OData.GuidValue")
        case .binary: return .path("Foundation.Data")
        case .date: return .path("OData.LocalDate")
        case .timeOfDay: return .path("OData.LocalTime")
        case .duration: return .path("OData.DayTimeDuration")
        case .stream: return .path("OData.StreamLink")
        case .untyped: return .path("OData.EdmValue")
        }
    }

    /// `OData.EdmType.<case>`.
    static func edmType(_ type: EDMPrimitiveType) -> SwiftExpr {
        .member(.type(.path("OData.EdmType")), caseName(type))
    }

    /// The case name of `EDMPrimitiveType`, which the runtime spells `OData.EdmType`.
    static func caseName(_ type: EDMPrimitiveType) -> String {
        switch type {
        case .binary: return "binary"
        case .boolean: return "boolean"
        case .byte: return "byte"
        case .dateTime: return "dateTime"
        case .dateTimeOffset: return "dateTimeOffset"
        case .decimal: return "decimal"
        case .double: return "double"
        case .guid: return "guid"
        case .int16: return "int16"
        case .int32: return "int32"
        case .int64: return "int64"
        case .sByte: return "sByte"
        case .single: return "single"
        case .string: return "string"
        case .time: return "time"
        case .date: return "date"
        case .timeOfDay: return "timeOfDay"
        case .duration: return "duration"
        case .stream: return "stream"
        case .untyped: return "untyped"
        }
    }

    /// `OData.PropertyType.<kind>(…)`.
    static func propertyType(_ kind: String, _ argument: SwiftExpr) -> SwiftExpr {
        .call(.member(.type(.path("OData.PropertyType")), kind), [SwiftArgument(nil, argument)], trailingClosure: nil)
    }

    /// `<ComplexName>.complexType`.
    static func complexDescriptor(_ swiftName: String) -> SwiftExpr {
        .member(.type(.named([swiftName])), "complexType")
    }

    /// `<EnumName>.enumType`.
    static func enumDescriptor(_ swiftName: String) -> SwiftExpr {
        .member(.type(.named([swiftName])), "enumType")
    }

    /// `<EntityName>.entityType`.
    static func entityDescriptor(_ swiftName: String) -> SwiftExpr {
        .member(.type(.named([swiftName])), "entityType")
    }
}
