internal import CLibXML2

/// Vocabulary annotations as the builder reads them: captured or read whole from their start tag, filed into the open
/// `Annotations` block or, inline in a model element, into a block of that element's target path.
extension DocumentBuilder {
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
    mutating func store(_ annotation: consuming VocabularyAnnotation, in destination: AnnotationCapture.Destination) {
        switch destination {
        case .block:
            annotationsBlock?.annotations.append(annotation)
        case .inline(let frame):
            fileInline(annotation, in: frame)
        }
    }

    /// Files an inline annotation of the element on top of the stack, of kind `frame`: consecutive ones of one element
    /// go into one block, whose target path is made once, for the first. The element is the last annotation's when
    /// it is at the same level and the stack has not been below that level since (its children come and go above
    /// it), and that annotation's block is still the schema's last (an `Annotations` block comes after it otherwise).
    private mutating func fileInline(_ annotation: consuming VocabularyAnnotation, in frame: Frame) {
        let level = stack.count
        let count = schema?.annotationBlocks.count ?? 0
        if lastInline.level == level, stackLowWater >= level, lastInline.block == count - 1 {
            schema?.annotationBlocks[count - 1].annotations.append(annotation)
            return
        }
        // Every frame that takes inline annotations is inside a schema, which has a namespace: the path is there.
        guard let path = inlineTarget(of: frame) else { return }
        lastInline = (level, count)
        stackLowWater = level
        // The path moved in (copied, it was retained and its optional released: ≈ 190 instructions an annotation).
        // Grown four times over when full: a document with inline annotations has one block for most of its members,
        // and doubling from empty moved 2,400 blocks 13 times over in the v4 benchmark document.
        if let capacity = schema?.annotationBlocks.capacity, count == capacity {
            schema?.annotationBlocks.reserveCapacity(Swift.max(64, 4 * capacity))
        }
        schema?.annotationBlocks.append(AnnotationsBlock(path: consume path, annotation: consume annotation))
    }

    mutating func flushCaptureText() { capture.flushText() }

    /// The annotation target path of an inline annotation inside `frame`.
    mutating func inlineTarget(of frame: Frame) -> AnnotationTargetPath? {
        // Members first: their owner's part is mostly kept from the previous annotation (see `memberTarget`).
        switch frame {
        case .property: return memberTarget(openPropertyName(), in: .type)
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
        if targetPrefixOwner == ownerSerial { return .member(owner: targetPrefix, member: member) }
        guard let namespace = schema?.namespace else { return nil }
        let ownerName =
            switch owner {
            case .type: entityType?.name ?? complexType?.name ?? ""
            case .container: container?.name ?? ""
            }
        let text = String(qualifying: ownerName, in: namespace, terminator: UInt8(ascii: "/"))
        (targetPrefix, targetPrefixOwner) = (text, ownerSerial)
        return .member(owner: text, member: member)
    }
}
