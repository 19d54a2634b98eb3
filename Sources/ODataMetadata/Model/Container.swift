/// An `EntitySet`.
public struct EntitySet: Sendable, Hashable {
    /// Where the element starts (declared first, see `init`).
    public var location: SourceLocation
    /// The name.
    public var name: String
    /// `EntityType`, qualified (aliases resolved).
    public var entityType: String
    /// Its navigation property bindings (v4; in v2/v3 association sets say the same).
    public var navigationPropertyBindings: [NavigationPropertyBinding]
    /// `IncludeInServiceDocument` (v4), `true` when absent.
    public var includeInServiceDocument: Bool
    /// Foreign attributes (`sap:creatable`, …).
    public var annotations: AnnotationSet
    /// The `Documentation` child.
    public var documentation: Documentation?
}

extension EntitySet {
    /// Creates a `EntitySet` from its parts.
    public init(
        name: String, entityType: String, navigationPropertyBindings: [NavigationPropertyBinding] = [],
        includeInServiceDocument: Bool = true, annotations: AnnotationSet = AnnotationSet(),
        documentation: Documentation? = nil, location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        // Through the implicit memberwise initialiser (see `Property.init`), whose labels begin with `location`.
        self.init(
            location: location, name: name, entityType: entityType, navigationPropertyBindings: navigationPropertyBindings,
            includeInServiceDocument: includeInServiceDocument, annotations: annotations, documentation: documentation)
    }
}

/// One end of an `AssociationSet`.
public struct AssociationSetEnd: Sendable, Hashable {
    /// `Role`.
    public var role: String
    /// `EntitySet`.
    public var entitySet: String

    /// Creates a `AssociationSetEnd` from its parts.
    public init(role: String, entitySet: String) {
        self.role = role
        self.entitySet = entitySet
    }
}

/// An `AssociationSet`.
public struct AssociationSet: Sendable, Hashable {
    /// Where the element starts (declared first, see `init`).
    public var location: SourceLocation
    /// The name.
    public var name: String
    /// `Association`, qualified (aliases resolved).
    public var association: String
    /// The ends.
    public var ends: [AssociationSetEnd]
    /// Foreign attributes.
    public var annotations: AnnotationSet
}

extension AssociationSet {
    /// Creates an association set.
    public init(
        name: String, association: String, ends: [AssociationSetEnd], annotations: AnnotationSet = AnnotationSet(),
        location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        // Through the implicit memberwise initialiser (see `Property.init`), whose labels begin with `location`.
        self.init(location: location, name: name, association: association, ends: ends, annotations: annotations)
    }
}

/// `Mode` of a function-import parameter.
public enum ParameterMode: String, Sendable, Hashable {
    /// `In`.
    case `in` = "In"
    /// `Out`.
    case out = "Out"
    /// `InOut`.
    case inOut = "InOut"
}

/// A `Parameter` of a function import (v2/v3) or of an action or function (v4).
public struct FunctionImportParameter: Sendable, Hashable {
    /// The name.
    public var name: String
    /// The type.
    public var type: TypeReference
    /// `Mode`, nil when absent.
    public var mode: ParameterMode?
    /// `Nullable`, `true` when absent.
    public var isNullable: Bool
    /// `MaxLength`.
    public var maxLength: MaxLength?
    /// `Precision`.
    public var precision: Int?
    /// `Scale` when it is a number.
    public var scale: Int?
    /// `Scale="variable"` or `Scale="floating"` (v4).
    public var variableScale: VariableScale?
    /// Foreign attributes.
    public var annotations: AnnotationSet
    /// Where the element starts.
    public var location: SourceLocation

    /// Creates a `FunctionImportParameter` from its parts.
    public init(
        name: String, type: TypeReference, mode: ParameterMode? = nil, isNullable: Bool = true,
        maxLength: MaxLength? = nil, precision: Int? = nil, scale: Int? = nil, variableScale: VariableScale? = nil,
        annotations: AnnotationSet = AnnotationSet(), location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        self.variableScale = variableScale
        self.location = location
        self.name = name
        self.type = type
        self.mode = mode
        self.isNullable = isNullable
        self.maxLength = maxLength
        self.precision = precision
        self.scale = scale
        self.annotations = annotations
    }
}

