internal import CLibXML2

extension DocumentBuilder {
    /// Finishes the element of `frame` and files it in its parent.
    mutating func close(_ frame: Frame) {
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
            if let navigation = navigation.take() {
                if stack.last == .complexType {
                    complexType?.navigationProperties.append(navigation)
                } else {
                    entityType?.declaredNavigationProperties.append(navigation)
                }
            }
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
            if let annotationsBlock = annotationsBlock.take() { schema?.annotationBlocks.append(annotationsBlock) }
        }
    }

    /// Gives the finished `Documentation` to the element that holds it.
    private mutating func attachDocumentation() {
        guard let documentation, let owner = stack.last else { return }
        self.documentation = nil
        switch owner {
        case .entityType: entityType?.documentation = documentation
        case .complexType: complexType?.documentation = documentation
        case .property: property?.documentation = documentation
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

    // MARK: Facets

    /// The type a property has until its own is set (shared, so nothing is allocated per property).
    static let placeholderType = TypeReference.unresolved("")

    /// Reads `Name`, `Type` and the facets of a property or parameter into `result` in one pass over the
    /// attributes, and returns the type (a primitive, or unresolved as written), nil when there is none. With
    /// `checked`, the attributes are also checked against that list (v4 documents).
    mutating func facets(
        _ a: XMLAttributes, into result: inout Property, at: SourceLocation, checked: [XMLName?]?,
        element: StaticString = "Property"
    ) -> TypeReference? {
        var type: TypeReference?
        guard let base = a.base else { return nil }
        for index in 0..<a.count {
            let entry = base + index * 5
            guard let local = entry[0], entry[2] == nil else { continue }
            let value = AttributeBytes(entry[3], entry[4])
            switch local {
            case names.name: result.name = value.string
            case names.type:
                type = value.primitiveType ?? .unresolved(value.string)
                // A primitive the document's version does not have stays unresolved, so the resolver reports it.
                if case .primitive(let primitive)? = type, !primitive.isDefined(in: version) { type = .unresolved(primitive.rawValue) }
            case names.nullable: result.isNullable = boolValue(value, "Nullable", default: true, at: at)
            case names.maxLength: result.maxLength = maxLength(value, at: at)
            case names.precision: result.precision = value.plainDigits ?? integer(value.string, "Precision", at: at)
            case names.scale:
                if let digits = value.plainDigits {
                    result.scale = digits
                } else if value.equals("variable") || value.equals("Variable") {
                    result.variableScale = .variable
                } else if value.equals("floating") || value.equals("Floating") {
                    result.variableScale = .floating
                } else {
                    result.scale = integer(value.string, "Scale", at: at)
                }
            case names.srid: result.srid = value.string
            case names.fixedLength: result.isFixedLength = boolValue(value, "FixedLength", default: false, at: at)
            case names.unicode: result.isUnicode = boolValue(value, "Unicode", default: true, at: at)
            case names.defaultValue: result.defaultValue = value.string
            case names.concurrencyMode:
                let text = value.string
                if let mode = ConcurrencyMode(rawValue: text) {
                    result.concurrencyMode = mode
                } else {
                    report(.warning, "invalid-facet", "ConcurrencyMode \"\(text)\" is neither None nor Fixed; None is used", at: at)
                }
            default: break
            }
        }
        if let checked {
            // The name, not `result`, in the message's autoclosure: capturing the property would copy it.
            let name = result.name
            checkAttributes(a, checked, of: "\(element) \(name)", at: at)
        }
        return type
    }

    /// A `MaxLength` value read from its bytes when it is plain digits or `Max`, else as text.
    mutating func maxLength(_ value: AttributeBytes, at: SourceLocation) -> MaxLength? {
        if let digits = value.plainDigits { return .value(digits) }
        if value.equals("Max") || value.equals("max") { return .max }
        return maxLength(value.string, at: at)
    }

    /// An `xs:boolean` value read from its bytes; anything else takes the text path (which reports it).
    mutating func boolValue(_ value: AttributeBytes, _ attribute: String, default fallback: Bool, at: SourceLocation) -> Bool {
        if value.equals("true") || value.equals("1") { return true }
        if value.equals("false") || value.equals("0") { return false }
        return boolValue(value.string, attribute, default: fallback, at: at)
    }

    /// A `MaxLength` value: a non-negative integer or `Max`.
    mutating func maxLength(_ text: String, at: SourceLocation) -> MaxLength? {
        if text == "Max" || text == "max" || text.lowercased() == "max" { return .max }
        if let value = Int(text), value >= 0 { return .value(value) }
        report(.warning, "invalid-facet", "MaxLength \"\(text)\" is neither a non-negative integer nor Max; ignored", at: at)
        return nil
    }

    /// A boolean attribute.
    mutating func bool(_ a: XMLAttributes, _ name: XMLName?, _ attribute: String, default fallback: Bool, at: SourceLocation) -> Bool {
        guard let text = a.value(name) else { return fallback }
        return boolValue(text, attribute, default: fallback, at: at)
    }

    /// An `xs:boolean` value; anything else is reported and gives `fallback`.
    mutating func boolValue(_ text: String, _ attribute: String, default fallback: Bool, at: SourceLocation) -> Bool {
        switch text {
        case "true", "1": return true
        case "false", "0": return false
        default:
            report(.warning, "invalid-facet", "\(attribute) \"\(text)\" is not a boolean; \(fallback) is used", at: at)
            return fallback
        }
    }

    /// A non-negative integer; anything else is reported and gives nil.
    mutating func integer(_ text: String, _ attribute: String, at: SourceLocation) -> Int? {
        if let value = Int(text), value >= 0 { return value }
        report(.warning, "invalid-facet", "\(attribute) \"\(text)\" is not a non-negative integer; ignored", at: at)
        return nil
    }
}
