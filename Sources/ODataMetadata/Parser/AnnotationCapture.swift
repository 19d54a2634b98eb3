import Foundation
internal import CLibXML2

/// Records one vocabulary `Annotation` element and everything inside it as canonical XML,
/// and picks out a simple constant value where there is one.
struct AnnotationCapture {
    /// Where the finished annotation goes.
    enum Destination {
        /// Into the open `Annotations` block.
        case block
        /// Inline in a model element: filed as a block with this target path.
        case inline(target: String)
    }

    /// The attribute and element names of constant expressions.
    static let constantNames: Set<String> = [
        "String", "Bool", "Int", "Decimal", "Float", "Date", "DateTimeOffset", "TimeOfDay", "Duration", "Guid",
        "Binary", "EnumMember", "Path", "PropertyPath", "NavigationPropertyPath", "AnnotationPath", "UrlRef",
    ]

    let destination: Destination
    let term: String
    let qualifier: String?
    let location: SourceLocation
    private var xml = ""
    private var open: [String] = []
    private var tagPending = false
    private var value: String?
    private var childCount = 0
    private var childName: String?
    private var childText: String?
    /// Character data not yet written.
    var pendingText: [UInt8] = []

    init(destination: Destination, term: String, qualifier: String?, location: SourceLocation) {
        self.destination = destination
        self.term = term
        self.qualifier = qualifier
        self.location = location
    }

    /// The finished annotation.
    var annotation: VocabularyAnnotation {
        VocabularyAnnotation(term: term, qualifier: qualifier, value: value ?? (childCount == 1 ? childText : nil), rawXML: xml)
    }

    /// Writes a start tag.
    mutating func open(name: String, attributes: XMLAttributes, builder: DocumentBuilder) {
        if tagPending { xml += ">" }
        if open.count == 1 {
            childCount += 1
            childName = name
            childText = nil
        }
        xml += "<" + name
        attributes.forEach { local, prefix, _, text in
            let attributeName = prefix.map { XMLAttributes.string($0) + ":" } ?? ""
            let localName = XMLAttributes.string(local)
            xml += " " + attributeName + localName + "=\"" + Self.escape(text, attribute: true) + "\""
            if open.isEmpty, prefix == nil, value == nil, Self.constantNames.contains(localName) { value = text }
        }
        tagPending = true
        open.append(name)
    }

    /// Writes an end tag; returns true when the captured `Annotation` itself closed.
    mutating func close() -> Bool {
        guard let name = open.popLast() else { return true }
        if tagPending {
            xml += "/>"
        } else {
            xml += "</" + name + ">"
        }
        tagPending = false
        return open.isEmpty
    }

    /// Writes collected character data (whitespace-only runs are dropped).
    mutating func flushText() {
        guard !pendingText.isEmpty else { return }
        let text = String(decoding: pendingText, as: UTF8.self)
        pendingText.removeAll(keepingCapacity: true)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return }
        if tagPending {
            xml += ">"
            tagPending = false
        }
        xml += Self.escape(trimmed, attribute: false)
        if open.count == 2, let childName, Self.constantNames.contains(childName) {
            childText = (childText ?? "") + trimmed
        }
    }

    /// XML escaping for text and attribute values.
    static func escape(_ text: String, attribute: Bool) -> String {
        guard text.utf8.contains(where: { $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
