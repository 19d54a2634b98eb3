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

/// A function import's response did not have the shape its metadata declares.
public struct FunctionResultError: Error, Sendable, CustomStringConvertible {
    /// The function import's name.
    public let functionName: String
    /// What was expected and what arrived.
    public let message: String

    /// Creates an error.
    public init(functionName: String, message: String) {
        self.functionName = functionName
        self.message = message
    }

    /// A readable description.
    public var description: String { "function import \(functionName): \(message)" }
}

extension FunctionResultError: ODataErrorConvertible {
    /// `.unexpectedResult`.
    var odataError: ODataError { ODataError(.unexpectedResult, description, underlyingError: self) }
}

extension ODataError {
    /// The function-result error, for `.unexpectedResult`.
    public var functionResultError: FunctionResultError? { underlyingError as? FunctionResultError }
}
