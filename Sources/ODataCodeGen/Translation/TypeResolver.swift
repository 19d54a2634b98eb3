import ODataMetadata

/// Maps CSDL type references to Swift types and runtime type expressions, given the Swift names of the
/// generated entity and complex types.
struct TypeResolver: Sendable {
    /// Swift names by qualified entity-type name (included types only).
    let entityNames: [String: String]
    /// Swift names by qualified complex-type name (included types only).
    let complexNames: [String: String]
    /// Swift names by qualified enum-type name.
    var enumNames: [String: String] = [:]
    /// Swift names (type aliases) and underlying types by qualified type-definition name.
    var typeDefinitions: [String: (name: String, underlying: EDMPrimitiveType)] = [:]

    /// The primitive a type definition stands for, or the primitive itself; nil for other references.
    func primitive(_ reference: TypeReference) -> EDMPrimitiveType? {
        switch reference {
        case .primitive(let primitive): return primitive
        case .typeDefinition(let name): return typeDefinitions[name]?.underlying
        default: return nil
        }
    }

    /// The Swift type of a primitive, enum or type-definition reference (not a collection); nil for others.
    func scalarSwiftType(_ reference: TypeReference) -> SwiftType? {
        switch reference {
        case .primitive(let primitive): return TypeMapping.swiftType(primitive)
        case .enumeration(let name): return enumNames[name].map { .named([$0]) }
        case .typeDefinition(let name): return typeDefinitions[name].map { .named([$0.name]) }
        default: return nil
        }
    }

    /// The runtime's primitive type for a primitive, enum (member names: `Edm.String`) or type-definition reference.
    func scalarEdmType(_ reference: TypeReference) -> EDMPrimitiveType? {
        if case .enumeration(let name) = reference { return enumNames[name] == nil ? nil : .string }
        return primitive(reference)
    }

    /// The CSDL type name a descriptor row or parameter names: type definitions replaced by their underlying type.
    func rowTypeName(_ reference: TypeReference) -> String {
        switch reference {
        case .typeDefinition(let name): return typeDefinitions[name]?.underlying.qualifiedName ?? name
        case .collection(let element): return "Collection(\(rowTypeName(element)))"
        default: return reference.csdlName
        }
    }

    /// A structural property's Swift value type and `OData.PropertyType`; nil when not representable.
    func propertyType(_ reference: TypeReference) -> (swiftType: SwiftType, runtimeType: SwiftExpr)? {
        switch reference {
        case .primitive(let primitive):
            return (TypeMapping.swiftType(primitive), TypeMapping.propertyType("primitive", TypeMapping.edmType(primitive)))
        case .complex(let name):
            guard let swiftName = complexNames[name] else { return nil }
            return (.named([swiftName]), TypeMapping.propertyType("complex", TypeMapping.complexDescriptor(swiftName)))
        case .collection(.primitive(let primitive)):
            return (
                .array(TypeMapping.swiftType(primitive)),
                TypeMapping.propertyType("primitiveCollection", TypeMapping.edmType(primitive))
            )
        case .collection(.complex(let name)):
            guard let swiftName = complexNames[name] else { return nil }
            return (
                .array(.named([swiftName])),
                TypeMapping.propertyType("complexCollection", TypeMapping.complexDescriptor(swiftName))
            )
        case .enumeration, .typeDefinition:
            guard let swiftType = scalarSwiftType(reference), let edm = scalarEdmType(reference) else { return nil }
            return (swiftType, TypeMapping.propertyType("primitive", TypeMapping.edmType(edm)))
        case .collection(let element) where scalarSwiftType(element) != nil:
            guard let swiftType = scalarSwiftType(element), let edm = scalarEdmType(element) else { return nil }
            return (.array(swiftType), TypeMapping.propertyType("primitiveCollection", TypeMapping.edmType(edm)))
        case .entity, .collection, .unresolved:
            return nil
        }
    }

    /// A function import's result kind and `OData.FunctionReturnType`; nil when not representable.
    func functionReturn(_ reference: TypeReference?) -> (planned: PlannedReturn, runtimeType: SwiftExpr)? {
        let returnType = SwiftType.path("OData.FunctionReturnType")
        func make(_ kind: String, _ argument: SwiftExpr) -> SwiftExpr {
            .call(.member(.type(returnType), kind), [SwiftArgument(nil, argument)], trailingClosure: nil)
        }
        func lazyEntity(_ kind: String, _ swiftName: String) -> SwiftExpr {
            .call(.member(.type(returnType), kind), [], trailingClosure: [.expr(TypeMapping.entityDescriptor(swiftName))])
        }
        guard let reference else { return (.none, .member(.type(returnType), "none")) }
        switch reference {
        case .primitive(let primitive):
            return (.value(TypeMapping.swiftType(primitive)), make("primitive", TypeMapping.edmType(primitive)))
        case .complex(let name):
            guard let swiftName = complexNames[name] else { return nil }
            return (.value(.named([swiftName])), make("complex", TypeMapping.complexDescriptor(swiftName)))
        case .entity(let name):
            guard let swiftName = entityNames[name] else { return nil }
            return (.entity(swiftName), lazyEntity("entity", swiftName))
        case .collection(.primitive(let primitive)):
            return (
                .value(.array(TypeMapping.swiftType(primitive))),
                make("primitiveCollection", TypeMapping.edmType(primitive))
            )
        case .collection(.complex(let name)):
            guard let swiftName = complexNames[name] else { return nil }
            return (.value(.array(.named([swiftName]))), make("complexCollection", TypeMapping.complexDescriptor(swiftName)))
        case .collection(.entity(let name)):
            guard let swiftName = entityNames[name] else { return nil }
            return (.entities(swiftName), lazyEntity("entityCollection", swiftName))
        case .enumeration, .typeDefinition:
            guard let swiftType = scalarSwiftType(reference), let edm = scalarEdmType(reference) else { return nil }
            return (.value(swiftType), make("primitive", TypeMapping.edmType(edm)))
        case .collection(let element) where scalarSwiftType(element) != nil:
            guard let swiftType = scalarSwiftType(element), let edm = scalarEdmType(element) else { return nil }
            return (.value(.array(swiftType)), make("primitiveCollection", TypeMapping.edmType(edm)))
        case .collection, .unresolved:
            return nil
        }
    }
}
