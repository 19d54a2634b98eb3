/// Whether an operation is an action (side effects, `POST`, parameters in the body) or a function
/// (no side effects, `GET`, parameters in the URL).
public enum OperationKind: String, Sendable, Hashable, Codable {
    /// An `Action`, or a v2/v3 function import that is side-effecting (`POST`, `PUT`, …).
    case action = "Action"
    /// A `Function`, or a v2/v3 function import called with `GET`.
    case function = "Function"
}

/// The `ReturnType` of an action or function, with its facets.
public struct ReturnType: Sendable, Hashable {
    /// The type (`Collection(…)` for a collection).
    public var type: TypeReference
    /// `Nullable`, `true` when absent.
    public var isNullable: Bool
    /// `MaxLength`.
    public var maxLength: MaxLength?
    /// `Precision`.
    public var precision: Int?
    /// `Scale` when it is a number.
    public var scale: Int?
    /// `Scale="variable"` or `Scale="floating"`.
    public var variableScale: VariableScale?

    /// Creates a `ReturnType` from its parts.
    public init(
        type: TypeReference, isNullable: Bool = true, maxLength: MaxLength? = nil, precision: Int? = nil, scale: Int? = nil,
        variableScale: VariableScale? = nil
    ) {
        self.type = type
        self.isNullable = isNullable
        self.maxLength = maxLength
        self.precision = precision
        self.scale = scale
        self.variableScale = variableScale
    }
}

/// A schema-level `Action` or `Function` (CSDL 4.0). Overloads are separate values with the same qualified name.
public struct Operation: Sendable, Hashable {
    /// Where the element starts (declared first, see `init`).
    public var location: SourceLocation
    /// The simple name.
    public var name: String
    /// The schema namespace.
    public var namespace: String
    /// Action or function.
    public var kind: OperationKind
    /// `IsBound`: the first parameter is the binding parameter.
    public var isBound: Bool
    /// `IsComposable` (functions only).
    public var isComposable: Bool
    /// `EntitySetPath`: the set of the returned entities, as a path from the binding parameter.
    public var entitySetPath: String?
    /// The parameters, in order (the binding parameter first when bound).
    public var parameters: [FunctionImportParameter]
    /// The return type, nil for an action without one.
    public var returnType: ReturnType?
    /// Foreign attributes.
    public var annotations: AnnotationSet
    /// The `Documentation` child.
    public var documentation: Documentation?

    /// `Namespace.Name`.
    public var qualifiedName: String { "\(namespace).\(name)" }

    /// The binding parameter (the first one) of a bound operation.
    public var bindingParameter: FunctionImportParameter? { isBound ? parameters.first : nil }

    /// The parameters a caller passes: all of them, less the binding parameter of a bound operation.
    public var nonBindingParameters: ArraySlice<FunctionImportParameter> { isBound ? parameters.dropFirst() : parameters[...] }
}

extension Operation {
    /// Creates an `Operation` from its parts.
    public init(
        name: String, namespace: String, kind: OperationKind, isBound: Bool = false, isComposable: Bool = false,
        entitySetPath: String? = nil, parameters: [FunctionImportParameter] = [], returnType: ReturnType? = nil,
        annotations: AnnotationSet = AnnotationSet(), documentation: Documentation? = nil,
        location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        // Through the implicit memberwise initialiser (see `Property.init`), whose labels begin with `location`.
        self.init(
            location: location, name: name, namespace: namespace, kind: kind, isBound: isBound, isComposable: isComposable,
            entitySetPath: entitySetPath, parameters: parameters, returnType: returnType, annotations: annotations,
            documentation: documentation)
    }
}

/// An `ActionImport` of an entity container (CSDL 4.0): an unbound action exposed at the service root.
public struct ActionImport: Sendable, Hashable {
    /// The name.
    public var name: String
    /// `Action`: the qualified name of the unbound action (aliases resolved).
    public var action: String
    /// `EntitySet` of the returned entities, if given.
    public var entitySet: String?
    /// Foreign attributes.
    public var annotations: AnnotationSet
    /// The `Documentation` child.
    public var documentation: Documentation?
    /// Where the element starts.
    public var location: SourceLocation

    /// Creates an `ActionImport` from its parts.
    public init(
        name: String, action: String, entitySet: String? = nil, annotations: AnnotationSet = AnnotationSet(),
        documentation: Documentation? = nil, location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        self.name = name
        self.action = action
        self.entitySet = entitySet
        self.annotations = annotations
        self.documentation = documentation
        self.location = location
    }
}
