extension ModelResolver {
    /// The position of the entity type with this qualified name.
    func entityTypePath(_ qualified: String) -> (schema: Int, item: Int)? {
        guard let declared = typeIndex[qualified], declared.kind == .entity else { return nil }
        return (declared.schema, declared.item)
    }

    /// The position of the complex type with this qualified name.
    func complexTypePath(_ qualified: String) -> (schema: Int, item: Int)? {
        guard let declared = typeIndex[qualified], declared.kind == .complex else { return nil }
        return (declared.schema, declared.item)
    }

    /// Indexes types and associations by qualified name and reports duplicates. Names are resolved per
    /// kind, as the grammar says which kind an attribute names (`Type` an entity or complex type,
    /// `Relationship` and `AssociationSet@Association` an association): an association that shares its
    /// qualified name with a type is kept (a note), and a duplicate within a kind is an error.
    mutating func buildIndexes() {
        var typeCount = 0
        var associationCount = 0
        for schema in schemas {
            typeCount += schema.entityTypes.count + schema.complexTypes.count + schema.enumTypes.count + schema.typeDefinitions.count
            associationCount += schema.associations.count
        }
        typeIndex.reserveCapacity(typeCount)
        associationIndex.reserveCapacity(associationCount)
        for s in schemas.indices {
            claimEach(schemas[s].entityTypes, as: .entity, schema: s)
            claimEach(schemas[s].complexTypes, as: .complex, schema: s)
            claimEach(schemas[s].enumTypes, as: .enumeration, schema: s)
            claimEach(schemas[s].typeDefinitions, as: .typeDefinition, schema: s)
            for i in schemas[s].operations.indices {
                operationNames.insert(String(qualifying: schemas[s].operations[i].name, in: schemas[s].operations[i].namespace))
            }
        }
        for s in schemas.indices {
            for i in schemas[s].associations.indices {
                let qualified = String(qualifying: schemas[s].associations[i].name, in: schemas[s].associations[i].namespace)
                let location = schemas[s].associations[i].location
                // One hash of the name: filed, and put back in the rare case that it was taken.
                if let earlier = associationIndex.updateValue((s, i), forKey: qualified) {
                    associationIndex[qualified] = earlier
                    reportRepeat(qualified, "Association", first: "Association", at: location)
                    continue
                }
                if let type = typeIndex[qualified] {
                    report(
                        .note, "name-shared-across-kinds",
                        "Association \(qualified) has the qualified name of an \(type.kind.element); "
                            + "Relationship and AssociationSet names resolve to the association, type references to the type",
                        at: location)
                }
            }
        }
    }

    /// Claims the qualified name of each type of one kind in schema `s`. By index, reading the fields in place
    /// (calling `qualifiedName` on an element copied the whole type); each qualified name is built once, from its bytes.
    private mutating func claimEach<Declaration: TypeDeclaration>(
        _ declarations: [Declaration], as kind: DeclaredType.Kind, schema s: Int
    ) {
        for i in declarations.indices {
            let qualified = String(qualifying: declarations[i].name, in: declarations[i].namespace)
            claim(qualified, DeclaredType(kind: kind, schema: s, item: i), at: declarations[i].location)
        }
    }

    /// Files a type under its qualified name with one hash of the name; a name already taken (by a type of any
    /// kind) is put back and the repeat reported.
    private mutating func claim(_ qualified: String, _ declared: DeclaredType, at location: SourceLocation) {
        guard let earlier = typeIndex.updateValue(declared, forKey: qualified) else { return }
        typeIndex[qualified] = earlier
        reportRepeat(qualified, declared.kind.element, first: earlier.kind.element, at: location)
    }

    private mutating func reportRepeat(_ qualified: String, _ kind: String, first earlier: String, at location: SourceLocation) {
        report(
            .error, "duplicate-name", "\(kind) \(qualified) is declared again (first as \(earlier)); the first declaration is used",
            at: location)
    }
}
