extension ModelResolver {
    /// Resolves complex-type property types and complex `BaseType` inheritance, then leaves out repeated members.
    mutating func resolveComplexTypes() {
        for s in schemas.indices {
            for i in schemas[s].complexTypes.indices {
                var type = schemas[s].complexTypes[i]
                let (namespace, name) = (type.namespace, type.name)
                // Built only for a report.
                var owner: String { "\(namespace).\(name)" }
                for p in type.properties.indices { resolveProperty(&type.properties[p], owner: owner) }
                for n in type.navigationProperties.indices { resolveNavigation(&type.navigationProperties[n], owner: owner) }
                if let base = type.baseType {
                    let qualified = qualify(base)
                    type.baseType = qualified
                    if complexTypePath(qualified) == nil, referencedType(qualified, .complex, in: \.complexTypes) == nil {
                        reportUnresolvedBase("ComplexType \(owner)", base: base, qualified: qualified, kind: "complex", at: type.location)
                    }
                }
                schemas[s].complexTypes[i] = type
            }
        }
        applyInheritance(of: ComplexType.self)
        for s in schemas.indices {
            for i in schemas[s].complexTypes.indices {
                var type = schemas[s].complexTypes[i]
                schemas[s].complexTypes[i].properties = []
                let (namespace, name) = (type.namespace, type.name)
                dropDuplicateMembers(&type.properties, &type.navigationProperties, owner: "ComplexType \(namespace).\(name)")
                schemas[s].complexTypes[i] = type
            }
        }
    }

    /// Qualifies association end types and checks ends and referential constraints.
    mutating func resolveAssociations() {
        for s in schemas.indices {
            for a in schemas[s].associations.indices {
                // Read in place; written only where an alias is rewritten (copying it back was most of the cost).
                let association = schemas[s].associations[a]
                // Built only for a report.
                var name: String { association.qualifiedName }
                let ends = association.ends
                // Two ends are compared directly; a hostile document's thousands through a set, to stay linear.
                let hashesRoles = ends.count > 16
                var roles = Set<String>()
                for e in ends.indices {
                    let written = ends[e].type
                    var type = written
                    if let resolved = aliasResolved(written) {
                        type = resolved
                        schemas[s].associations[a].ends[e].type = resolved
                    }
                    if entityTypePath(type) == nil {
                        report(
                            .error, "unresolved-type",
                            "Association \(name) has an End of type \(written), which is not a declared entity type",
                            at: association.location)
                    }
                    let role = ends[e].role
                    let repeated = hashesRoles ? !roles.insert(role).inserted : ends[..<e].contains { $0.role == role }
                    if repeated {
                        report(
                            .error, "duplicate-name", "Association \(name) has two ends with Role \(ends[e].role)",
                            at: association.location)
                    }
                }
                if ends.count != 2 {
                    report(
                        .error, "invalid-association", "Association \(name) has \(ends.count) ends instead of 2", at: association.location)
                }
                if let constraint = association.referentialConstraint {
                    for role in [constraint.principalRole, constraint.dependentRole] where !ends.contains(where: { $0.role == role }) {
                        report(
                            .error, "unresolved-role",
                            "the ReferentialConstraint of Association \(name) names Role \"\(role)\", which is not one of its ends",
                            at: association.location)
                    }
                    if constraint.principalProperties.count != constraint.dependentProperties.count {
                        report(
                            .error, "invalid-constraint",
                            "the ReferentialConstraint of Association \(name) has \(constraint.principalProperties.count) principal and \(constraint.dependentProperties.count) dependent properties",
                            at: association.location)
                    }
                }
            }
        }
    }

    /// Qualifies base types, resolves declared property types and navigation properties of entity types.
    mutating func resolveDeclaredMembers() {
        for s in schemas.indices {
            var types = schemas[s].entityTypes
            schemas[s].entityTypes = []
            for t in types.indices {
                let (name, namespace) = (types[t].name, types[t].namespace)
                // Built only for a report.
                var owner: String { "\(namespace).\(name)" }
                if let base = types[t].baseType {
                    let qualified = qualify(base)
                    types[t].baseType = qualified
                    if entityTypePath(qualified) == nil, referencedType(qualified, .entity, in: \.entityTypes) == nil {
                        reportUnresolvedBase("EntityType \(owner)", base: base, qualified: qualified, kind: "entity", at: types[t].location)
                    }
                }
                // Only a property the parser left unresolved (not a primitive type) is written to.
                for p in types[t].declaredProperties.indices where types[t].declaredProperties[p].type.isUnresolved {
                    resolveProperty(&types[t].declaredProperties[p], owner: owner)
                }
                for n in types[t].declaredNavigationProperties.indices {
                    let known = resolveNavigation(&types[t].declaredNavigationProperties[n], owner: owner)
                    guard types[t].declaredNavigationProperties[n].partner != nil,
                        let target = known ?? types[t].declaredNavigationProperties[n].targetType.flatMap({ entityTypePath($0) })
                    else { continue }
                    partnerChecks.append(PartnerCheck(schema: s, type: t, navigation: n, target: target))
                }
                types[t].properties = types[t].declaredProperties
                types[t].navigationProperties = types[t].declaredNavigationProperties
                types[t].key = types[t].declaredKey
            }
            schemas[s].entityTypes = types
        }
    }

