import ODataMetadata

/// Builds the `ServicePlan`: picks the container and the included elements, and names everything
/// through `NameScope`s in document order, so the same document always gives the same names.
struct ServicePlanner {
    let metadata: ServiceMetadata
    let configuration: GeneratorConfiguration
    let names: NameTransformer
    private(set) var diagnostics: [GeneratorDiagnostic] = []
    private var usedRenames: Set<String> = []
    /// The entity-set and function-import keys whose locked method names are reserved in the service scope.
    var lockedServiceMembers: Set<String> = []
    /// Swift names pinned by the lock file, by EDM key (see `GeneratedAPI`).
    let lock: [String: String]

    init(metadata: ServiceMetadata, configuration: GeneratorConfiguration, lock: [String: String] = [:]) {
        self.metadata = metadata
        self.configuration = configuration
        self.lock = lock
        self.names = NameTransformer(strategy: configuration.namingStrategy)
    }

    /// Plans the service, or throws when there is nothing to generate from.
    mutating func plan() throws -> ServicePlan {
        let container = try chooseContainer()
        noteOtherContainers(besides: container)
        let subset = try SubsetSelection(metadata: metadata, container: container, configuration: configuration)
        diagnostics += subset.diagnostics

        // Module-level names: the service class and its metadata namespace first, then types in document order.
        var typeScope = NameScope(reserved: ReservedNames.types)
        let serviceName = typeScope.claim(
            configuration.serviceClassName ?? rename([container.name]) ?? names.serviceName(container.name))
        let metadataName = typeScope.claim(serviceName + "Metadata")
        let lockedTypes = reserveLocked(
            subset.entityTypes.map { ("EntityType \($0.qualifiedName)", [$0.qualifiedName, $0.name]) }
                + subset.complexTypes.map { ("ComplexType \($0.qualifiedName)", [$0.qualifiedName, $0.name]) }, in: &typeScope)
        var entityNames: [String: String] = [:]
        for type in subset.entityTypes {
            let key = "EntityType \(type.qualifiedName)"
            entityNames[type.qualifiedName] =
                lockedTypes.contains(key) ? lock[key]! : typeScope.claim(typeName(type.name, type.qualifiedName))
        }
        var complexNames: [String: String] = [:]
        for type in subset.complexTypes {
            let key = "ComplexType \(type.qualifiedName)"
            complexNames[type.qualifiedName] =
                lockedTypes.contains(key) ? lock[key]! : typeScope.claim(typeName(type.name, type.qualifiedName))
        }
        let enumTypes = planEnumTypes(Self.unique(metadata.enumTypes, \.qualifiedName), typeScope: &typeScope)
        let typeDefinitions = planTypeDefinitions(Self.unique(metadata.typeDefinitions, \.qualifiedName), typeScope: &typeScope)
        let allTypeNames = Set(entityNames.values).union(complexNames.values).union([serviceName, metadataName])
            .union(enumTypes.map(\.name)).union(typeDefinitions.map(\.name))
        let memberReserved = allTypeNames.union(ReservedNames.types)
        var resolver = TypeResolver(entityNames: entityNames, complexNames: complexNames)
        for type in enumTypes { resolver.enumNames[type.edm.qualifiedName] = type.name }
        for type in typeDefinitions { resolver.typeDefinitions[type.edm.qualifiedName] = (type.name, type.edm.underlyingType) }

        var handles = NameScope(reserved: memberReserved)
        var complexTypes: [PlannedComplexType] = []
        let cycles = ComplexCycles.backEdges(subset.complexTypes)
        for type in subset.complexTypes {
            let name = complexNames[type.qualifiedName] ?? type.name
            var scope = NameScope(reserved: memberReserved.union(ReservedNames.complexMembers).union([name]))
            var included: [Property] = []
            for property in type.properties {
                if cycles.contains("\(type.qualifiedName)/\(property.name)") {
                    warn(
                        "property \(type.name).\(property.name) skipped: it makes complex type \(type.name) contain itself",
                        property.location)
                } else {
                    included.append(property)
                }
            }
            // A complex value's navigation properties (CSDL 4) have no generated member yet: said, not dropped silently.
            for navigation in type.navigationProperties {
                warn(
                    "navigation property \(type.name).\(navigation.name) skipped: navigation properties of complex types are not generated",
                    navigation.location)
            }
            let properties = planProperties(
                included, owner: type.name, ownerQualified: type.qualifiedName,
                keys: [], scope: &scope, resolver: resolver)
            complexTypes.append(
                PlannedComplexType(
                    edm: type, name: name, handleName: handles.claim(names.memberName(name)), properties: properties))
        }

        handles = NameScope(reserved: memberReserved)
        var entityTypes: [PlannedEntityType] = []
        for type in subset.entityTypes {
            entityTypes.append(
                planEntity(
                    type, name: entityNames[type.qualifiedName] ?? type.name,
                    handles: &handles, memberReserved: memberReserved, resolver: resolver))
        }

        var serviceScope = NameScope(reserved: memberReserved.union(ReservedNames.serviceMembers))
        let imports = importedOperations(subset)
        lockedServiceMembers = reserveLocked(
            subset.entitySets.map { ("EntitySet \(container.name)/\($0.name)", ["\(container.name)/\($0.name)", $0.name]) }
                + Self.unique(imports, \.name).map {
                    ("FunctionImport \(container.name)/\($0.name)", ["\(container.name)/\($0.name)", $0.name])
                }, in: &serviceScope)
        let entitySets = planEntitySets(
            subset.entitySets, container: container, entityTypes: entityTypes,
            scope: &serviceScope, memberReserved: memberReserved)
        let functions = planFunctions(
            imports, container: container, scope: &serviceScope,
            memberReserved: memberReserved, resolver: resolver)
        let singletons = planSingletons(
            subset.singletons, container: container, entityTypes: entityTypes, scope: &serviceScope, memberReserved: memberReserved)
        let boundOperations = planBoundOperations(
            subset: subset, entityTypes: entityTypes, memberReserved: memberReserved, resolver: resolver)
        reportUnusedRenames(container: container)
        return ServicePlan(
            serviceName: serviceName, metadataName: metadataName, container: container,
            access: configuration.accessLevel, entityTypes: entityTypes, complexTypes: complexTypes,
            entitySets: entitySets, functions: functions, protocolVersion: metadata.version, enumTypes: enumTypes,
            typeDefinitions: typeDefinitions, singletons: singletons, boundOperations: boundOperations)
    }

