import ODataMetadata

/// Translates one planned entity type into `public struct <Name>: OData.EntityProtocol`, or under
/// `sapCompatibility` into `public final class <Name>: OData.ReferenceEntity` (SAP's reference semantics).
struct EntityTypeTranslator {
    let type: PlannedEntityType
    let access: AccessLevel
    /// `strictQueryCapabilities`: restricted properties get `OData.QueryRestrictedProperty` descriptors.
    var strict = false
    /// `sapCompatibility`: a final class over `OData.EntityState` instead of a struct over a stored `EntityValue`.
    var referenceSemantics = false

    func declaration() -> SwiftDecl {
        let edm = type.edm
        var doc = DocComment.lines(
            "The \(DocComment.code(edm.qualifiedName)) entity type.", annotations: edm.annotations,
            documentation: edm.documentation)
        if let base = edm.baseType { doc += ["", "Derived from \(DocComment.code(base)); inherited properties are included."] }
        if edm.hasStream { doc += ["", "A media entity (`m:HasStream`): its media resource is read and written through the service."] }
        if edm.isAbstract { doc += ["", "Abstract: the service's entities are of derived types; this type describes what they share."] }
        if edm.isOpenType { doc += ["", "Open: entities may carry dynamic properties beyond those declared here."] }
        var members: [SwiftDecl] = [descriptorTable()]
        members += type.properties.map { PropertyMembers.staticDescriptor($0, ownerKind: "entity", access: access, strict: strict) }
        members += type.navigations.map(staticNavigation)
        if !type.properties.isEmpty {
            members.append(PropertyMembers.lookupRoot(type.properties, owner: type.name, access: access, strict: strict))
        }
        members += referenceSemantics ? ReferenceEntityMembers.storage(access: access) : valueStorage()
        members += type.properties.filter { ReservedNames.shadowableEntityMembers.contains($0.name) }
            .map { PropertyMembers.shadowingAccessor($0, access: access, strict: strict) }
        members += type.navigations.map(navigationAccessor)
        if !type.keys.isEmpty { members.append(keyFunction()) }
        if referenceSemantics { doc += [""] + ReferenceEntityMembers.typeNote }
        return .nominal(
            SwiftNominal(
                doc: doc, access: access, kind: referenceSemantics ? .finalClass : .struct, name: type.name, genericParameters: [],
                inheritance: [Build.type(referenceSemantics ? "OData.ReferenceEntity" : "OData.EntityProtocol")], members: members))
    }

    /// The stored `entityValue` and the initializer of a struct entity.
    private func valueStorage() -> [SwiftDecl] {
        [
            .property(
                SwiftProperty(
                    doc: ["The underlying entity: values, navigation state, server metadata and changes."], access: access,
                    isStatic: false, isLet: false, name: "entityValue", type: Build.type("OData.EntityValue"),
                    initializer: nil, getter: nil, setter: nil)),
            .initializer(
                doc: ["Wraps an entity of this type (or a derived one)."], access: access,
                parameters: [SwiftParameter(name: "entityValue", type: Build.type("OData.EntityValue"))],
                body: [.assign(.member(.self, "entityValue"), .identifier("entityValue"))]),
        ]
    }

    /// `static let entityType: OData.EntityTypeDescriptor = OData.EntityTypeDescriptor(…)`.
    private func descriptorTable() -> SwiftDecl {
        let edm = type.edm
        var arguments: [(String?, SwiftExpr)] = [
            ("qualifiedName", .string(edm.qualifiedName)),
            ("properties", PropertyMembers.table(type.properties)),
        ]
        if !type.navigations.isEmpty {
            arguments.append(("navigationProperties", .array(type.navigations.map(navigationDescriptor), multiline: true)))
        }
        arguments.append(("keyNames", .array(type.keys.map { .string($0.path) }, multiline: false)))
        let aliases = type.keys.filter { $0.property == nil }.map { key in
            Build.new("OData.KeyAlias", [("path", .string(key.path)), ("alias", .string(key.name))])
        }
        if !aliases.isEmpty { arguments.append(("keyAliases", .array(aliases, multiline: false))) }
        if edm.hasStream { arguments.append(("hasStream", .bool(true))) }
        if let base = edm.baseType { arguments.append(("baseTypeName", .string(base))) }
        if edm.isOpenType { arguments.append(("isOpenType", .bool(true))) }
        if edm.isAbstract { arguments.append(("isAbstract", .bool(true))) }
        return Build.constant(
            ["The entity type's runtime descriptor."], access, "entityType", Build.type("OData.EntityTypeDescriptor"),
            Build.new("OData.EntityTypeDescriptor", arguments))
    }

