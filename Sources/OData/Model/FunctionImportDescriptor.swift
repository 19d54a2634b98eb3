import ODataMetadata

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

/// One parameter of a function import, action or function.
public struct FunctionParameterDescriptor: Sendable {
    /// The EDM name, as sent in the query string or the request body.
    public let name: String
    /// The primitive type: the parameter's own (v2 function-import parameters are primitive), `Edm.String` for an
    /// enum (held as member names), `Edm.Untyped` for a complex or entity type or a collection (see `typeName`).
    public let type: EdmType
    /// `Nullable`.
    public let isNullable: Bool
    /// The CSDL type as written, qualified (`Edm.Int32`, `NS.Address`, `Collection(NS.Color)`).
    public let typeName: String
    /// The enum type of an enum-typed parameter (or of its collection's elements).
    public let enumType: EnumTypeDescriptor?

    /// Creates a parameter descriptor; `typeName` defaults to the primitive type's name.
    public init(name: String, type: EdmType, isNullable: Bool = true, typeName: String? = nil, enumType: EnumTypeDescriptor? = nil) {
        self.name = name
        self.type = type
        self.isNullable = isNullable
        self.typeName = typeName ?? type.qualifiedName
        self.enumType = enumType
    }
}

/// Where a call of an operation carries its parameter values.
public enum OperationParameterLocation: String, Sendable, Hashable {
    /// In the URL: the query string of a function or of a service operation with `m:HttpMethod`
    /// (`GetProducts?Category='A'`, SAP's POST imports too).
    case url
    /// In the request body, one JSON object with a member per parameter (`{"Rating":4}`): an OData 3.0 action
    /// (a side-effecting import without `m:HttpMethod`, [MS-ODATA] 2.2.3.6.5) or a v4 action.
    case body
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
    /// Action or function: an action has side effects (`POST`, or another method than `GET`).
    public let kind: OperationKind
    /// Where a call carries the parameters: in the URL (functions, service operations) or in the body (actions of
    /// OData 3.0 and v4).
    public let parameterLocation: OperationParameterLocation
    /// The service the operation belongs to: what it shares with the service's sets and other operations.
    public let service: ServiceDescriptor
    /// The namespace-qualified name of the schema's action or function (OData v4, `NS.GetNearestAirport`), which
    /// bound calls put in the URL; nil for a v2/v3 function import.
    public let operationName: String?
    /// The binding parameter's type of a bound operation (`NS.Person`, `Collection(NS.Person)`); nil when unbound.
    public let bindingTypeName: String?
    /// `IsComposable`: the result may be queried further.
    public let isComposable: Bool

    /// Creates a descriptor. `kind` defaults to what the HTTP method says (`GET`: function, else action).
    public init(
        name: String, httpMethod: String = "GET", parameters: [FunctionParameterDescriptor] = [],
        returnType: FunctionReturnType = .none, entitySetName: String? = nil, kind: OperationKind? = nil,
        parameterLocation: OperationParameterLocation = .url, service: ServiceDescriptor = .v2,
        operationName: String? = nil, bindingTypeName: String? = nil, isComposable: Bool = false
    ) {
        self.kind = kind ?? (httpMethod.uppercased() == "GET" ? .function : .action)
        self.parameterLocation = parameterLocation
        self.service = service
        self.operationName = operationName
        self.bindingTypeName = bindingTypeName
        self.isComposable = isComposable
        self.name = name
        self.httpMethod = httpMethod.uppercased()
        self.parameters = parameters
        self.returnType = returnType
        self.entitySetName = entitySetName
    }

    /// The protocol version of the service, which picks the wire format.
    public var protocolVersion: ODataVersion { service.protocolVersion }

    /// Whether the operation is bound (called on an entity or a set, not at the service root).
    public var isBound: Bool { bindingTypeName != nil }

    /// A readable description.
    public var description: String { name }
}
