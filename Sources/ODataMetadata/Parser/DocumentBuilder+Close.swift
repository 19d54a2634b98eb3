internal import CLibXML2

extension DocumentBuilder {
    /// Finishes the element of `frame` and files it in its parent.
    mutating func close(_ frame: Frame) {
        switch frame {
        case .root, .dataServices, .key, .principal, .dependent, .property, .leaf:
            break
        case .reference:
            if let reference = reference.take() { references.append(reference) }
        case .schema:
            if let schema = schema.take() { schemas.append(schema) }
        case .entityType:
            if let entityType = entityType.take() {
                lastPropertyCount.entityType = max(4, entityType.declaredProperties.count)
                schema?.entityTypes.append(entityType)
            }
        case .complexType:
            if let complexType = complexType.take() {
                lastPropertyCount.complexType = max(4, complexType.properties.count)
                schema?.complexTypes.append(complexType)
            }
        case .navigationProperty:
            if let navigation = navigation.take() {
                if stack.last == .complexType {
                    complexType?.navigationProperties.appendMakingRoomForFew(navigation)
                } else {
                    entityType?.declaredNavigationProperties.appendMakingRoomForFew(navigation)
                }
            }
        case .association:
            if let association = association.take() { schema?.associations.append(association) }
        case .associationEnd:
            if let associationEnd = associationEnd.take() { association?.ends.appendMakingRoomForFew(associationEnd) }
        case .referentialConstraint:
            association?.referentialConstraint = ReferentialConstraint(
                principalRole: constraint.principalRole, principalProperties: constraint.principalProperties,
                dependentRole: constraint.dependentRole, dependentProperties: constraint.dependentProperties)
        case .entityContainer:
            if let container = container.take() { schema?.entityContainers.append(container) }
        case .entitySet:
            if let entitySet = entitySet.take() { container?.entitySets.append(entitySet) }
        case .associationSet:
            if let associationSet = associationSet.take() { container?.associationSets.append(associationSet) }
        case .functionImport:
            if let functionImport = functionImport.take() { container?.functionImports.append(functionImport) }
        case .parameter:
            if let parameter = parameter.take() {
                if stack.last == .operation {
                    operation?.parameters.append(parameter)
                } else {
                    functionImport?.parameters.append(parameter)
                }
            }
        case .enumType:
            if let enumType = enumType.take() { schema?.enumTypes.append(enumType) }
        case .typeDefinition:
            if let typeDefinition = typeDefinition.take() { schema?.typeDefinitions.append(typeDefinition) }
        case .operation:
            if let operation = operation.take() { schema?.operations.append(operation) }
        case .singleton:
            if let singleton = singleton.take() { container?.singletons.append(singleton) }
        case .actionImport:
            if let actionImport = actionImport.take() { container?.actionImports.append(actionImport) }
        case .member, .returnType:
            break
        case .documentation:
            attachDocumentation()
        case .summary:
            let text = takeText()
            documentation?.summary = text
        case .longDescription:
            let text = takeText()
            documentation?.longDescription = text
        case .annotations:
            if let block = annotationsBlock.take() { schema?.annotationBlocks.append(consume block) }
        }
    }

    /// Gives the finished `Documentation` to the element that holds it.
    private mutating func attachDocumentation() {
        guard let documentation, let owner = stack.last else { return }
        self.documentation = nil
        switch owner {
        case .entityType: entityType?.documentation = documentation
        case .complexType: complexType?.documentation = documentation
        case .property: documentOpenProperty(documentation)
        case .navigationProperty: navigation?.documentation = documentation
        case .entitySet: entitySet?.documentation = documentation
        case .functionImport: functionImport?.documentation = documentation
        case .enumType: enumType?.documentation = documentation
        case .operation: operation?.documentation = documentation
        case .singleton: singleton?.documentation = documentation
        case .actionImport: actionImport?.documentation = documentation
        default: break
        }
    }
}
