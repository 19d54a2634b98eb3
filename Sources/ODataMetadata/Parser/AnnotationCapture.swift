internal import CLibXML2

/// Records one vocabulary `Annotation` element and everything inside it as canonical XML
/// (written byte by byte from libxml2's buffers), and picks out a simple constant value where there is one.
/// The builder keeps one and `begin`s it for each annotation, so that its buffers keep their storage and no
/// capture is made or destroyed per annotation.
struct AnnotationCapture {
    /// Where the finished annotation goes.
    enum Destination {
        /// Into the open `Annotations` block.
        case block
        /// Inline in the model element on top of the builder's stack, of this kind.
        case inline(Frame)
    }

    private(set) var destination = Destination.block
    private(set) var term = ""
    private(set) var qualifier: String?
    /// The interned names of constant expressions (`String`, `Bool`, `Path`, …).
    private let constants: [XMLName?]
    private let expressionNames: ExpressionNames
    private var xml: [UInt8] = []
    private var open: [(name: XMLName, prefix: XMLName?)] = []
    private var tagPending = false
    private var value: String?
    private var childCount = 0
    private var childIsConstant = false
    private var childText: [UInt8]?
    /// Character data not yet written.
    var pendingText: [UInt8] = []
    /// The expressions being read, one per open element.
    private var frames: [ExpressionFrame] = []
    /// The annotation's value as an expression, once the `Annotation` element has closed.
    private var expression: AnnotationExpression?
    /// The last shorthand `Term` as written and as read (see `termText`).
    private var lastTermBytes: [UInt8] = []
    private var lastTerm = ""
    /// The texts of shorthand annotations' expressions (see `AnnotationText`).
    private var texts = AnnotationTextWriter()

    /// A capture that records nothing until `begin`.
    init(constants: [XMLName?], expressionNames: ExpressionNames) {
        self.expressionNames = expressionNames
        self.constants = constants
        xml.reserveCapacity(256)
    }

    /// Starts recording an annotation, emptying what the previous one left (the storage is kept).
    mutating func begin(destination: Destination, term: String, qualifier: String?) {
        self.destination = destination
        self.term = term
        self.qualifier = qualifier
        if !xml.isEmpty { xml.removeAll(keepingCapacity: true) }
        if !open.isEmpty { open.removeAll(keepingCapacity: true) }
        if !pendingText.isEmpty { pendingText.removeAll(keepingCapacity: true) }
        if !frames.isEmpty { frames.removeAll(keepingCapacity: true) }
        tagPending = false
        value = nil
        childCount = 0
        childIsConstant = false
        childText = nil
        expression = nil
    }

    /// Reads an empty `Annotation` element (`<Annotation …/>`, so nothing follows its start tag but its end) whose
    /// attributes are `Term` and at most a `Qualifier` and one constant or path (`String="…"`), none prefixed: the
    /// common form, read from its attributes alone, without canonical XML or expression frames (its XML is written
    /// when read, see `ShorthandOrder`), and without beginning a capture. Nil for any other element.
    mutating func shorthand(name: XMLName, prefix: XMLName?, attributes: XMLAttributes) -> VocabularyAnnotation? {
        guard prefix == nil, name == expressionNames.annotation, let base = attributes.base, attributes.count <= 3 else {
            return nil
        }
        var order = ShorthandOrder()
        var expression: (kind: ShorthandKind, start: UnsafePointer<xmlChar>?, end: UnsafePointer<xmlChar>?)?
        var term: String?
        var qualifier: String?
        for index in 0..<attributes.count {
            let entry = base + index * 5
            guard let local = entry[0], entry[1] == nil, entry[2] == nil else { return nil }
            if local == expressionNames.term, term == nil {
                term = termText(entry[3], entry[4])
                order.append(.term)
            } else if local == expressionNames.qualifier, qualifier == nil {
                qualifier = XMLAttributes.text(entry[3], entry[4])
                order.append(.qualifier)
            } else if expression == nil, let kind = expressionNames.shorthandKind(local) {
                expression = (kind, entry[3], entry[4])
                order.append(.expression)
            } else {
                return nil
            }
        }
        guard let term else { return nil }
        // The text is copied only now that the element is known to be of this form.
        let kept = expression.map { (kind: $0.kind, text: texts.keep(XMLAttributes.bytes($0.start, $0.end))) }
        return VocabularyAnnotation(term: term, qualifier: qualifier, expression: kept, order: order)
    }

    /// A shorthand's `Term` value: the previous one's string when the bytes are the same (most annotations of a
    /// document repeat a few terms), else decoded and kept for the next.
    private mutating func termText(_ start: UnsafePointer<xmlChar>?, _ end: UnsafePointer<xmlChar>?) -> String {
        guard let start, let end, end > start else { return "" }
        let bytes = UnsafeBufferPointer(start: start, count: end - start)
        if bytes.count == lastTermBytes.count, lastTermBytes.withUnsafeBufferPointer({ $0.hasSameBytes(as: bytes) }) {
            return lastTerm
        }
        lastTerm = String(decoding: bytes, as: UTF8.self)
        lastTermBytes.removeAll(keepingCapacity: true)
        lastTermBytes.append(contentsOf: bytes)
        return lastTerm
    }

    /// Where the finished annotation goes, moved out of the capture (read it before `take`).
    mutating func takeDestination() -> Destination {
        var destination = Destination.block
        swap(&destination, &self.destination)
        return destination
    }