    /// The first of each key, in order.
    static func unique<T>(_ items: [T], _ key: (T) -> String) -> [T] {
        var seen: Set<String> = []
        return items.filter { seen.insert(key($0)).inserted }
    }

    private func chooseContainer() throws -> EntityContainer {
        if let wanted = configuration.container {
            guard let container = metadata.entityContainer(named: wanted) else {
                let known = metadata.entityContainers.map(\.name).joined(separator: ", ")
                throw GeneratorError(message: "no entity container named \"\(wanted)\" (the document has: \(known))")
            }
            return container
        }
        guard let container = metadata.defaultContainer else {
            throw GeneratorError(message: "the metadata document has no EntityContainer, so there is no service to generate")
        }
        return container
    }

    // MARK: Entity types

    private mutating func planEntity(
        _ type: EntityType, name: String, handles: inout NameScope, memberReserved: Set<String>, resolver: TypeResolver
    ) -> PlannedEntityType {
        // The type's own name: its nested `Properties` root refers to the type by name.
        var scope = NameScope(reserved: memberReserved.union(ReservedNames.entityMembers).union([name]))
        let lockedNavigations = reserveLocked(
            type.navigationProperties.map {
                ("NavigationProperty \(type.qualifiedName)/\($0.name)", ["\(type.qualifiedName)/\($0.name)", "\(type.name)/\($0.name)"])
            }, in: &scope)
        let properties = planProperties(
            type.properties, owner: type.name, ownerQualified: type.qualifiedName,
            keys: type.key, entityType: type, scope: &scope, resolver: resolver)
        var navigations: [PlannedNavigation] = []
        for navigation in type.navigationProperties {
            guard let target = navigation.targetType, let targetName = resolver.entityNames[target] else {
                warn(
                    "navigation property \(type.name).\(navigation.name) skipped: its target type "
                        + "\(navigation.targetType ?? "(unresolved association \(navigation.relationship))") is not generated",
                    navigation.location)
                continue
            }
            let lockKey = "NavigationProperty \(type.qualifiedName)/\(navigation.name)"
            let memberName =
                lockedNavigations.contains(lockKey)
                ? lock[lockKey]!
                : scope.claim(
                    rename(["\(type.qualifiedName)/\(navigation.name)", "\(type.name)/\(navigation.name)"])
                        ?? names.memberName(navigation.name))
            navigations.append(
                PlannedNavigation(
                    edm: navigation, name: memberName, targetName: targetName, targetQualifiedName: target,
                    isCollection: navigation.isCollection, index: navigations.count))
        }
        // A key is generated whole or not at all: a partial key would address the wrong entities.
        var keys: [PlannedKey] = []
        for keyName in type.key {
            guard let key = plannedKey(keyName, of: type, properties: properties, resolver: resolver) else {
                warn(
                    "key property \(type.name).\(keyName) is not generated, so \(type.name) gets no key "
                        + "(no key helpers; its entities are addressed by the links the service sends)", type.location)
                keys = []
                break
            }
            keys.append(key)
        }
        var labelScope = NameScope(reserved: memberReserved.union(ReservedNames.methodParameters))
        let labels = keys.map { labelScope.claim($0.property?.name ?? names.memberName($0.name)) }
        return PlannedEntityType(
            edm: type, name: name, handleName: handles.claim(names.memberName(name)), properties: properties,
            navigations: navigations, keys: keys, keyLabels: labels)
    }

