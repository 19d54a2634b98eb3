/// A model that cannot be built, or an entity written with a value it cannot hold.
public struct DataModelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

extension DataModelError: ODataErrorConvertible {
    /// `.invalidModel`.
    var odataError: ODataError { ODataError(.invalidModel, description, underlyingError: self) }
}

extension ODataError {
    /// The model error, for `.invalidModel`.
    public var dataModelError: DataModelError? { underlyingError as? DataModelError }
}
