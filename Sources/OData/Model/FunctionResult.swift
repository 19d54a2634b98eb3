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
