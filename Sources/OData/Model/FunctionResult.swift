/// The decoded result of a function import.
public enum FunctionResult: Sendable {
    /// No content.
    case none
    /// A primitive, complex, or collection of primitive/complex values.
    case value(EdmValue)
    /// One entity.
    case entity(EntityValue)
    /// Entities.
    case entities([EntityValue])
}

/// A function import's response did not have the shape its metadata declares: only ever the `underlyingError` of
/// an `ODataError` `.unexpectedResult` (whose message says the function and what arrived), so not public.
struct FunctionResultError: Error, Sendable, CustomStringConvertible {
    /// The function import's name.
    let functionName: String
    /// What was expected and what arrived.
    let message: String

    /// A readable description.
    var description: String { "function import \(functionName): \(message)" }
}

extension FunctionResultError: ODataErrorConvertible {
    /// `.unexpectedResult`.
    var odataError: ODataError { ODataError(.unexpectedResult, description, underlyingError: self) }
}

extension FunctionResult {
    /// A function import's result decoded by its declared return type, with one format's decoders of a value, an
    /// entity and a feed (the JSON and Atom decoders both decode function results through here).
    static func decoded(
        as returnType: FunctionReturnType, value: (PropertyType) throws -> EdmValue, entity: (EntityTypeDescriptor) throws -> EntityValue,
        entities: (EntityTypeDescriptor) throws -> [EntityValue]
    ) throws -> FunctionResult {
        switch returnType {
        case .none: return .none
        case .primitive(let type): return .value(try value(.primitive(type)))
        case .complex(let type): return .value(try value(.complex(type)))
        case .primitiveCollection(let type): return .value(try value(.primitiveCollection(type)))
        case .complexCollection(let type): return .value(try value(.complexCollection(type)))
        case .entity(let type): return .entity(try entity(type()))
        case .entityCollection(let type): return .entities(try entities(type()))
        }
    }
}