    /// Finds a navigation property's association and ends (v2, v3) or its target type (v4). Returns the target entity
    /// type's position when a v4 target was found in the index as written.
    @discardableResult
    mutating func resolveNavigation(_ navigation: inout NavigationProperty, owner: @autoclosure () -> String) -> (
        schema: Int, item: Int
    )? {
        if navigation.relationship.isEmpty, let target = navigation.targetType {
            return resolveNavigationTarget(&navigation, target: target, owner: owner())
        }
        let written = navigation.relationship
        navigation.relationship = qualify(written)
        let name = navigation.name
        // Built only for a report.
        var context: String { "NavigationProperty \(owner())/\(name)" }
        guard let path = associationIndex[navigation.relationship] else {
            report(
                .error, "unresolved-association", "\(context) has Relationship \(written), which is not a declared association",
                at: navigation.location)
            return nil
        }
        let association = schemas[path.schema].associations[path.item]
        if association.end(role: navigation.fromRole) == nil {
            report(
                .error, "unresolved-role",
                "\(context) has FromRole \(navigation.fromRole), which is not a role of \(association.qualifiedName)",
                at: navigation.location)
        }
        guard let target = association.end(role: navigation.toRole) else {
            report(
                .error, "unresolved-role",
                "\(context) has ToRole \(navigation.toRole), which is not a role of \(association.qualifiedName)", at: navigation.location)
            return nil
        }
        navigation.targetType = target.type
        navigation.multiplicity = target.multiplicity
        return nil
    }

    /// Checks keys and member names of every entity type.
    mutating func checkEntityTypes() {
        for s in schemas.indices {
            for t in schemas[s].entityTypes.indices {
                let (namespace, typeName) = (schemas[s].entityTypes[t].namespace, schemas[s].entityTypes[t].name)
                let location = schemas[s].entityTypes[t].location
                // Built only for a report: most types have none.
                var owner: String { "EntityType \(namespace).\(typeName)" }
                // Read in place: a type is copied out (and written back) only when it has members or keys to drop.
                let repeats = Self.repeatedMembers(schemas[s].entityTypes[t].properties, schemas[s].entityTypes[t].navigationProperties)
                if !repeats.isEmpty || Self.mayRepeat(schemas[s].entityTypes[t].key) {
                    var type = schemas[s].entityTypes[t]
                    schemas[s].entityTypes[t].properties = []
                    dropRepeatedMembers(repeats, &type.properties, &type.navigationProperties, owner: owner)
                    dropDuplicateKeys(&type.key, owner: owner, at: location)
                    schemas[s].entityTypes[t] = type
                }
                let (key, properties) = (schemas[s].entityTypes[t].key, schemas[s].entityTypes[t].properties)
                if key.isEmpty, version.isV4 {
                    // CSDL 4.01 lets abstract types, and types used only by singletons or containment, go without one.
                    if !schemas[s].entityTypes[t].isAbstract {
                        report(.warning, "missing-key", "\(owner) has no Key, neither declared nor inherited", at: location)
                    }
                } else if key.isEmpty {
                    report(.error, "missing-key", "\(owner) has no Key, neither declared nor inherited", at: location)
                }
                for name in key {
                    if name.containsUTF8(UInt8(ascii: "/")) {
                        checkKeyPath(name, of: schemas[s].entityTypes[t], owner: owner)
                        continue
                    }
                    guard let index = properties.firstIndex(where: { $0.name == name }) else {
                        report(
                            .error, "unresolved-key", "\(owner) has key property \(name), which is not one of its properties",
                            at: location)
                        continue
                    }
                    if properties[index].isNullable {
                        report(.warning, "nullable-key", "key property \(name) of \(owner) is Nullable", at: properties[index].location)
                    }
                }
            }
        }
    }
}
