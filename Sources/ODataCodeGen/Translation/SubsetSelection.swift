import ODataMetadata

/// The elements to generate: everything, or the configured entity sets with every type they depend on
/// (element types, navigation targets, complex property types, function-import types), in document order.
struct SubsetSelection {
    var entityTypes: [EntityType] = []
    var complexTypes: [ComplexType] = []
    var entitySets: [EntitySet] = []
    var functionImports: [FunctionImport] = []
    /// The v4 action imports.
    var actionImports: [ActionImport] = []
    /// The v4 singletons.
    var singletons: [Singleton] = []
    var diagnostics: [GeneratorDiagnostic] = []

    init(metadata: ServiceMetadata, container: EntityContainer, configuration: GeneratorConfiguration) throws {
        let everything = configuration.entitySets.isEmpty && configuration.functionImports == nil
        if everything {
            entityTypes = Self.unique(metadata.entityTypes, \.qualifiedName)
            complexTypes = Self.unique(metadata.complexTypes, \.qualifiedName)
            entitySets = container.entitySets
            functionImports = container.functionImports
            actionImports = container.actionImports
            singletons = container.singletons
            return
        }
        for name in configuration.entitySets where container.entitySet(named: name) == nil && container.singleton(named: name) == nil {
            throw GeneratorError(message: "entity set \"\(name)\" (from \"entitySets\") is not in container \(container.name)")
        }
        let wantedSets = Set(configuration.entitySets)
        entitySets = container.entitySets.filter { wantedSets.contains($0.name) }
        var wantedEntities: Set<String> = []
        var wantedComplex: Set<String> = []
        var work: [TypeReference] = entitySets.map { .entity(qualifiedName: $0.entityType) }
        singletons = container.singletons.filter { wantedSets.contains($0.name) }
        work += singletons.map { .entity(qualifiedName: $0.type) }
        let explicitFunctions = configuration.functionImports
        if let explicitFunctions {
            for name in explicitFunctions
            where !container.functionImports.contains(where: { $0.name == name }) && container.actionImport(named: name) == nil {
                throw GeneratorError(
                    message: "function import \"\(name)\" (from \"functionImports\") is not in container \(container.name)")
            }
            for function in container.functionImports where explicitFunctions.contains(function.name) {
                if let type = function.returnType { work.append(type) }
                if let name = function.function { work += metadata.operations(named: name).compactMap(\.returnType?.type) }
            }
            for action in container.actionImports where explicitFunctions.contains(action.name) {
                work += metadata.operations(named: action.action).compactMap(\.returnType?.type)
            }
        }
        while let reference = work.popLast() {
            switch reference.elementType {
            case .entity(let name):
                guard !wantedEntities.contains(name), let type = metadata.entityType(named: name) else { continue }
                wantedEntities.insert(name)
                work += type.properties.map(\.type)
                work += type.navigationProperties.compactMap { $0.targetType.map { .entity(qualifiedName: $0) } }
            case .complex(let name):
                guard !wantedComplex.contains(name), let type = metadata.complexType(named: name) else { continue }
                wantedComplex.insert(name)
                work += type.properties.map(\.type)
            default:
                continue
            }
        }
        entityTypes = Self.unique(metadata.entityTypes, \.qualifiedName).filter { wantedEntities.contains($0.qualifiedName) }
        complexTypes = Self.unique(metadata.complexTypes, \.qualifiedName).filter { wantedComplex.contains($0.qualifiedName) }
        actionImports = container.actionImports.filter { action in
            if let explicitFunctions { return explicitFunctions.contains(action.name) }
            return metadata.operations(named: action.action).allSatisfy { operation in
                switch operation.returnType?.type.elementType {
                case .entity(let name)?: return wantedEntities.contains(name)
                case .complex(let name)?: return wantedComplex.contains(name)
                default: return true
                }
            }
        }
        functionImports = container.functionImports.filter { function in
            if let explicitFunctions { return explicitFunctions.contains(function.name) }
            guard let type = function.returnType?.elementType else { return true }
            switch type {
            case .entity(let name): return wantedEntities.contains(name)
            case .complex(let name): return wantedComplex.contains(name)
            default: return true
            }
        }
    }

    /// The first element of each qualified name, in order (duplicates are reported by the parser).
    private static func unique<T>(_ items: [T], _ key: (T) -> String) -> [T] {
        var seen: Set<String> = []
        return items.filter { seen.insert(key($0)).inserted }
    }
}
