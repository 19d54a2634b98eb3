internal import CLibXML2

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an open element in the document is, for the builder's stack.
enum Frame {
    case root, dataServices, reference, schema, entityType, complexType, key, property, navigationProperty
    case association, associationEnd, referentialConstraint, principal, dependent, entityContainer, entitySet
    case associationSet, functionImport, parameter, documentation, summary, longDescription, annotations
    case enumType, member, typeDefinition, operation, returnType, singleton, actionImport
    /// An element whose content is not needed (`Using`, `Include`, `PropertyRef`, `OnDelete`, …).
    case leaf
}

/// Turns SAX events into the raw CSDL model (names as written), then hands it to the resolver.
/// A struct reached through one pointer, not a class, so that its state is not checked for
/// exclusive access on every field access.
///
/// Unknown subtrees are skipped by counting depth; vocabulary annotations are captured as
/// canonical XML; the first libxml2 error, a DOCTYPE or excessive depth ends the parse.
struct DocumentBuilder {
    let context: xmlParserCtxtPtr
    let names: InternedNames
    let allowed: AllowedAttributes
    let options: ParseOptions

    /// The fatal error that stopped the parse, if any.
    var failure: MetadataError?
    /// Diagnostics in document order.
    var diagnostics: [Diagnostic] = []

    var knownNamespaces: [KnownNamespace] = []
    /// The namespace `namespace(_:)` classified last.
    var lastNamespace: (pointer: XMLName?, kind: NamespaceKind) = (nil, .none)
    /// Attribute local names and prefixes already turned into strings, by interned pointer.
    var nameStrings: [UnsafeRawPointer: String] = [:]
    /// Foreign attribute names seen so far (pointer triple → shared name), at most 255: documents use a few dozen.
    var foreignNames: [ForeignName] = []
    /// Where in `foreignNames` a name was last found, by a hash of its pointers (255: none yet).
    var foreignNameSlots = [UInt8](repeating: 255, count: 64)
    var stack: [Frame] = []
    var depth = 0
    /// Greater than zero while inside a skipped subtree (the count of open skipped elements).
    var skipDepth = 0
    /// Collected character data, while a text-bearing element is open.
    var text: [UInt8]?
    /// The reader's character callback, which libxml2 is given only while text is collected (see
    /// `updateTextDelivery`).
    private let charactersCallback: charactersSAXFunc?
    /// Whether libxml2 has `charactersCallback` now.
    private var deliversText = true

    // The document.
    var edmxVersion = ""
    var dataServiceVersion: String?
    var maxDataServiceVersion: String?
    var sawRoot = false
    /// Whether the root is EDMX 4.0 (a CSDL XML 4.0 or 4.01 document).
    var isV4 = false
    /// The document's protocol version, known once `edmx:DataServices` is open.
    var version = ODataVersion.v1
    var sawDataServices = false
    var schemas: [Schema] = []
    var references: [SchemaReference] = []

    // Elements under construction.
    var schema: Schema?
    var entityType: EntityType?
    /// How many properties the last entity type and the last complex type declared: the next one's array starts with
    /// room for as many (the types of a document are mostly of a size), so that it is not reallocated and moved as it
    /// grows. (With room for 16 from the start, a 25-property type's array was reallocated once and its 16 properties,
    /// 184 bytes each, moved; sized from the last type, both benchmark documents parse in 4–8 % less CPU time.)
    var lastPropertyCount = (entityType: 16, complexType: 8)
    var complexType: ComplexType?
    /// Whether the open `Property` (filed at its start tag, see `openProperty`) is in a complex type.
    var propertyIsInComplexType = false
    var navigation: NavigationProperty?
    var association: Association?
    var associationEnd: AssociationEnd?
    var constraint = ConstraintDraft()
    var container: EntityContainer?
    var entitySet: EntitySet?
    var associationSet: AssociationSet?
    var functionImport: FunctionImport?
    var parameter: FunctionImportParameter?
    var documentation: Documentation?
    var annotationsBlock: AnnotationsBlock?
    var reference: SchemaReference?
    /// The annotation being captured while `isCapturing`.
    var capture: AnnotationCapture
    var isCapturing = false
    /// Counts the elements opened directly in a schema: the owners (types, containers) of the members that inline
    /// annotations target.
    var ownerSerial = 0
    /// The target path up to its slash of the last inline annotation on a member (`targetPrefix`), and its owner's
    /// `ownerSerial` (-1 before the first). Two fields, not an optional tuple: binding that copied the text, with a
    /// retain and a release, ≈ 100 instructions an annotation.
    var targetPrefix = ""
    var targetPrefixOwner = -1
    /// The last inline annotation's block: its element's level in `stack` (the stack's count with the element on
    /// top) and the block's index in the open schema's blocks (see `fileInline`).
    var lastInline = (level: -1, block: -1)
    /// The least count `stack` had since the last inline annotation was filed: when it stayed at or above that
    /// annotation's level, the element it was in is still open.
    var stackLowWater = 0
    var enumType: EnumType?
    var typeDefinition: TypeDefinition?
    var operation: Operation?
    var singleton: Singleton?
    var actionImport: ActionImport?

