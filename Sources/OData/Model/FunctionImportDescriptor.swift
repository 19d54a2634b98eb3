/// What a function import returns.
public enum FunctionReturnType: Sendable {
    /// Nothing (`204 No Content`).
    case none
    /// One primitive value.
    case primitive(EdmType)
    /// One complex value.
    case complex(ComplexTypeDescriptor)
    /// One entity; the type is resolved lazily.
    case entity(@Sendable () -> EntityTypeDescriptor)
    /// A collection of primitive values.
    case primitiveCollection(EdmType)
    /// A collection of complex values.
    case complexCollection(ComplexTypeDescriptor)
    /// A collection of entities; the type is resolved lazily.
    case entityCollection(@Sendable () -> EntityTypeDescriptor)
}

/// One parameter of a function import.
public struct FunctionParameterDescriptor: Sendable {
    /// The EDM name, as sent in the query string.
    public let name: String
    /// The primitive type (v2 function-import parameters are primitive).
    public let type: EdmType
    /// `Nullable`.
    public let isNullable: Bool

    /// Creates a parameter descriptor.
    public init(name: String, type: EdmType, isNullable: Bool = true) {
        self.name = name
        self.type = type
        self.isNullable = isNullable
    }
}

/// Describes a function import: its name, HTTP method, parameters and return type.
public final class FunctionImportDescriptor: Sendable, CustomStringConvertible {
    /// The name as in URLs.
    public let name: String
    /// `m:HttpMethod` uppercased, `GET` when absent.
    public let httpMethod: String
    /// The parameters in order.
    public let parameters: [FunctionParameterDescriptor]
    /// The return type.
    public let returnType: FunctionReturnType
    /// The entity set of an entity-returning import, if declared.
    public let entitySetName: String?

    /// Creates a descriptor.
    public init(
        name: String, httpMethod: String = "GET", parameters: [FunctionParameterDescriptor] = [],
        returnType: FunctionReturnType = .none, entitySetName: String? = nil
    ) {
        self.name = name
        self.httpMethod = httpMethod.uppercased()
        self.parameters = parameters
        self.returnType = returnType
        self.entitySetName = entitySetName
    }

    /// A readable description.
    public var description: String { name }
}
