/// Where a declared type is in the resolver's schemas, and of which kind: the resolver's one index of type names.
struct DeclaredType {
    /// The kinds of type a `Type` attribute can name.
    enum Kind {
        case entity, complex, enumeration, typeDefinition

        /// The CSDL element that declares a type of this kind.
        var element: String {
            switch self {
            case .entity: return "EntityType"
            case .complex: return "ComplexType"
            case .enumeration: return "EnumType"
            case .typeDefinition: return "TypeDefinition"
            }
        }

        /// A reference to the type of this kind named `qualified`.
        func reference(to qualified: String) -> TypeReference {
            switch self {
            case .entity: return .entity(qualifiedName: qualified)
            case .complex: return .complex(qualifiedName: qualified)
            case .enumeration: return .enumeration(qualifiedName: qualified)
            case .typeDefinition: return .typeDefinition(qualifiedName: qualified)
            }
        }
    }

    let kind: Kind
    /// The index of the schema in the resolver's `schemas`.
    let schema: Int
    /// The index of the type among that schema's types of its kind.
    let item: Int
}

/// A declared navigation property with a `Partner`, by position, and the position of its target entity type.
struct PartnerCheck {
    let schema: Int
    let type: Int
    let navigation: Int
    let target: (schema: Int, item: Int)
}

extension TypeReference {
    /// Whether the type is a name still to be resolved (the parser resolves primitive types as it reads them).
    var isUnresolved: Bool {
        if case .unresolved = self { return true }
        return false
    }
}

/// A type declared in a schema, as the resolver's index files it: by its namespace and name.
protocol TypeDeclaration {
    var namespace: String { get }
    var name: String { get }
    var location: SourceLocation { get }
}

extension EntityType: TypeDeclaration {}
extension ComplexType: TypeDeclaration {}
extension EnumType: TypeDeclaration {}
extension TypeDefinition: TypeDeclaration {}
