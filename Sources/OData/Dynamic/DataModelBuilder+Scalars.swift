import ODataMetadata

/// The scalar types OData 3.0 and v4 add, for `DataModel`: enum types (values held as member names, the descriptor
/// says which enum) and type definitions (held as their underlying type; their facets come with
/// `ServiceMetadata.withTypeDefinitionFacets(_:)`).
extension DataModelBuilder {
    /// A scalar type as the runtime holds it: the primitive type and, for an enum, its descriptor.
    struct Scalar {
        /// The primitive type (`Edm.String` for an enum).
        var type: EdmType
        /// The enum type of an enum-typed value.
        var enumType: EnumTypeDescriptor?
    }

    /// `reference` as a scalar, nil when it is none (complex, entity, collection, unresolved).
    mutating func scalar(_ reference: TypeReference) -> Scalar? {
        switch reference {
        case .primitive(let primitive): return Scalar(type: primitive)
        case .enumeration(let name): return enumDescriptor(name).map { Scalar(type: .string, enumType: $0) }
        case .typeDefinition(let name): return metadata.typeDefinition(named: name).map { Scalar(type: $0.underlyingType) }
        default: return nil
        }
    }

    /// The descriptor of an enum type, built once per type.
    mutating func enumDescriptor(_ name: String) -> EnumTypeDescriptor? {
        let qualified = metadata.resolveAlias(name)
        if let built = enumTypes[qualified] { return built }
        guard let type = metadata.enumType(named: qualified) else { return nil }
        let descriptor = EnumTypeDescriptor(
            qualifiedName: type.qualifiedName, underlyingType: type.underlyingType, isFlags: type.isFlags,
            memberNames: type.members.map(\.name), memberValues: type.members.map(\.value))
        enumTypes[qualified] = descriptor
        return descriptor
    }
}
