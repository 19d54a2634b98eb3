import Foundation
import OData

/// SAP's `Property` (the metadata of a structural property: `name`, `isOptional`, `defaultValue`), for code that
/// declares `Property`-typed parameters, such as change handlers.
///
/// It lives in the opt-in module because `ODataMetadata` has a `Property` of its own (the CSDL model's): a file
/// that imports `ODataMetadata` as well must write `ODataSAPCompatibility.Property`. The runtime's name for it is
/// `PropertyDescriptor`.
public typealias Property = PropertyDescriptor

/// SAP's `DataValue`, the value of a property in SAP's dynamic API (`property.defaultValue?.toString()`): the
/// runtime's `EdmValue`.
public typealias DataValue = EdmValue

extension EdmValue {
    /// SAP's `DataValue.toString()`: the value's text — a string as it is, numbers, decimals, dates and GUIDs as
    /// OData writes them in a payload, `null` for null, binary as base64, a stream as its read (else edit) link.
    public func toString() -> String {
        switch self {
        case .null: return "null"
        case .binary(let data): return data.base64EncodedString()
        case .boolean(let value): return String(value)
        case .byte(let value): return String(value)
        case .dateTime(let value): return value.isoString
        case .dateTimeOffset(let value): return value.isoString
        case .decimal(let value): return value.description
        case .double(let value): return String(value)
        case .guid(let value): return value.stringValue
        case .int16(let value): return String(value)
        case .int32(let value): return String(value)
        case .int64(let value): return String(value)
        case .sByte(let value): return String(value)
        case .single(let value): return String(value)
        case .string(let value): return value
        case .time(let value): return EdmLiteral.format(.time(value))
        case .date(let value): return value.isoString
        case .duration(let value): return value.isoString
        case .stream(let value): return value.readLink ?? value.editLink ?? ""
        case .complex(let value): return "\(value)"
        case .collection(let values): return "[" + values.map { $0.toString() }.joined(separator: ", ") + "]"
        }
    }
}
