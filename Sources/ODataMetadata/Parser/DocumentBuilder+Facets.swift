internal import CLibXML2

extension DocumentBuilder {
    /// Reads a `Property` element's attributes and files it in its type at once, built whole from the facets read
    /// into `FacetValues`: its documentation and inline annotations find it there (`openPropertyName`,
    /// `documentOpenProperty`). (Built in an optional and moved into its type at the end tag, a property cost
    /// 160–280 instructions more.)
    mutating func openProperty(_ a: XMLAttributes, at: SourceLocation) {
        var values = FacetValues()
        // Bound here, not from a constant tested later: that copied the type and destroyed the optional.
        guard let type = facets(a, into: &values, at: at, checked: isV4 ? allowed.property : nil) else {
            // No `Type` attribute: `required` reports it missing (or the name first) and skips the element.
            if values.name.isEmpty, required(a, names.name, "Name", of: "Property", at: at) == nil { return }
            _ = required(a, names.type, "Type", of: "Property \(values.name.string)", at: at)
            return
        }
        if values.name.isEmpty, required(a, names.name, "Name", of: "Property", at: at) == nil { return }
        let created = values.property(type: consume type, annotations: foreignAttributes(a), location: at)
        propertyIsInComplexType = stack.last == .complexType
        // Moved in: appended as it was, it was copied and the original destroyed.
        if propertyIsInComplexType {
            complexType?.properties.append(consume created)
        } else {
            entityType?.declaredProperties.append(consume created)
        }
        stack.append(.property)
    }

    /// The name of the open `Property`, read where it is (`last?.name` copied the whole property out, retaining and
    /// releasing each of its references). `mutating` although it changes nothing, as `location()` is: a getter received
    /// the builder by value, which its caller copied whole.
    mutating func openPropertyName() -> String {
        if propertyIsInComplexType {
            guard let count = complexType?.properties.count, count > 0 else { return "" }
            return complexType?.properties[count - 1].name ?? ""
        }
        guard let count = entityType?.declaredProperties.count, count > 0 else { return "" }
        return entityType?.declaredProperties[count - 1].name ?? ""
    }

    /// Gives the open `Property` its documentation.
    mutating func documentOpenProperty(_ documentation: Documentation) {
        if propertyIsInComplexType {
            guard let last = complexType?.properties.indices.last else { return }
            complexType?.properties[last].documentation = documentation
        } else {
            guard let last = entityType?.declaredProperties.indices.last else { return }
            entityType?.declaredProperties[last].documentation = documentation
        }
    }

    /// Reads `Name`, `Type` and the facets of a property or parameter into `result` in one pass over the
    /// attributes, and returns the type (a primitive, or unresolved as written), nil when there is none. With
    /// `checked`, the attributes are also checked against that list (v4 documents).
    mutating func facets(
        _ a: XMLAttributes, into result: inout FacetValues, at: SourceLocation, checked: [XMLName?]?,
        element: StaticString = "Property"
    ) -> TypeReference? {
        var type: TypeReference?
        guard let base = a.base else { return nil }
        // Unprefixed attributes every checked list allows (`Name` where the list has it): when all of them are, the
        // check below has nothing to report and is skipped.
        let nameIsAllowed = checked?.contains(where: { $0 == names.name }) ?? false
        var allowedCount = 0
        for index in 0..<a.count {
            let entry = base + index * 5
            guard let local = entry[0], entry[2] == nil else { continue }
            let value = AttributeBytes(entry[3], entry[4])
            switch local {
            case names.type, names.nullable, names.maxLength, names.precision, names.scale: allowedCount += 1
            case names.name where nameIsAllowed: allowedCount += 1
            default: break
            }
            switch local {
            case names.name: result.name = value
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
            case names.srid: result.srid = value
            case names.fixedLength: result.isFixedLength = boolValue(value, "FixedLength", default: false, at: at)
            case names.unicode: result.isUnicode = boolValue(value, "Unicode", default: true, at: at)
            case names.defaultValue: result.defaultValue = value
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
        if let checked, allowedCount < a.count {
            let name = result.name.string
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

/// The name and facets of a property, parameter, return type or type definition, as its attributes give them. The
/// name and the two facets kept as text stay bytes in libxml2's buffer until a property is made of them (valid for
/// the start tag being read): the values hold no references, so they are neither retained nor released (destroying
/// them, with three strings, cost ≈ 75 instructions a property).
struct FacetValues {
    var name = AttributeBytes(nil, nil)
    var isNullable = true
    var maxLength: MaxLength?
    var isFixedLength: Bool?
    var precision: Int?
    var scale: Int?
    var variableScale: VariableScale?
    var srid: AttributeBytes?
    var isUnicode: Bool?
    var defaultValue: AttributeBytes?
    var concurrencyMode = ConcurrencyMode.none

    /// No attributes read yet: the defaults of `Property`.
    init() {}

    /// A property of these values, its strings made now.
    func property(type: consuming TypeReference, annotations: AnnotationSet, location: SourceLocation) -> Property {
        Property(
            name: name.string, type: type, isNullable: isNullable, maxLength: maxLength, isFixedLength: isFixedLength,
            precision: precision, scale: scale, variableScale: variableScale, isUnicode: isUnicode, srid: srid?.string,
            defaultValue: defaultValue?.string, concurrencyMode: concurrencyMode, annotations: annotations, location: location)
    }
}