    private func navigationDescriptor(_ navigation: PlannedNavigation) -> SwiftExpr {
        Build.new(
            "OData.NavigationDescriptor",
            [
                ("name", .string(navigation.edm.name)), ("isCollection", .bool(navigation.isCollection)),
                ("targetTypeName", .string(navigation.targetQualifiedName)), ("index", .int(navigation.index)),
            ] + (navigation.edm.containsTarget ? [("containsTarget", .bool(true))] : []),
            trailing: [.expr(TypeMapping.entityDescriptor(navigation.targetName))])
    }

    private func staticNavigation(_ navigation: PlannedNavigation) -> SwiftDecl {
        let type = SwiftType.generic(["OData", "TypedNavigationProperty"], [.named([navigation.targetName])])
        return Build.computedStatic(
            ["The \(DocComment.code(navigation.edm.name)) navigation property, for `expand` and `select`."],
            access, navigation.name, type,
            Build.new(type, [("entity", .member(.selfType, "self")), ("index", .int(navigation.index))]))
    }

    private func navigationAccessor(_ navigation: PlannedNavigation) -> SwiftDecl {
        let edm = navigation.edm
        var kind = navigation.isCollection ? "to-many; empty until loaded" : "to-one; nil until loaded"
        if edm.containsTarget { kind += "; contained: its targets are addressed through this entity" }
        let doc = DocComment.lines(
            "The \(DocComment.code(edm.name)) navigation property (\(kind)).", annotations: edm.annotations,
            documentation: edm.documentation)
        let descriptor = SwiftExpr.member(.selfType, navigation.name)
        let target = SwiftType.named([navigation.targetName])
        if navigation.isCollection {
            return Build.computed(
                doc, access, navigation.name, .array(target),
                get: Build.call(.member(.self, "related"), [(nil, descriptor)]),
                set: Build.call(.member(.self, "setRelated"), [(nil, .identifier("newValue")), ("for", descriptor)]))
        }
        return Build.computed(
            doc, access, navigation.name, .optional(target),
            get: Build.call(.member(.self, "relatedEntity"), [(nil, descriptor)]),
            set: Build.call(.member(.self, "setRelatedEntity"), [(nil, .identifier("newValue")), ("for", descriptor)]))
    }

    /// `static func key(customerID: Swift.String?) -> OData.EntityKey`.
    private func keyFunction() -> SwiftDecl {
        let parameters = zip(type.keys, type.keyLabels).map { key, label in
            SwiftParameter(name: label, type: .optional(key.valueType))
        }
        let components = zip(type.keys, type.keyLabels).map { key, label in
            // A key through a complex property (an alias) has no typed property of this type: its name stands in.
            Build.new(
                "OData.KeyComponent",
                [(nil, key.property.map { .member(.selfType, $0.name) } ?? .string(key.name)), (nil, .identifier(label))])
        }
        let names = type.keys.map { DocComment.code($0.path) }.joined(separator: ", ")
        return .function(
            SwiftFunction(
                doc: ["The key of the entity with these key property values (\(names))."], access: access, isStatic: true,
                name: "key", parameters: parameters, result: Build.type("OData.EntityKey"),
                body: [.expr(Build.new("OData.EntityKey", [(nil, .array(components, multiline: false))]))]))
    }
}
