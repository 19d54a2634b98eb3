import ODataMetadata

/// Maps CSDL type references to Swift types and runtime type expressions, given the Swift names of the
/// generated entity and complex types.
struct TypeResolver: Sendable {
    /// Swift names by qualified entity-type name (included types only).
    let entityNames: [String: String]
    /// Swift names by qualified complex-type name (included types only).
    let complexNames: [String: String]

    /// A structural property's Swift value type and `OData.PropertyType`; nil when not representable.
    func propertyType(_ reference: TypeReference) -> (swiftType: SwiftType, runtimeType: SwiftExpr)? {
        switch reference {
        case .primitive(let primitive):
            guard let swiftType = TypeMapping.swiftType(primitive) else { return nil }
            return (swiftType, TypeMapping.propertyType("primitive", TypeMapping.edmType(primitive)))
        case .complex(let name):
            guard let swiftName = complexNames[name] else { return nil }
            return (.named([swiftName]), TypeMapping.propertyType("complex", TypeMapping.complexDescriptor(swiftName)))
        case .collection(.primitive(let primitive)):
            guard let swiftType = TypeMapping.swiftType(primitive) else { return nil }
            return (.array(swiftType), TypeMapping.propertyType("primitiveCollection", TypeMapping.edmType(primitive)))
        case .collection(.complex(let name)):
            guard let swiftName = complexNames[name] else { return nil }
            return (
                .array(.named([swiftName])),
                TypeMapping.propertyType("complexCollection", TypeMapping.complexDescriptor(swiftName))
            )
        case .entity, .enumeration, .typeDefinition, .collection, .unresolved:
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
            guard let swiftType = TypeMapping.swiftType(primitive) else { return nil }
            return (.value(swiftType), make("primitive", TypeMapping.edmType(primitive)))
        case .complex(let name):
            guard let swiftName = complexNames[name] else { return nil }
            return (.value(.named([swiftName])), make("complex", TypeMapping.complexDescriptor(swiftName)))
        case .entity(let name):
            guard let swiftName = entityNames[name] else { return nil }
            return (.entity(swiftName), lazyEntity("entity", swiftName))
        case .collection(.primitive(let primitive)):
            guard let swiftType = TypeMapping.swiftType(primitive) else { return nil }
            return (.value(.array(swiftType)), make("primitiveCollection", TypeMapping.edmType(primitive)))
        case .collection(.complex(let name)):
            guard let swiftName = complexNames[name] else { return nil }
            return (.value(.array(.named([swiftName]))), make("complexCollection", TypeMapping.complexDescriptor(swiftName)))
        case .collection(.entity(let name)):
            guard let swiftName = entityNames[name] else { return nil }
            return (.entities(swiftName), lazyEntity("entityCollection", swiftName))
        case .enumeration, .typeDefinition, .collection, .unresolved:
            return nil
        }
    }
}
