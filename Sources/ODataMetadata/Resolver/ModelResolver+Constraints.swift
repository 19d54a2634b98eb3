extension ModelResolver {
    /// Reports a `ReferentialConstraint` `PropertyRef` that names no property of its end's entity type
    /// (inherited properties count), once inheritance has been applied.
    mutating func checkReferentialConstraintProperties() {
        for schema in schemas {
            for association in schema.associations {
                guard let constraint = association.referentialConstraint else { continue }
                let sides = [
                    ("Principal", constraint.principalRole, constraint.principalProperties),
                    ("Dependent", constraint.dependentRole, constraint.dependentProperties),
                ]
                for (side, role, names) in sides {
                    guard let end = association.ends.first(where: { $0.role == role }),
                        let path = entityTypePath(end.type)
                    else { continue }
                    let type = schemas[path.schema].entityTypes[path.item]
                    for name in names where !type.properties.contains(where: { $0.name == name }) {
                        report(
                            .error, "unresolved-property",
                            "the ReferentialConstraint of Association \(association.qualifiedName) names \(side) property \"\(name)\", "
                                + "which entity type \(end.type) (Role \(role)) does not have",
                            at: association.location)
                    }
                }
            }
        }
    }
}
