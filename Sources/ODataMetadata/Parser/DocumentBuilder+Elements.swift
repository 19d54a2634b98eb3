internal import CLibXML2

extension DocumentBuilder {
    /// A CSDL element directly inside `Schema`.
    mutating func openInSchema(_ name: XMLName, prefix: XMLName?, uri: XMLName?, attributes a: XMLAttributes) {
        ownerSerial += 1
        let at = location()
        let namespace = schema?.namespace ?? ""
        if isV4, name == names.association || name == names.using {
            report(
                .warning, "v2-element-in-v4",
                "Schema \(namespace) has an OData v2 element <\(XMLAttributes.string(name))>, which OData v4 does not define; skipped",
                at: at)
            skip()
            return
        }
        if name == names.entityType {
            guard let typeName = required(a, names.name, "Name", of: "EntityType", at: at) else { return }
            if isV4 { checkAttributes(a, allowed.entityType, of: "EntityType \(typeName)", at: at) }
            let hasStream =
                isV4
                ? bool(a, names.hasStream, "HasStream", default: false, at: at)
                : metadataAttribute(names.hasStream, in: a).map { boolValue($0, "m:HasStream", default: false, at: at) } ?? false
            var created = EntityType(
                name: typeName, namespace: namespace, baseType: a.value(names.baseType),
                isAbstract: bool(a, names.abstract, "Abstract", default: false, at: at), hasStream: hasStream,
                isOpenType: bool(a, names.openType, "OpenType", default: false, at: at),
                annotations: foreignAttributes(a), location: at)
            created.declaredProperties.reserveCapacity(lastPropertyCount.entityType)
            entityType = created
            stack.append(.entityType)
        } else if name == names.complexType {
            guard let typeName = required(a, names.name, "Name", of: "ComplexType", at: at) else { return }
            if isV4 { checkAttributes(a, allowed.complexType, of: "ComplexType \(typeName)", at: at) }
            var created = ComplexType(
                name: typeName, namespace: namespace, baseType: a.value(names.baseType),
                isAbstract: bool(a, names.abstract, "Abstract", default: false, at: at),
                isOpenType: bool(a, names.openType, "OpenType", default: false, at: at), annotations: foreignAttributes(a),
                location: at)
            created.properties.reserveCapacity(lastPropertyCount.complexType)
            complexType = created
            stack.append(.complexType)
        } else if name == names.association {
            guard let associationName = required(a, names.name, "Name", of: "Association", at: at) else { return }
            association = Association(
                name: associationName, namespace: namespace, ends: [], annotations: foreignAttributes(a), location: at)
            stack.append(.association)
        } else if name == names.entityContainer {
            guard let containerName = required(a, names.name, "Name", of: "EntityContainer", at: at) else { return }
            if isV4 { checkAttributes(a, allowed.entityContainer, of: "EntityContainer \(containerName)", at: at) }
            container = EntityContainer(
                name: containerName, namespace: namespace,
                isDefault: metadataAttribute(names.isDefaultEntityContainer, in: a).map {
                    boolValue($0, "m:IsDefaultEntityContainer", default: false, at: at)
                } ?? false,
                extends: a.value(names.extends), annotations: foreignAttributes(a), location: at)
            stack.append(.entityContainer)
        } else if name == names.using {
            if let used = required(a, names.namespace, "Namespace", of: "Using", at: at) {
                schema?.usings.append(SchemaUsing(namespace: used, alias: a.value(names.alias)))
                leaf()
            }
        } else if name == names.annotations {
            guard let target = required(a, names.target, "Target", of: "Annotations", at: at) else { return }
            annotationsBlock = AnnotationsBlock(target: target, qualifier: a.value(names.qualifier), annotations: [])
            stack.append(.annotations)
        } else if openSchemaElement(name, attributes: a, at: at) {
            return
        } else {
            skipUnknown(name, prefix: prefix, uri: uri, in: "Schema \(namespace)")
        }
    }

