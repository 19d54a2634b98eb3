/// A query that cannot be evaluated in memory: an unknown property or function, mismatched types,
/// division by zero, an arithmetic overflow, a negative `$top`.
public struct QueryEvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// The (sub-)expression concerned, as `$filter` text, when there is one.
    public let expression: String?

    /// Creates an error.
    public init(_ message: String, expression: QueryFilter? = nil) {
        self.message = message
        self.expression = expression?.expressionString
    }

    /// The message with the expression concerned.
    public var description: String {
        expression.map { "cannot evaluate \($0): \(message)" } ?? "cannot evaluate query: \(message)"
    }
}

extension QueryEvaluationError: ODataErrorConvertible {
    /// `.queryEvaluation`.
    var odataError: ODataError { ODataError(.queryEvaluation, description, underlyingError: self) }
}

extension ODataError {
    /// The evaluation error, for `.queryEvaluation`.
    public var queryEvaluationError: QueryEvaluationError? { underlyingError as? QueryEvaluationError }
}
