/// A vocabulary annotation (`<Annotation Term=… />`), v2 or v4 namespace.
public struct VocabularyAnnotation: Sendable, Hashable {
    /// The term, as written (`Core.Description`, `UI.LineItem`).
    public var term: String {
        didSet { freezeXML(term: oldValue, qualifier: qualifier, expression: expression) }
    }
    /// The qualifier, if any.
    public var qualifier: String? {
        didSet { freezeXML(term: term, qualifier: oldValue, expression: expression) }
    }
    /// The value in a simple textual form: the text of a constant or path expression (but a `ModelElementPath`), or nil
    /// for structured values.
    public var value: String? {
        get {
            switch content {
            case .parts(let value, _): return value
            case .shorthand(let kind, let text): return kind.givesValue ? text.string : nil
            }
        }
        set { content = .parts(value: newValue, expression: expression) }
    }
    /// The value as an expression tree (constants, paths, records, collections); nil when the annotation has
    /// no value (a `Core.Tag`-like term applied with its default).
    public var expression: AnnotationExpression? {
        get {
            switch content {
            case .parts(_, let expression): return expression
            case .shorthand(let kind, let text): return kind.expression(text.string)
            }
        }
        set {
            let old = expression
            content = .parts(value: value, expression: newValue)
            freezeXML(term: term, qualifier: qualifier, expression: old)
        }
    }
    /// The value and expression as kept: apart, or an empty `<Annotation …/>`'s one attribute whose text is both.
    private var content: Content
    /// The annotation's XML, canonicalised (element names and attributes), for structured values.
    public var rawXML: String {
        get {
            switch xml {
            case .text(let text): return text
            case .shorthand(let order): return order.xml(term: term, qualifier: qualifier, expression: expression)
            }
        }
        set { xml = .text(newValue) }
    }
    /// The canonical XML, or the order of the attributes it is written from when read.
    private var xml: CanonicalXML

    /// Keeps the XML as it was before one of the parts it is written from changed.
    private mutating func freezeXML(term: String, qualifier: String?, expression: AnnotationExpression?) {
        guard case .shorthand(let order) = xml else { return }
        xml = .text(order.xml(term: term, qualifier: qualifier, expression: expression))
    }

    /// Whether both have the same term, qualifier, value, expression and canonical XML.
    public static func == (lhs: VocabularyAnnotation, rhs: VocabularyAnnotation) -> Bool {
        lhs.term == rhs.term && lhs.qualifier == rhs.qualifier && lhs.value == rhs.value && lhs.expression == rhs.expression
            && lhs.rawXML == rhs.rawXML
    }

    /// Hashes the term, qualifier, value and expression (annotations that differ only in their XML are rare).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(term)
        hasher.combine(qualifier)
        hasher.combine(value)
        hasher.combine(expression)
    }
}

extension VocabularyAnnotation {
    // Both through the implicit memberwise initialiser: one that assigns each property copies the value it built and
    // destroys the original (see `Property.init`).

    /// Creates a `VocabularyAnnotation` from its parts.
    public init(
        term: String, qualifier: String? = nil, value: String? = nil, expression: AnnotationExpression? = nil, rawXML: String
    ) {
        self.init(term: term, qualifier: qualifier, content: .parts(value: value, expression: expression), xml: .text(rawXML))
    }

    /// An annotation read as an empty, unprefixed `<Annotation Term="…" Qualifier="…" String="…"/>` (see
    /// `ShorthandOrder`), with the kind and text of its expression attribute if it has one: its value and expression
    /// are made from the text, and its canonical XML from the term, qualifier and expression, when read.
    package init(term: String, qualifier: String?, expression: (kind: ShorthandKind, text: AnnotationText)?, order: ShorthandOrder) {
        let content = expression.map { Content.shorthand($0.kind, $0.text) } ?? .parts(value: nil, expression: nil)
        self.init(term: term, qualifier: qualifier, content: content, xml: .shorthand(order))
    }
}

/// The value and expression of a `VocabularyAnnotation`.
private enum Content: Sendable {
    /// Each as given, or as the parser's capture read them.
    case parts(value: String?, expression: AnnotationExpression?)
    /// One attribute of an empty `<Annotation …/>`: the expression is its kind with its text, and the value its text
    /// when the kind gives a value (`ShorthandKind.givesValue`).
    case shorthand(ShorthandKind, AnnotationText)
}

/// The canonical XML of a `VocabularyAnnotation`.
private enum CanonicalXML: Sendable {
    /// As written by the parser's capture, or set.
    case text(String)
    /// `<Annotation …/>`, written when read.
    case shorthand(ShorthandOrder)
}

/// The order of the attributes of an empty, unprefixed `<Annotation Term="…" Qualifier="…" String="…"/>` element:
/// `Term`, perhaps `Qualifier` and perhaps one constant or path expression, each once. An annotation of this common
/// form keeps no XML of its own: its canonical XML is written from its term, qualifier and expression when read.
package struct ShorthandOrder: Sendable, Equatable {
    /// Two bits per attribute in document order, the first in the lowest: 1 `Term`, 2 `Qualifier`, 3 the expression.
    private var bits: UInt8 = 0
    private var count: UInt8 = 0

    /// No attributes yet.
    package init() {}

    /// The attributes an order can hold.
    package enum Attribute: UInt8 {
        /// `Term`.
        case term = 1
        /// `Qualifier`.
        case qualifier
        /// The constant or path expression (`String`, `Path`, …).
        case expression
    }

    /// Adds the next attribute in document order.
    package mutating func append(_ attribute: Attribute) {
        bits |= attribute.rawValue << (2 * count)
        count += 1
    }

    /// The attributes in document order.
    package var attributes: [Attribute] {
        (0..<count).compactMap { Attribute(rawValue: bits >> (2 * $0) & 3) }
    }

    /// `<Annotation name="value" …/>`, values escaped as the parser's capture escapes them (`XMLEscape`).
    func xml(term: String, qualifier: String?, expression: AnnotationExpression?) -> String {
        var result = Array("<Annotation".utf8)
        for attribute in attributes {
            let (name, value): (String, String)
            switch attribute {
            case .term: (name, value) = ("Term", term)
            case .qualifier: (name, value) = ("Qualifier", qualifier ?? "")
            case .expression:
                switch expression {
                case .constant(let kind, let text)?: (name, value) = (kind.rawValue, text)
                case .path(let kind, let text)?: (name, value) = (kind.rawValue, text)
                default: continue
                }
            }
            result.append(UInt8(ascii: " "))
            result.append(contentsOf: name.utf8)
            result.append(contentsOf: "=\"".utf8)
            var text = value
            text.withUTF8 { XMLEscape.append($0, to: &result, attribute: true) }
            result.append(UInt8(ascii: "\""))
        }
        result.append(contentsOf: "/>".utf8)
        return String(decoding: result, as: UTF8.self)
    }
}