/// A `FunctionImport`: in v2/v3 the operation itself (name, parameters, return type, method); in v4 a
/// function exposed at the service root, whose `function` names the schema's `Operation` (its overloads).
public struct FunctionImport: Sendable, Hashable {
    /// Where the element starts (declared first, see `init`).
    public var location: SourceLocation
    /// The name.
    public var name: String
    /// `ReturnType`, nil for none (v2/v3; a v4 import's return type is its function's).
    public var returnType: TypeReference?
    /// `EntitySet` of an entity-returning import.
    public var entitySet: String?
    /// `m:HttpMethod`, uppercased, as written; nil when absent (see `kind` and `effectiveHTTPMethod`).
    public var httpMethod: String?
    /// The parameters, in order (v2/v3; a v4 import's parameters are its function's).
    public var parameters: [FunctionImportParameter]
    /// Action or function, as resolved: v4 `FunctionImport` is a function; in v2/v3 `m:HttpMethod="GET"` is a
    /// function and any other method an action; without a method, a v3 (`DataServiceVersion` 3.0) import is an
    /// action unless `IsSideEffecting="false"`, and a v1/v2 import a function (called with GET, as SAP does).
    public var kind: OperationKind
    /// `Function` (v4): the qualified name of the function (aliases resolved); nil in v2/v3.
    public var function: String?
    /// `IsSideEffecting` (v3) as written; nil when absent (it defaults to true).
    public var isSideEffecting: Bool?
    /// `IsBindable` (v3): the first parameter is the binding parameter.
    public var isBindable: Bool
    /// `IsAlwaysBindable` (v3): the import may only be called bound.
    public var isAlwaysBindable: Bool
    /// `IsComposable` (v3).
    public var isComposable: Bool
    /// `IncludeInServiceDocument` (v4), `false` when absent.
    public var includeInServiceDocument: Bool
    /// Foreign attributes (`sap:action-for`, …).
    public var annotations: AnnotationSet
    /// The `Documentation` child.
    public var documentation: Documentation?
}

extension FunctionImport {
    /// Creates a `FunctionImport` from its parts.
    public init(
        name: String, returnType: TypeReference? = nil, entitySet: String? = nil, httpMethod: String? = nil,
        parameters: [FunctionImportParameter] = [], kind: OperationKind? = nil, function: String? = nil,
        isSideEffecting: Bool? = nil, isBindable: Bool = false, isAlwaysBindable: Bool = false, isComposable: Bool = false,
        includeInServiceDocument: Bool = false, annotations: AnnotationSet = AnnotationSet(),
        documentation: Documentation? = nil, location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        // Through the implicit memberwise initialiser (see `Property.init`), whose labels begin with `location`.
        self.init(
            location: location, name: name, returnType: returnType, entitySet: entitySet, httpMethod: httpMethod, parameters: parameters,
            kind: kind ?? (httpMethod.map { $0 == "GET" } ?? true ? .function : .action), function: function,
            isSideEffecting: isSideEffecting, isBindable: isBindable, isAlwaysBindable: isAlwaysBindable, isComposable: isComposable,
            includeInServiceDocument: includeInServiceDocument, annotations: annotations, documentation: documentation)
    }
}

extension FunctionImport {
    /// The HTTP method a call uses: `m:HttpMethod` when written, else `POST` for an action and `GET` for a function.
    public var effectiveHTTPMethod: String { httpMethod ?? (kind == .action ? "POST" : "GET") }

    /// Whether a call carries the parameters in the request body, as one JSON object with a member per parameter:
    /// true for an action without `m:HttpMethod` (an OData 3.0 side-effecting import, a v4 action), false for a
    /// function and for a service operation with `m:HttpMethod` (SAP's v2 POST imports), whose parameters travel in
    /// the URL ([MS-ODATA] 2.2.3.6.5).
    public var passesParametersInBody: Bool { kind == .action && httpMethod == nil }

    /// Whether the import is bound (v3 `IsBindable`): the first parameter is the binding parameter.
    public var isBound: Bool { isBindable }
}

/// An `EntityContainer`.
public struct EntityContainer: Sendable, Hashable {
    /// The name.
    public var name: String
    /// The namespace of the schema that declares it.
    public var namespace: String
    /// `m:IsDefaultEntityContainer`.
    public var isDefault: Bool
    /// `Extends`, if any.
    public var extends: String?
    /// The entity sets.
    public var entitySets: [EntitySet]
    /// The association sets.
    public var associationSets: [AssociationSet]
    /// The function imports.
    public var functionImports: [FunctionImport]
    /// The singletons (v4).
    public var singletons: [Singleton]
    /// The action imports (v4).
    public var actionImports: [ActionImport]
    /// Foreign attributes.
    public var annotations: AnnotationSet
    /// Where the element starts.
    public var location: SourceLocation
    /// `Namespace.Name`, as `Extends` names a container.
    public var qualifiedName: String { "\(namespace).\(name)" }

    /// Creates a `EntityContainer` from its parts.
    public init(
        name: String, namespace: String, isDefault: Bool = false, extends: String? = nil,
        entitySets: [EntitySet] = [], associationSets: [AssociationSet] = [], functionImports: [FunctionImport] = [],
        singletons: [Singleton] = [], actionImports: [ActionImport] = [],
        annotations: AnnotationSet = AnnotationSet(), location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        self.singletons = singletons
        self.actionImports = actionImports
        self.name = name
        self.namespace = namespace
        self.isDefault = isDefault
        self.extends = extends
        self.entitySets = entitySets
        self.associationSets = associationSets
        self.functionImports = functionImports
        self.annotations = annotations
        self.location = location
    }

    /// The entity set with this name.
    public func entitySet(named name: String) -> EntitySet? { entitySets.first { $0.name == name } }

    /// The function import with this name.
    public func functionImport(named name: String) -> FunctionImport? { functionImports.first { $0.name == name } }

    /// The singleton with this name.
    public func singleton(named name: String) -> Singleton? { singletons.first { $0.name == name } }

    /// The action import with this name.
    public func actionImport(named name: String) -> ActionImport? { actionImports.first { $0.name == name } }
}
