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
            if name == names.annotation || name == names.valueAnnotation, parent != .annotations,
                let target = inlineTarget(of: parent)
            {
                beginCapture(name, prefix: prefix, a, destination: .inline(target))
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

    /// Starts capturing a vocabulary `Annotation` element; an empty one of the common shorthand form (see
    /// `AnnotationCapture.shorthand`) is filed at once instead, and its end skipped.
    mutating func beginCapture(_ name: XMLName, prefix: XMLName?, _ a: XMLAttributes, destination: AnnotationCapture.Destination) {
        if startTagIsEmpty, let annotation = capture.shorthand(name: name, prefix: prefix, attributes: a) {
            store(annotation, in: destination)
            skip()
            return
        }
        capture.begin(destination: destination, term: a.value(names.term) ?? "", qualifier: a.value(names.qualifier))
        capture.open(name: name, prefix: prefix, attributes: a)
        isCapturing = true
        updateTextDelivery()
    }

    /// Whether the start tag just read ends in `/>`: libxml2 reports the start of an element with its input at the
    /// tag's closing `>` or `/>`, and for the latter reports the end right after, with nothing in between.
    private var startTagIsEmpty: Bool {
        guard let cursor = context.pointee.input?.pointee.cur else { return false }
        return cursor.pointee == UInt8(ascii: "/")
    }

    /// Files a finished annotation.
    /// The destination is consumed so that an inline annotation's target path moves into its block, not copied.
    mutating func store(_ annotation: consuming VocabularyAnnotation, in destination: consuming AnnotationCapture.Destination) {
        switch consume destination {
        case .block:
            annotationsBlock?.annotations.append(annotation)
        case .inline(let path):
            schema?.fileInline(annotation, at: path)
        }
    }

    mutating func flushCaptureText() { capture.flushText() }

    /// The annotation target path of an inline annotation inside `frame`.
    private mutating func inlineTarget(of frame: Frame) -> AnnotationTargetPath? {
        // Members first: their owner's part is mostly kept from the previous annotation (see `memberTarget`).
        switch frame {
        case .property: return memberTarget(openPropertyName, in: .type)
        case .navigationProperty: return memberTarget(navigation?.name ?? "", in: .type)
        case .entitySet: return memberTarget(entitySet?.name ?? "", in: .container)
        case .associationSet: return memberTarget(associationSet?.name ?? "", in: .container)
        case .functionImport: return memberTarget(functionImport?.name ?? "", in: .container)
        case .singleton: return memberTarget(singleton?.name ?? "", in: .container)
        case .actionImport: return memberTarget(actionImport?.name ?? "", in: .container)
        default: break
        }
        guard let namespace = schema?.namespace else { return nil }
        switch frame {
        case .schema: return .text(namespace)
        case .entityType, .complexType: return .text("\(namespace).\(entityType?.name ?? complexType?.name ?? "")")
        case .association: return .text("\(namespace).\(association?.name ?? "")")
        case .entityContainer: return .text("\(namespace).\(container?.name ?? "")")
        case .parameter:
            if let operation { return .text("\(namespace).\(operation.name)/\(parameter?.name ?? "")") }
            return .text("\(namespace).\(container?.name ?? "")/\(functionImport?.name ?? "")/\(parameter?.name ?? "")")
        case .enumType: return .text("\(namespace).\(enumType?.name ?? "")")
        case .member: return .text("\(namespace).\(enumType?.name ?? "")/\(enumType?.members.last?.name ?? "")")
        case .typeDefinition: return .text("\(namespace).\(typeDefinition?.name ?? "")")
        case .operation: return .text("\(namespace).\(operation?.name ?? "")")
        case .returnType: return .text("\(namespace).\(operation?.name ?? "")/$ReturnType")
        default: return nil
        }
    }

    /// The element whose members inline annotations target.
    private enum Owner {
        /// The open entity or complex type.
        case type
        /// The open entity container.
        case container
    }

    /// `namespace.owner/` and `member`, kept apart (see `AnnotationTargetPath`). The owner's part is kept from the
    /// previous call while the same schema element (`ownerSerial`) is open, as consecutive inline annotations are
    /// mostly on members of one type or container; the owner's name is read only when it is not.
    private mutating func memberTarget(_ member: String, in owner: Owner) -> AnnotationTargetPath? {
        if let targetPrefix, targetPrefix.owner == ownerSerial { return .member(owner: targetPrefix.text, member: member) }
        guard let namespace = schema?.namespace else { return nil }
        let ownerName =
            switch owner {
            case .type: entityType?.name ?? complexType?.name ?? ""
            case .container: container?.name ?? ""
            }
        let text = "\(namespace).\(ownerName)/"
        targetPrefix = (ownerSerial, text)
        return .member(owner: text, member: member)
    }
}

extension Schema {
    /// Files an inline annotation: consecutive ones of one element go into one block (the parts compare without
    /// joining). The last block is read in place, not copied out of an optional schema; the path is moved into a new
    /// block (borrowed, it was copied).
    fileprivate mutating func fileInline(_ annotation: consuming VocabularyAnnotation, at path: consuming AnnotationTargetPath) {
        let last = annotationBlocks.count - 1
        if last >= 0, annotationBlocks[last].qualifier == nil, lastBlockHasPath(path, at: last) {
            annotationBlocks[last].annotations.append(annotation)
        } else {
            annotationBlocks.append(AnnotationsBlock(path: path, annotations: [annotation]))
        }
    }

    /// Whether the block at `last` has the same target as `path`. Its path is moved out for the comparison and back
    /// (read from the array in place, it was copied and destroyed per annotation: ≈ 185 instructions).
    private mutating func lastBlockHasPath(_ path: borrowing AnnotationTargetPath, at last: Int) -> Bool {
        var lastPath = AnnotationTargetPath.text("")
        swap(&lastPath, &annotationBlocks[last].path)
        defer { swap(&lastPath, &annotationBlocks[last].path) }
        return lastPath.hasSameText(as: path)
    }
}

extension Frame {
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
