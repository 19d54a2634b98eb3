internal import CLibXML2

extension DocumentBuilder {
    /// Handles a start tag outside skipped and captured subtrees.
    mutating func open(_ name: XMLName, prefix: XMLName?, uri: XMLName?, attributes a: XMLAttributes) {
        let kind = namespace(uri)
        guard let parent = stack.last else {
            openRoot(name, kind: kind, attributes: a)
            return
        }
        if kind.isCSDL, parent.isCSDLElement {
            if name == names.documentation {
                documentation = Documentation()
                stack.append(.documentation)
                return
            }
            if name == names.annotation || name == names.valueAnnotation, parent.takesInlineAnnotations {
                beginCapture(name, prefix: prefix, a, destination: .inline(parent))
                return
            }
        }
        switch parent {
        case .root:
            if kind == (isV4 ? .edmxV4 : .edmx), name == names.dataServices {
                sawDataServices = true
                dataServiceVersion = metadataAttribute(names.dataServiceVersion, in: a)
                maxDataServiceVersion = metadataAttribute(names.maxDataServiceVersion, in: a)
                version = ODataVersion(edmxVersion: edmxVersion, dataServiceVersion: dataServiceVersion)
                stack.append(.dataServices)
            } else if kind.isEDMX, name == names.reference {
                if isV4 { checkAttributes(a, [names.uri], of: "edmx:Reference", at: location()) }
                reference = SchemaReference(uri: a.value(names.uri) ?? a.value(names.url) ?? "", includes: [], location: location())
                stack.append(.reference)
            } else {
                skipUnknown(name, prefix: prefix, uri: uri, in: "edmx:Edmx")
            }
        case .dataServices:
            if kind.isCSDL, name == names.schema {
                openSchema(a, uri: uri, kind: kind)
            } else if name == names.schema {
                let namespace = knownNamespace(uri)?.uri ?? "(no namespace)"
                report(
                    .error, "unexpected-namespace",
                    "Schema \(a.value(names.namespace) ?? "") is in namespace \(namespace), not a CSDL namespace; it is ignored",
                    at: location())
                skip()
            } else {
                skipUnknown(name, prefix: prefix, uri: uri, in: "edmx:DataServices")
            }
        case .reference:
            if kind.isEDMX, name == names.include {
                reference?.includes.append(SchemaUsing(namespace: a.value(names.namespace) ?? "", alias: a.value(names.alias)))
                leaf()
            } else if kind.isEDMX, name == names.includeAnnotations {
                let at = location()
                if let termNamespace = required(a, names.termNamespace, "TermNamespace", of: "edmx:IncludeAnnotations", at: at) {
                    reference?.includeAnnotations.append(
                        IncludeAnnotations(
                            termNamespace: termNamespace, qualifier: a.value(names.qualifier),
                            targetNamespace: a.value(names.targetNamespace)))
                    leaf()
                }
            } else {
                skipUnknown(name, prefix: prefix, uri: uri, in: "edmx:Reference")
            }
        case .schema:
            if kind.isCSDL {
                openInSchema(name, prefix: prefix, uri: uri, attributes: a)
            } else if kind == .other || kind == .metadata {
                let element = ForeignElement(
                    namespace: knownNamespace(uri)?.uri ?? "", name: XMLAttributes.string(name),
                    attributes: foreignOrPlainAttributes(a))
                schema?.foreignElements.append(element)
                skip()
            } else {
                skipUnknown(name, prefix: prefix, uri: uri, in: "Schema")
            }
        default:
            guard kind.isCSDL else {
                skipUnknown(name, prefix: prefix, uri: uri, in: parent.elementName)
                return
            }
            openInType(name, prefix: prefix, uri: uri, parent: parent, attributes: a)
        }
    }

    /// Pushes an element whose end needs no work.
    mutating func leaf() { stack.append(.leaf) }

    private mutating func openRoot(_ name: XMLName, kind: NamespaceKind, attributes a: XMLAttributes) {
        guard name == names.edmx else {
            fail(
                .notEDMX, "the root element is <\(XMLAttributes.string(name))>, not <edmx:Edmx>: this is not an EDMX metadata document",
                at: location())
            return
        }
        switch kind {
        case .edmx:
            sawRoot = true
            edmxVersion = a.value(names.version) ?? ""
            stack.append(.root)
        case .edmxV4:
            sawRoot = true
            isV4 = true
            edmxVersion = a.value(names.version) ?? ""
            if edmxVersion != "4.0", edmxVersion != "4.01" {
                report(
                    .warning, "unsupported-version",
                    "the edmx:Edmx Version is \"\(edmxVersion)\", not 4.0 or 4.01; the document is read as CSDL 4.01", at: location())
            }
            stack.append(.root)
        default:
            fail(.notEDMX, "the root element <Edmx> is not in the EDMX namespace \(XMLNamespaces.edmx)", at: location())
        }
    }