    init(context: xmlParserCtxtPtr, options: ParseOptions) {
        self.context = context
        self.names = InternedNames(dictionary: context.pointee.dict)
        self.allowed = AllowedAttributes(names)
        self.capture = AnnotationCapture(constants: names.constants, expressionNames: names.expressions)
        self.options = options
        stack.reserveCapacity(16)
        charactersCallback = context.pointee.sax?.pointee.characters
        updateTextDelivery()
    }

    /// Gives libxml2 the character callback while an annotation is captured or a `Summary` or `LongDescription` is
    /// open, and takes it away otherwise: the builder ignores all other character data, and libxml2 then skips the
    /// call for it (the whitespace between elements: about one call per element). Called wherever `isCapturing` or
    /// `text` changes.
    mutating func updateTextDelivery() {
        let wanted = isCapturing || text != nil
        guard wanted != deliversText else { return }
        deliversText = wanted
        HardenedXMLParser.setCharacters(wanted ? charactersCallback : nil, in: context)
    }

    // MARK: Events

    mutating func startElement(_ name: XMLName, prefix: XMLName?, uri: XMLName?, attributes: XMLAttributes) {
        guard failure == nil else { return }
        depth += 1
        if depth > options.maximumDepth {
            fail(.tooDeep, "elements are nested deeper than the limit of \(options.maximumDepth)", at: location())
            return
        }
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        if isCapturing {
            flushCaptureText()
            capture.open(name: name, prefix: prefix, attributes: attributes)
            return
        }
        if text != nil {
            text = nil
            updateTextDelivery()
        }
        open(name, prefix: prefix, uri: uri, attributes: attributes)
    }

    mutating func endElement() {
        guard failure == nil else { return }
        depth -= 1
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        if isCapturing {
            flushCaptureText()
            if capture.close() {
                isCapturing = false
                updateTextDelivery()
                let destination = capture.takeDestination()
                store(capture.take(), in: destination)
            }
            return
        }
        guard let frame = stack.popLast() else { return }
        if stack.count < stackLowWater { stackLowWater = stack.count }
        close(frame)
    }

    mutating func characters(_ bytes: UnsafeBufferPointer<xmlChar>) {
        guard failure == nil, skipDepth == 0 else { return }
        if isCapturing {
            capture.pendingText.append(contentsOf: bytes)
        } else if text != nil {
            text?.append(contentsOf: bytes)
        }
    }

    mutating func refuseDoctype() {
        fail(.doctypeRefused, "the document has a DOCTYPE, which is refused (no DTDs or entities are processed)", at: location())
    }

    mutating func libxmlError(_ error: xmlError) {
        guard failure == nil else { return }
        let message =
            error.message.map { String(cString: $0) }?
            .trimmingUnicodeWhitespace() ?? "unknown libxml2 error"
        let at = SourceLocation(line: Int(error.line), column: Int(error.int2))
        if error.level.rawValue < XML_ERR_ERROR.rawValue { return }
        if error.domain == Int32(XML_FROM_NAMESPACE.rawValue), error.level.rawValue < XML_ERR_FATAL.rawValue {
            report(.warning, "xml-namespace", "XML namespace error: \(message)", at: at)
            return
        }
        if message.contains("Excessive depth") {
            fail(.tooDeep, "elements are nested too deeply: \(message)", at: at)
        } else {
            fail(.malformedXML, "the document is not well-formed XML: \(message)", at: at)
        }
    }

    /// Ends the parse and builds the resolved model, or throws the fatal error.
    mutating func finish() throws(MetadataError) -> ServiceMetadata {
        if let failure { throw failure }
        if !sawRoot {
            throw MetadataError(kind: .notEDMX, message: "the document has no edmx:Edmx root element", diagnostics: diagnostics)
        }
        if !sawDataServices {
            throw MetadataError(
                kind: .notEDMX, message: "the edmx:Edmx document has no edmx:DataServices element", diagnostics: diagnostics)
        }
        // Hand the schemas over, so the resolver's edits do not copy them.
        var parsed = schemas
        schemas = []
        try MetadataPatcher.apply(options.patches, to: &parsed)
        // Consumed, so that the resolver holds the only reference and edits the schemas in place (a second
        // reference here made the resolver copy every entity type and its properties on first edit).
        let referenced = options.referencedDocuments.flatMap { $0.schemas + $0.referencedSchemas }
        var resolver = ModelResolver(
            schemas: consume parsed, references: references, referencedSchemas: referenced, version: version,
            diagnostics: diagnostics)
        resolver.resolve()
        let metadata = ServiceMetadata(
            edmxVersion: edmxVersion, dataServiceVersion: dataServiceVersion,
            maxDataServiceVersion: maxDataServiceVersion, schemas: resolver.schemas, references: references,
            referencedSchemas: referenced, diagnostics: resolver.diagnostics)
        if options.isStrict {
            let threshold: DiagnosticSeverity = options.warningsAreErrors ? .warning : .error
            if let first = metadata.diagnostics.first(where: { $0.severity >= threshold }) {
                throw MetadataError(
                    kind: .strictModeViolation, message: "strict mode: \(first.message) [\(first.code)]",
                    location: first.location, diagnostics: metadata.diagnostics)
            }
        }
        return metadata
    }
}

/// A referential constraint being read.
struct ConstraintDraft {
    var principalRole = ""
    var principalProperties: [String] = []
    var dependentRole = ""
    var dependentProperties: [String] = []
    var location = SourceLocation(line: 0, column: 0)
}
