internal import CLibXML2

extension DocumentBuilder {
    /// Finishes the element of `frame` and files it in its parent.
    func close(_ frame: Frame) {
        switch frame {
        case .root, .dataServices, .key, .principal, .dependent, .leaf:
            break
        case .reference:
            if let reference = reference.take() { references.append(reference) }
        case .schema:
            if let schema = schema.take() { schemas.append(schema) }
        case .entityType:
            if let entityType = entityType.take() { schema?.entityTypes.append(entityType) }
        case .complexType:
            if let complexType = complexType.take() { schema?.complexTypes.append(complexType) }
        case .property:
            if let property = property.take() {
                if stack.last == .complexType {
                    complexType?.properties.append(property)
                } else {
                    entityType?.declaredProperties.append(property)
                }
            }
        case .navigationProperty:
            if let navigation = navigation.take() { entityType?.declaredNavigationProperties.append(navigation) }
        case .association:
            if let association = association.take() { schema?.associations.append(association) }
        case .associationEnd:
            if let associationEnd = associationEnd.take() { association?.ends.append(associationEnd) }
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
            if let parameter = parameter.take() { functionImport?.parameters.append(parameter) }
        case .documentation:
            attachDocumentation()
        case .summary:
            documentation?.summary = takeText()
        case .longDescription:
            documentation?.longDescription = takeText()
        case .annotations:
            if let annotationsBlock = annotationsBlock.take() { schema?.annotationBlocks.append(annotationsBlock) }
        }
    }

    /// Gives the finished `Documentation` to the element that holds it.
    private func attachDocumentation() {
        guard let documentation, let owner = stack.last else { return }
        self.documentation = nil
        switch owner {
        case .entityType: entityType?.documentation = documentation
        case .complexType: complexType?.documentation = documentation
        case .property: property?.documentation = documentation
        case .navigationProperty: navigation?.documentation = documentation
        case .entitySet: entitySet?.documentation = documentation
        case .functionImport: functionImport?.documentation = documentation
        default: break
        }
    }

    // MARK: Facets

    /// The type a property has until its own is set (shared, so nothing is allocated per property).
    static let placeholderType = TypeReference.unresolved("")

    /// The facets shared by properties and parameters, in a `Property` with placeholder name and type.
    func facets(_ a: XMLAttributes, at: SourceLocation) -> Property {
        var result = Property(name: "", type: Self.placeholderType)
        result.isNullable = bool(a, names.nullable, "Nullable", default: true, at: at)
        if let text = a.value(names.maxLength) {
            if text.lowercased() == "max" {
                result.maxLength = .max
            } else if let value = Int(text), value >= 0 {
                result.maxLength = .value(value)
            } else {
                report(.warning, "invalid-facet", "MaxLength \"\(text)\" is neither a non-negative integer nor Max; ignored", at: at)
            }
        }
        result.precision = integer(a, names.precision, "Precision", at: at)
        result.scale = integer(a, names.scale, "Scale", at: at)
        result.isFixedLength = a.value(names.fixedLength).map { boolValue($0, "FixedLength", default: false, at: at) }
        result.isUnicode = a.value(names.unicode).map { boolValue($0, "Unicode", default: true, at: at) }
        return result
    }

    /// `ConcurrencyMode`, `None` when absent or invalid (invalid values are reported).
    func concurrencyMode(_ a: XMLAttributes, at: SourceLocation) -> ConcurrencyMode {
        guard let text = a.value(names.concurrencyMode) else { return .none }
        if let mode = ConcurrencyMode(rawValue: text) { return mode }
        report(.warning, "invalid-facet", "ConcurrencyMode \"\(text)\" is neither None nor Fixed; None is used", at: at)
        return .none
    }

    /// A boolean attribute.
    func bool(_ a: XMLAttributes, _ name: XMLName?, _ attribute: String, default fallback: Bool, at: SourceLocation) -> Bool {
        guard let text = a.value(name) else { return fallback }
        return boolValue(text, attribute, default: fallback, at: at)
    }

    /// An `xs:boolean` value; anything else is reported and gives `fallback`.
    func boolValue(_ text: String, _ attribute: String, default fallback: Bool, at: SourceLocation) -> Bool {
        switch text {
        case "true", "1": return true
        case "false", "0": return false
        default:
            report(.warning, "invalid-facet", "\(attribute) \"\(text)\" is not a boolean; \(fallback) is used", at: at)
            return fallback
        }
    }

    /// A non-negative integer attribute; anything else is reported and gives nil.
    func integer(_ a: XMLAttributes, _ name: XMLName?, _ attribute: String, at: SourceLocation) -> Int? {
        guard let text = a.value(name) else { return nil }
        if let value = Int(text), value >= 0 { return value }
        report(.warning, "invalid-facet", "\(attribute) \"\(text)\" is not a non-negative integer; ignored", at: at)
        return nil
    }
}
