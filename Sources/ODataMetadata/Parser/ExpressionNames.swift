internal import CLibXML2

/// The element and attribute names of annotation expressions, interned in the parser's dictionary, so that
/// an annotation's elements are classified by comparing pointers. A class: every element of an annotation is
/// classified with it, and passing a reference costs one retain where copying the struct cost ≈ 150 instructions.
final class ExpressionNames {
    let annotation, valueAnnotation, propertyValue, record, collection, null, property, type: XMLName?
    /// `Annotation/@Term` and `@Qualifier`, which are never a shorthand: skipped without searching the kinds.
    let term, qualifier: XMLName?
    /// Constant expressions, as elements (`<String>`) or attributes (`String="…"`).
    let constants: [(name: XMLName?, kind: AnnotationExpression.ConstantKind)]
    /// Path expressions, likewise.
    let paths: [(name: XMLName?, kind: AnnotationExpression.PathKind)]

    init(_ intern: (String) -> XMLName?) {
        annotation = intern("Annotation")
        valueAnnotation = intern("ValueAnnotation")
        propertyValue = intern("PropertyValue")
        record = intern("Record")
        collection = intern("Collection")
        null = intern("Null")
        property = intern("Property")
        type = intern("Type")
        term = intern("Term")
        qualifier = intern("Qualifier")
        constants = AnnotationExpression.ConstantKind.allCases.map { (intern($0.rawValue), $0) }
        paths = AnnotationExpression.PathKind.allCases.map { (intern($0.rawValue), $0) }
    }

    /// What an element of an annotation's value is.
    func kind(of name: XMLName) -> ExpressionKind {
        if name == annotation || name == valueAnnotation { return .annotation }
        if name == propertyValue { return .propertyValue }
        if name == record { return .record }
        if name == collection { return .collection }
        if name == null { return .null }
        for constant in constants where constant.name == name { return .constant(constant.kind) }
        for path in paths where path.name == name { return .path(path.kind) }
        return .other
    }

    /// The kind of a constant or path given as an attribute, if `name` is one.
    func shorthandKind(_ name: XMLName) -> ShorthandKind? {
        for constant in constants where constant.name == name { return .constant(constant.kind) }
        for path in paths where path.name == name { return .path(path.kind) }
        return nil
    }
}

/// The kinds of elements in an annotation's value.
enum ExpressionKind {
    case annotation, propertyValue, record, collection, null, other
    case constant(AnnotationExpression.ConstantKind)
    case path(AnnotationExpression.PathKind)
}

/// One element of an annotation's value while it is read.
struct ExpressionFrame {
    /// The element's name and what it is.
    let name: XMLName
    let kind: ExpressionKind
    /// Where its start tag begins in the captured XML.
    let xmlStart: Int
    var text: [UInt8] = []
    var children: [AnnotationExpression] = []
    var properties: [PropertyValue] = []
    /// A constant or path given as an attribute (`String="…"`, `Path="…"`).
    var shorthand: AnnotationExpression?
    /// The index of the shorthand's attribute and its text, which the capture reuses for the annotation's value.
    var shorthandIndex = -1
    var shorthandText: String?
    /// `PropertyValue/@Property`.
    var property: String?
    /// `Record/@Type`.
    var recordType: String?

    init(name: XMLName, xmlStart: Int, attributes: XMLAttributes, names: ExpressionNames) {
        self.name = name
        self.xmlStart = xmlStart
        kind = names.kind(of: name)
        switch kind {
        case .annotation, .propertyValue, .record: break
        default: return
        }
        guard let base = attributes.base else { return }
        for index in 0..<attributes.count {
            let entry = base + index * 5
            guard let local = entry[0], entry[1] == nil else { continue }
            if local == names.property {
                property = XMLAttributes.text(entry[3], entry[4])
            } else if local == names.type {
                recordType = XMLAttributes.text(entry[3], entry[4])
            } else if local == names.term || local == names.qualifier {
                continue
            } else if shorthand == nil, let kind = names.shorthandKind(local) {
                let text = XMLAttributes.text(entry[3], entry[4])
                shorthand = kind.expression(text)
                shorthandIndex = index
                shorthandText = text
            }
        }
    }
}
