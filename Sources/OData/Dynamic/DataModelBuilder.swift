import ODataMetadata

/// Translates the CSDL model into runtime descriptors for `DataModel`.
struct DataModelBuilder {
    let metadata: ServiceMetadata
    let table = EntityTypeTable()
    var complexTypes: [String: ComplexTypeDescriptor] = [:]
    var entityTypes: [String: EntityTypeDescriptor] = [:]
    var enumTypes: [String: EnumTypeDescriptor] = [:]
    var diagnostics: [String] = []
    /// `"Namespace.Type/Property"` of the complex-type properties that close a cycle (left out).
    var cycles: Set<String> = []

    /// The service the sets and imports belong to: the document's protocol version from OData 3.0 on.
    let service: ServiceDescriptor

    init(metadata: ServiceMetadata) {
        self.metadata = metadata
        self.service = metadata.version > .v2 ? ServiceDescriptor(protocolVersion: metadata.version) : .v2
    }

    // MARK: Complex types

    /// Builds every complex type, nested ones first. A property that would make a complex type contain
    /// itself is left out with a diagnostic, as the code generator leaves it out (`ComplexCycles`).
    mutating func buildComplexTypes() throws(DataModelError) {
        cycles = ComplexCycles.backEdges(metadata.complexTypes)
        for type in metadata.complexTypes {
            var visiting: [String] = []
            try buildComplexType(type.qualifiedName, visiting: &visiting)
        }
    }

    @discardableResult
    private mutating func buildComplexType(_ name: String, visiting: inout [String]) throws(DataModelError) -> ComplexTypeDescriptor? {
        let qualified = metadata.resolveAlias(name)
        if let built = complexTypes[qualified] { return built }
        guard let type = metadata.complexType(named: qualified) else { return nil }
        // The recursion guard: a cycle `ComplexCycles` did not cut (through an inherited property) ends here.
        guard !visiting.contains(qualified) else { return nil }
        visiting.append(qualified)
        // A parsed document's complex type already lists its inherited properties first (the resolver applied its
        // BaseType); one built by hand may list only its own. So a base's property is added only under a name the type
        // does not have yet (adding them all listed every inherited property of a parsed type twice).
        var inherited: [Property] = []
        var names = Set(type.properties.map(\.name))
        var base = type.baseType
        var seenBases: Set<String> = [qualified]
        while let baseName = base, let baseType = metadata.complexType(named: baseName), seenBases.insert(baseType.qualifiedName).inserted {
            inherited = baseType.properties.filter { names.insert($0.name).inserted } + inherited
            base = baseType.baseType
        }
        var properties: [PropertyDescriptor] = []
        for property in inherited + type.properties {
            if cycles.contains("\(qualified)/\(property.name)") {
                diagnostics.append("property \(qualified).\(property.name) left out: it makes complex type \(qualified) contain itself")
                continue
            }
            guard let descriptor = try makeProperty(property, index: properties.count, keys: [], owner: qualified, visiting: &visiting)
            else { continue }
            properties.append(descriptor)
        }
        visiting.removeLast()
        let descriptor = ComplexTypeDescriptor(qualifiedName: qualified, properties: properties)
        complexTypes[qualified] = descriptor
        return descriptor
    }

    private mutating func makeProperty(
        _ declared: Property, index: Int, keys: [String], owner: String, entityType: EntityType? = nil,
        visiting: inout [String]
    ) throws(DataModelError) -> PropertyDescriptor? {
        let property = metadata.withTypeDefinitionFacets(declared)
        let type: PropertyType
        var scalar: Scalar?
        switch property.type {
        case .primitive, .enumeration, .typeDefinition:
            guard let found = self.scalar(property.type) else { return skip("\(owner).\(property.name)", property.type) }
            scalar = found
            type = .primitive(found.type)
        case .complex(let name):
            guard let complex = try buildComplexType(name, visiting: &visiting) else {
                return skip("\(owner).\(property.name)", property.type)
            }
            type = .complex(complex)
        case .collection(.primitive), .collection(.enumeration), .collection(.typeDefinition):
            guard case .collection(let element) = property.type, let found = self.scalar(element) else {
                return skip("\(owner).\(property.name)", property.type)
            }
            scalar = found
            type = .primitiveCollection(found.type)
        case .collection(.complex(let name)):
            guard let complex = try buildComplexType(name, visiting: &visiting) else {
                return skip("\(owner).\(property.name)", property.type)
            }
            type = .complexCollection(complex)
        default:
            return skip("\(owner).\(property.name)", property.type)
        }
        var maxLength: Int?
        if case .value(let length)? = property.maxLength { maxLength = length }
        return PropertyDescriptor(
            name: property.name, type: type, index: index, isNullable: property.isNullable, maxLength: maxLength,
            precision: property.precision, scale: property.scale, isKey: keys.contains(property.name),
            isConcurrencyToken: property.concurrencyMode == .fixed,
            feedMapping: entityType.flatMap { metadata.feedCustomization(of: declared, in: $0) }.map(FeedMapping.init),
            enumType: scalar?.enumType)
    }

    private mutating func skip(_ what: String, _ type: TypeReference) -> PropertyDescriptor? {
        diagnostics.append("property \(what) left out: type \(type.csdlName) is not supported")
        return nil
    }