    private mutating func openSchema(_ a: XMLAttributes, uri: XMLName?, kind: NamespaceKind) {
        let at = location()
        guard let namespace = required(a, names.namespace, "Namespace", of: "Schema", at: at) else { return }
        if kind == .csdlV4, !isV4 {
            report(.warning, "unexpected-namespace", "Schema \(namespace) uses the OData v4 CSDL namespace in a v2 document", at: at)
        } else if kind != .csdlV4, isV4 {
            report(
                .warning, "unexpected-namespace",
                "Schema \(namespace) uses the CSDL namespace \(knownNamespace(uri)?.uri ?? "") of OData v1-v3 in a v4 document", at: at)
        }
        if isV4 { checkAttributes(a, [names.namespace, names.alias], of: "Schema \(namespace)", at: at) }
        if knownNamespace(uri)?.uri == XMLNamespaces.csdlPreRelease {
            report(
                .warning, "prerelease-namespace",
                "Schema \(namespace) uses the pre-release CSDL namespace \(XMLNamespaces.csdlPreRelease); read as CSDL 2.0", at: at)
        }
        schema = Schema(
            namespace: namespace, alias: a.value(names.alias), csdlNamespace: knownNamespace(uri)?.uri ?? "",
            annotations: foreignAttributes(a))
        stack.append(.schema)
    }

    /// Reads a required attribute, or reports it missing and skips the element.
    /// `element` is only built when the attribute is missing.
    mutating func required(
        _ a: XMLAttributes, _ name: XMLName?, _ attribute: StaticString, of element: @autoclosure () -> String, at: SourceLocation
    ) -> String? {
        if let value = a.value(name) { return value }
        report(.error, "missing-attribute", "<\(element())> has no \(attribute) attribute and is ignored", at: at)
        skip()
        return nil
    }

    /// Every attribute of a foreign element, namespaced or not.
    mutating func foreignOrPlainAttributes(_ a: XMLAttributes) -> [ForeignAttribute] {
        var result: [ForeignAttribute] = []
        a.forEach { name, prefix, uri, value in
            result.append(
                ForeignAttribute(
                    namespace: knownNamespace(uri)?.uri ?? "", prefix: XMLAttributes.string(prefix),
                    name: XMLAttributes.string(name), value: value))
        }
        return result
    }
}

extension Frame {
    /// Whether an inline vocabulary annotation may stand in the element. The same frames as the cases of
    /// `DocumentBuilder.inlineTarget(of:)`, which gives its target path (kept apart so that the path is made only for
    /// the first annotation of an element).
    var takesInlineAnnotations: Bool {
        switch self {
        case .property, .navigationProperty, .entitySet, .associationSet, .functionImport, .singleton, .actionImport, .schema,
            .entityType, .complexType, .association, .entityContainer, .parameter, .enumType, .member, .typeDefinition,
            .operation, .returnType:
            return true
        default: return false
        }
    }

    /// Whether this frame is a CSDL element that may hold `Documentation` and inline annotations.
    var isCSDLElement: Bool {
        switch self {
        case .root, .dataServices, .reference, .documentation, .summary, .longDescription, .annotations, .leaf: return false
        default: return true
        }
    }

    /// The element's name, for messages.
    var elementName: String {
        switch self {
        case .root: return "edmx:Edmx"
        case .dataServices: return "edmx:DataServices"
        case .reference: return "edmx:Reference"
        case .schema: return "Schema"
        case .entityType: return "EntityType"
        case .complexType: return "ComplexType"
        case .key: return "Key"
        case .property: return "Property"
        case .navigationProperty: return "NavigationProperty"
        case .association: return "Association"
        case .associationEnd: return "End"
        case .referentialConstraint: return "ReferentialConstraint"
        case .principal: return "Principal"
        case .dependent: return "Dependent"
        case .entityContainer: return "EntityContainer"
        case .entitySet: return "EntitySet"
        case .associationSet: return "AssociationSet"
        case .functionImport: return "FunctionImport"
        case .parameter: return "Parameter"
        case .documentation: return "Documentation"
        case .summary: return "Summary"
        case .longDescription: return "LongDescription"
        case .annotations: return "Annotations"
        case .enumType: return "EnumType"
        case .member: return "Member"
        case .typeDefinition: return "TypeDefinition"
        case .operation: return "Action or Function"
        case .returnType: return "ReturnType"
        case .singleton: return "Singleton"
        case .actionImport: return "ActionImport"
        case .leaf: return "an element"
        }
    }
}
