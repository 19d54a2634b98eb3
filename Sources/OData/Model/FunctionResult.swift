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
