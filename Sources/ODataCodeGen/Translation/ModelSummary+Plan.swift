import ODataMetadata

extension ModelSummary {
    /// The summary of what the generated code uses: the planned sets, types (with only their generated
    /// properties and navigation properties) and function imports, with their Swift names.
    init(plan: ServicePlan, metadata: ServiceMetadata) {
        let full = ModelSummary(metadata: metadata, container: "\(plan.container.namespace).\(plan.container.name)")
        let fetchNames = Dictionary(plan.entitySets.map { ($0.edm.name, $0.fetchName) }, uniquingKeysWith: { first, _ in first })
        let sets = full.entitySets.compactMap { set -> EntitySet? in
            guard let name = fetchNames[set.name] else { return nil }
            return EntitySet(name: set.name, entityType: set.entityType, swiftName: name)
        }
        var planned: [String: (name: String, properties: [String: String], navigations: [String: String])] = [:]
        for type in plan.entityTypes {
            planned[type.edm.qualifiedName] = (
                type.name, Dictionary(type.properties.map { ($0.edm.name, $0.name) }, uniquingKeysWith: { first, _ in first }),
                Dictionary(type.navigations.map { ($0.edm.name, $0.name) }, uniquingKeysWith: { first, _ in first })
            )
        }
        for type in plan.complexTypes {
            planned[type.edm.qualifiedName] = (
                type.name, Dictionary(type.properties.map { ($0.edm.name, $0.name) }, uniquingKeysWith: { first, _ in first }), [:]
            )
        }
        let types = full.types.compactMap { type -> StructuredType? in
            guard let names = planned[type.qualifiedName] else { return nil }
            var copy = type
            copy.swiftName = names.name
            copy.properties = type.properties.compactMap { property in
                names.properties[property.name].map {
                    Property(name: property.name, type: property.type, isNullable: property.isNullable, swiftName: $0)
                }
            }
            copy.navigations = type.navigations.compactMap { navigation in
                names.navigations[navigation.name].map { Navigation(name: navigation.name, target: navigation.target, swiftName: $0) }
            }
            return copy
        }
        let methods = Dictionary(plan.functions.map { ($0.edm.name, $0.methodName) }, uniquingKeysWith: { first, _ in first })
        let functions = full.functions.compactMap { function -> Function? in
            guard let method = methods[function.name] else { return nil }
            var copy = function
            copy.swiftName = method
            return copy
        }
        self.init(container: full.container, entitySets: sets, types: types, functions: functions)
    }
}