    // MARK: Entity types

    mutating func buildEntityTypes() {
        for type in metadata.entityTypes {
            var visiting: [String] = []
            var properties: [PropertyDescriptor] = []
            for property in type.properties {
                // Complex types are all built already, so this cannot throw a cycle error.
                guard
                    let descriptor = try? makeProperty(
                        property, index: properties.count, keys: type.key, owner: type.qualifiedName, entityType: type,
                        visiting: &visiting)
                else { continue }
                properties.append(descriptor)
            }
            var navigations: [NavigationDescriptor] = []
            for navigation in type.navigationProperties {
                guard let target = navigation.targetType, metadata.entityType(named: target) != nil else {
                    diagnostics.append("navigation \(type.qualifiedName).\(navigation.name) left out: its target does not resolve")
                    continue
                }
                let table = self.table
                let targetName = metadata.resolveAlias(target)
                let placeholder = EntityTypeDescriptor(qualifiedName: targetName, properties: [], keyNames: [])
                navigations.append(
                    NavigationDescriptor(
                        name: navigation.name, isCollection: navigation.isCollection, targetTypeName: targetName,
                        index: navigations.count
                    ) { table.type(targetName) ?? placeholder })
            }
            let descriptor = EntityTypeDescriptor(
                qualifiedName: type.qualifiedName, properties: properties, navigationProperties: navigations,
                keyNames: type.key, keyAliases: type.keyAliases, hasStream: type.hasStream, baseTypeName: type.baseType,
                isOpenType: type.isOpenType)
            if descriptor.keyParts.count < type.key.count {
                let found = Set(descriptor.keyParts.map(\.name))
                let missing = type.key.filter { name in !found.contains(type.keyAliases.first { $0.path == name }?.alias ?? name) }
                diagnostics.append("entity type \(type.qualifiedName): key properties \(missing) are missing")
            }
            entityTypes[type.qualifiedName] = descriptor
        }
        table.set(entityTypes)
    }

    // MARK: Container

    /// The container's entity sets, with what the service allows on each (`ServiceMetadata.capabilities(of:in:)`).
    mutating func buildEntitySets(of container: EntityContainer?) -> [EntitySetDescriptor] {
        guard let container else { return [] }
        var result: [EntitySetDescriptor] = []
        for set in container.entitySets {
            guard let type = entityTypes[metadata.resolveAlias(set.entityType)] else {
                diagnostics.append("entity set \(set.name) left out: entity type \(set.entityType) does not resolve")
                continue
            }
            let capabilities = metadata.capabilities(of: set, in: container)
            result.append(
                EntitySetDescriptor(
                    name: set.name, entityType: type, isCreatable: capabilities.isCreatable, isUpdatable: capabilities.isUpdatable,
                    isDeletable: capabilities.isDeletable, requiresFilter: capabilities.requiresFilter, service: service))
        }
        return result
    }

    mutating func buildFunctionImports(_ imports: [FunctionImport]) -> [FunctionImportDescriptor] {
        var result: [FunctionImportDescriptor] = []
        for function in imports {
            var parameters: [FunctionParameterDescriptor] = []
            var supported = true
            for parameter in function.parameters {
                guard let scalar = scalar(parameter.type) else {
                    diagnostics.append("function import \(function.name) left out: parameter \(parameter.name) is not primitive")
                    supported = false
                    break
                }
                parameters.append(
                    FunctionParameterDescriptor(
                        name: parameter.name, type: scalar.type, isNullable: parameter.isNullable,
                        typeName: scalar.enumType?.qualifiedName, enumType: scalar.enumType))
            }
            guard supported, let returnType = returnType(function) else { continue }
            result.append(
                FunctionImportDescriptor(
                    name: function.name, httpMethod: function.effectiveHTTPMethod, parameters: parameters,
                    returnType: returnType, entitySetName: function.entitySet,
                    parameterLocation: function.passesParametersInBody ? .body : .url, service: service))
        }
        return result
    }

    private mutating func returnType(_ function: FunctionImport) -> FunctionReturnType? {
        let table = self.table
        func entity(_ name: String) -> (@Sendable () -> EntityTypeDescriptor)? {
            let qualified = metadata.resolveAlias(name)
            guard entityTypes[qualified] != nil else { return nil }
            let placeholder = EntityTypeDescriptor(qualifiedName: qualified, properties: [], keyNames: [])
            return { table.type(qualified) ?? placeholder }
        }
        switch function.returnType {
        case nil: return FunctionReturnType.none
        case .primitive(let primitive)?: return .primitive(primitive)
        case .complex(let name)?: if let type = complexTypes[metadata.resolveAlias(name)] { return .complex(type) }
        case .entity(let name)?: if let resolve = entity(name) { return .entity(resolve) }
        case .collection(.primitive(let primitive))?: return .primitiveCollection(primitive)
        case .collection(.complex(let name))?:
            if let type = complexTypes[metadata.resolveAlias(name)] { return .complexCollection(type) }
        case .collection(.entity(let name))?: if let resolve = entity(name) { return .entityCollection(resolve) }
        default: break
        }
        diagnostics.append("function import \(function.name) left out: return type \(function.returnType?.csdlName ?? "") does not resolve")
        return nil
    }
}