    /// A CSDL element below a schema child.
    mutating func openInType(_ name: XMLName, prefix: XMLName?, uri: XMLName?, parent: Frame, attributes a: XMLAttributes) {
        let at = location()
        switch parent {
        case .entityType where name == names.property, .complexType where name == names.property:
            openProperty(a, at: at)
        case .entityType where name == names.key:
            stack.append(.key)
        case .key where name == names.propertyRef:
            if let keyName = required(a, names.name, "Name", of: "PropertyRef", at: at) {
                if isV4 { checkAttributes(a, allowed.propertyRef, of: "PropertyRef \(keyName)", at: at) }
                entityType?.declaredKey.appendMakingRoomForFew(keyName)
                if let alias = a.value(names.alias) { entityType?.keyAliases.append(KeyAlias(path: keyName, alias: alias)) }
                leaf()
            }
        case .entityType where name == names.navigationProperty && isV4, .complexType where name == names.navigationProperty && isV4:
            let ownerType = entityType.map { ($0.namespace, $0.name) } ?? complexType.map { ($0.namespace, $0.name) }
            openNavigation(a, ownerType: ownerType, at: at)
        case .navigationProperty where isV4 && openNavigationChild(name, a, at: at):
            break
        case .enumType where name == names.member:
            openMember(a, at: at)
        case .operation where name == names.returnType:
            openReturnType(a, at: at)
        case .entitySet where name == names.navigationPropertyBinding, .singleton where name == names.navigationPropertyBinding:
            openBinding(a, at: at)
        case .entityContainer where openContainerChild(name, a, at: at):
            break
        case .entityType where name == names.navigationProperty:
            guard let navigationName = required(a, names.name, "Name", of: "NavigationProperty", at: at),
                let relationship = required(a, names.relationship, "Relationship", of: "NavigationProperty \(navigationName)", at: at),
                let fromRole = required(a, names.fromRole, "FromRole", of: "NavigationProperty \(navigationName)", at: at),
                let toRole = required(a, names.toRole, "ToRole", of: "NavigationProperty \(navigationName)", at: at)
            else { return }
            navigation = NavigationProperty(
                name: navigationName, relationship: relationship, fromRole: fromRole, toRole: toRole,
                annotations: foreignAttributes(a), location: at)
            stack.append(.navigationProperty)
        case .association where name == names.end:
            guard let type = required(a, names.type, "Type", of: "End", at: at),
                let text = required(a, names.multiplicity, "Multiplicity", of: "End", at: at)
            else { return }
            guard let multiplicity = Multiplicity(rawValue: text) else {
                report(
                    .error, "invalid-multiplicity",
                    "End \(type) of Association \(association?.name ?? "") has Multiplicity \"\(text)\", not 0..1, 1 or *; the end is ignored",
                    at: at)
                skip()
                return
            }
            let role = a.value(names.role) ?? type.split(separator: ".").last.map(String.init) ?? type
            associationEnd = AssociationEnd(role: role, type: type, multiplicity: multiplicity)
            stack.append(.associationEnd)
        case .associationEnd where name == names.onDelete:
            if a.value(names.action) == "Cascade" { associationEnd?.onDeleteCascade = true }
            leaf()
        case .association where name == names.referentialConstraint:
            constraint = ConstraintDraft(location: at)
            stack.append(.referentialConstraint)
        case .referentialConstraint where name == names.principal:
            constraint.principalRole = a.value(names.role) ?? ""
            stack.append(.principal)
        case .referentialConstraint where name == names.dependent:
            constraint.dependentRole = a.value(names.role) ?? ""
            stack.append(.dependent)
        case .principal where name == names.propertyRef, .dependent where name == names.propertyRef:
            if let refName = required(a, names.name, "Name", of: "PropertyRef", at: at) {
                if parent == .principal {
                    constraint.principalProperties.append(refName)
                } else {
                    constraint.dependentProperties.append(refName)
                }
                leaf()
            }
        case .entityContainer where name == names.entitySet:
            guard let setName = required(a, names.name, "Name", of: "EntitySet", at: at),
                let type = required(a, names.entityType, "EntityType", of: "EntitySet \(setName)", at: at)
            else { return }
            if isV4 { checkAttributes(a, allowed.entitySet, of: "EntitySet \(setName)", at: at) }
            entitySet = EntitySet(
                name: setName, entityType: type,
                includeInServiceDocument: bool(a, names.includeInServiceDocument, "IncludeInServiceDocument", default: true, at: at),
                annotations: foreignAttributes(a), location: at)
            stack.append(.entitySet)
        case .entityContainer where name == names.associationSet:
            guard let setName = required(a, names.name, "Name", of: "AssociationSet", at: at),
                let relation = required(a, names.association, "Association", of: "AssociationSet \(setName)", at: at)
            else { return }
            associationSet = AssociationSet(
                name: setName, association: relation, ends: [], annotations: foreignAttributes(a), location: at)
            stack.append(.associationSet)
        case .associationSet where name == names.end:
            if let role = required(a, names.role, "Role", of: "End", at: at),
                let set = required(a, names.entitySet, "EntitySet", of: "End \(role)", at: at)
            {
                associationSet?.ends.appendMakingRoomForFew(AssociationSetEnd(role: role, entitySet: set))
                leaf()
            }
        case .entityContainer where name == names.functionImport:
            openFunctionImport(a, at: at)
        case .functionImport where name == names.parameter, .operation where name == names.parameter:
            guard let parameterName = required(a, names.name, "Name", of: "Parameter", at: at),
                let type = required(a, names.type, "Type", of: "Parameter \(parameterName)", at: at)
            else { return }
            var facets = FacetValues()
            _ = self.facets(a, into: &facets, at: at, checked: isV4 ? allowed.parameter : nil, element: "Parameter")
            var mode: ParameterMode?
            if let text = a.value(names.mode) {
                mode = ParameterMode(rawValue: text)
                if mode == nil {
                    report(.warning, "invalid-facet", "Parameter \(parameterName) has Mode \"\(text)\", not In, Out or InOut", at: at)
                }
            }
            parameter = FunctionImportParameter(
                name: parameterName, type: ModelResolver.primitives[type] ?? .unresolved(type), mode: mode, isNullable: facets.isNullable,
                maxLength: facets.maxLength, precision: facets.precision, scale: facets.scale, variableScale: facets.variableScale,
                annotations: foreignAttributes(a), location: at)
            stack.append(.parameter)
        case .documentation where name == names.summary:
            text = []
            updateTextDelivery()
            stack.append(.summary)
        case .documentation where name == names.longDescription:
            text = []
            updateTextDelivery()
            stack.append(.longDescription)
        case .annotations where name == names.annotation || name == names.valueAnnotation:
            beginCapture(name, prefix: prefix, a, destination: .block)
        default:
            skipUnknown(name, prefix: prefix, uri: uri, in: parent.elementName)
        }
    }
}
