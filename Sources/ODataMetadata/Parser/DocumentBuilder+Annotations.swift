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
    mutating func inlineTarget(of frame: Frame) -> AnnotationTargetPath? {
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