    private mutating func planProperties(
        _ properties: [Property], owner: String, ownerQualified: String, keys: [String], entityType: EntityType? = nil,
        scope: inout NameScope, resolver: TypeResolver
    ) -> [PlannedProperty] {
        var planned: [PlannedProperty] = []
        let lockedProperties = reserveLocked(
            properties.map { ("Property \(ownerQualified)/\($0.name)", ["\(ownerQualified)/\($0.name)", "\(owner)/\($0.name)"]) },
            in: &scope)
        for property in properties {
            guard let mapped = resolver.propertyType(property.type) else {
                warn(
                    "property \(owner).\(property.name) skipped: type \(property.type.csdlName) is not supported here",
                    property.location)
                continue
            }
            let lockKey = "Property \(ownerQualified)/\(property.name)"
            let name =
                lockedProperties.contains(lockKey)
                ? lock[lockKey]!
                : scope.claim(
                    rename(["\(ownerQualified)/\(property.name)", "\(owner)/\(property.name)"]) ?? names.memberName(property.name))
            var enumName: String?
            if case .enumeration(let qualified) = property.type.elementType { enumName = resolver.enumNames[qualified] }
            planned.append(
                PlannedProperty(
                    // A type definition's facets apply where the property declares none of its own.
                    edm: metadata.withTypeDefinitionFacets(property), name: name, valueType: mapped.swiftType,
                    propertyType: mapped.runtimeType,
                    index: planned.count, isKey: keys.contains(property.name),
                    feedMapping: entityType.flatMap { metadata.feedCustomization(of: property, in: $0) },
                    rowTypeName: resolver.rowTypeName(property.type), enumName: enumName))
        }
        return planned
    }

    // MARK: Names

    private mutating func typeName(_ name: String, _ qualifiedName: String) -> String {
        rename([qualifiedName, name]) ?? names.typeName(name)
    }

    /// The configured rename for the first key that has one.
    mutating func rename(_ keys: @autoclosure () -> [String]) -> String? {
        if configuration.renames.isEmpty { return nil }
        for key in keys() {
            if let value = configuration.renames[key] {
                usedRenames.insert(key)
                return value
            }
        }
        return nil
    }

    mutating func warn(_ message: String, _ location: SourceLocation?, severity: DiagnosticSeverity = .warning) {
        diagnostics.append(GeneratorDiagnostic(severity: severity, message: message, location: location))
    }

    private mutating func reportUnusedRenames(container: EntityContainer) {
        for key in configuration.renames.keys.sorted() where !usedRenames.contains(key) {
            warn("rename \"\(key)\" matches no generated element", nil)
        }
    }
}