    /// The finished annotation, moved out of the capture: it keeps no reference to it, so nothing is copied now and
    /// released at the next `begin`. (Returned alone, not in a tuple with its destination, which copied it.)
    mutating func take() -> VocabularyAnnotation {
        var term = ""
        swap(&term, &self.term)
        let qualifier = self.qualifier.take()
        let text = value.take() ?? (childCount == 1 ? childText.map { String(decoding: $0, as: UTF8.self) } : nil)
        return VocabularyAnnotation(
            term: term, qualifier: qualifier, value: text, expression: expression.take(), rawXML: String(decoding: xml, as: UTF8.self))
    }

    private func isConstant(_ name: XMLName) -> Bool {
        for constant in constants where constant == name { return true }
        return false
    }

    /// Writes a start tag.
    mutating func open(name: XMLName, prefix: XMLName?, attributes: XMLAttributes) {
        if tagPending { xml.append(UInt8(ascii: ">")) }
        if open.count == 1 {
            childCount += 1
            childIsConstant = isConstant(name)
            childText = nil
        }
        frames.append(ExpressionFrame(name: name, xmlStart: xml.count, attributes: attributes, names: expressionNames))
        let shorthandIndex = frames[frames.count - 1].shorthandIndex
        xml.append(UInt8(ascii: "<"))
        appendName(name, prefix: prefix)
        if let base = attributes.base {
            for index in 0..<attributes.count {
                let entry = base + index * 5
                guard let local = entry[0] else { continue }
                xml.append(UInt8(ascii: " "))
                appendName(local, prefix: entry[1])
                xml.append(UInt8(ascii: "="))
                xml.append(UInt8(ascii: "\""))
                if let start = entry[3], let end = entry[4], end > start {
                    let bytes = UnsafeBufferPointer(start: start, count: end - start)
                    appendEscaped(bytes, attribute: true)
                    if open.isEmpty, entry[1] == nil, value == nil, isConstant(local) {
                        // The frame decoded this attribute already when it is the shorthand: share that string.
                        value =
                            index == shorthandIndex
                            ? frames[frames.count - 1].shorthandText : String(decoding: bytes, as: UTF8.self)
                    }
                } else if open.isEmpty, entry[1] == nil, value == nil, isConstant(local) {
                    value = ""
                }
                xml.append(UInt8(ascii: "\""))
            }
        }
        tagPending = true
        open.append((name, prefix))
    }

    /// Writes an end tag; returns true when the captured `Annotation` itself closed.
    mutating func close() -> Bool {
        guard let (name, prefix) = open.popLast() else { return true }
        if tagPending {
            xml.append(UInt8(ascii: "/"))
            xml.append(UInt8(ascii: ">"))
        } else {
            xml.append(UInt8(ascii: "<"))
            xml.append(UInt8(ascii: "/"))
            appendName(name, prefix: prefix)
            xml.append(UInt8(ascii: ">"))
        }
        tagPending = false
        if !frames.isEmpty { finish(frames.removeLast()) }
        return open.isEmpty
    }

    /// Turns a closed element into an expression and gives it to its parent (the root's becomes the value).
    private mutating func finish(_ frame: ExpressionFrame) {
        let built: AnnotationExpression?
        switch frame.kind {
        case .annotation:
            if frames.isEmpty { expression = frame.shorthand ?? frame.children.first }
            built = nil  // An annotation of an annotation or record is kept in the raw XML only.
        case .propertyValue:
            let value = frame.shorthand ?? frame.children.first ?? .null
            if !frames.isEmpty { frames[frames.count - 1].properties.append(PropertyValue(property: frame.property ?? "", value: value)) }
            built = nil
        case .record: built = .record(type: frame.recordType, properties: frame.properties)
        case .collection: built = .collection(frame.children)
        case .null: built = .null
        case .constant(let kind): built = .constant(kind, String(decoding: frame.text, as: UTF8.self))
        case .path(let kind): built = .path(kind, String(decoding: frame.text, as: UTF8.self))
        case .other:
            built = .other(
                name: XMLAttributes.string(frame.name), rawXML: String(decoding: xml[frame.xmlStart...], as: UTF8.self))
        }
        if let built, !frames.isEmpty { frames[frames.count - 1].children.append(built) }
    }

    /// Writes collected character data, trimmed (whitespace-only runs are dropped).
    mutating func flushText() {
        guard !pendingText.isEmpty else { return }
        defer { pendingText.removeAll(keepingCapacity: true) }
        guard let first = pendingText.firstIndex(where: { !$0.isXMLSpace }),
            let last = pendingText.lastIndex(where: { !$0.isXMLSpace })
        else { return }
        if tagPending {
            xml.append(UInt8(ascii: ">"))
            tagPending = false
        }
        pendingText.withUnsafeBufferPointer { buffer in
            appendEscaped(UnsafeBufferPointer(rebasing: buffer[first...last]), attribute: false)
        }
        if open.count == 2, childIsConstant {
            childText = (childText ?? []) + pendingText[first...last]
        }
        if !frames.isEmpty { frames[frames.count - 1].text += pendingText[first...last] }
    }

    private mutating func appendName(_ name: XMLName, prefix: XMLName?) {
        if let prefix {
            xml.append(contentsOf: UnsafeBufferPointer(start: prefix, count: Int(xmlStrlen(prefix))))
            xml.append(UInt8(ascii: ":"))
        }
        xml.append(contentsOf: UnsafeBufferPointer(start: name, count: Int(xmlStrlen(name))))
    }

    /// Appends text with `&`, `<`, `>` (and `"` in attributes) escaped.
    private mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, attribute: Bool) {
        XMLEscape.append(bytes, to: &xml, attribute: attribute)
    }
}
