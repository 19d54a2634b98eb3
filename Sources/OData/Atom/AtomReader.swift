import Foundation
internal import CLibXML2

/// The Atom state machine fed by libxml2's SAX2 callbacks: feeds, entries, navigation links with
/// `m:inline`, `m:properties` with complex values and collections, `$links` and single values.
final class AtomReader {
    /// What the document is expected to hold.
    enum Expectation {
        case entities(NameTable)
        case value(PropertyType)
        case links
    }

    let context: xmlParserCtxtPtr
    let names: AtomNames
    let expectation: Expectation
    let typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?
    let tables: NameTableCache
    var frames: [AtomFrame] = []
    let text = ByteScratch()
    var capturing = false
    var base: String?
    private var namespaceCache: [(pointer: UnsafePointer<xmlChar>, kind: AtomNamespace)] = []

    /// The first fatal problem.
    var failure: ODataDecodingError?
    /// Whether the root element was an OData error (`m:error`).
    var isErrorDocument = false
    var sawRoot = false
    var rootList: EntityList?
    var rootEntity: EntityValue?
    var rootValue: EdmValue?
    var links = LinkList(uris: [])

    init(
        context: xmlParserCtxtPtr, expectation: Expectation, typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?,
        tables: NameTableCache
    ) {
        self.context = context
        self.names = AtomNames(dictionary: context.pointee.dict)
        self.expectation = expectation
        self.typeResolver = typeResolver
        self.tables = tables
    }

    // MARK: Errors

    /// Records the first failure and stops the parser.
    func fail(_ message: String) {
        guard failure == nil else { return }
        failure = ODataDecodingError(
            format: .atom, offset: Int(xmlByteConsumed(context)), line: Int(xmlSAX2GetLineNumber(context)),
            column: Int(xmlSAX2GetColumnNumber(context)), message: message)
        xmlStopParser(context)
    }

    /// Records a libxml2 error (warnings are ignored).
    func libxmlError(_ error: xmlError) {
        guard error.level.rawValue >= XML_ERR_ERROR.rawValue, failure == nil else { return }
        let message = error.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "XML error"
        failure = ODataDecodingError(
            format: .atom, offset: Int(xmlByteConsumed(context)), line: Int(error.line), column: Int(error.int2),
            message: "malformed XML: \(message)")
        xmlStopParser(context)
    }

    func namespace(_ uri: UnsafePointer<xmlChar>?) -> AtomNamespace {
        guard let uri else { return .none }
        for entry in namespaceCache where entry.pointer == uri { return entry.kind }
        let kind = AtomNamespace(uri: uri)
        if namespaceCache.count < 16 { namespaceCache.append((uri, kind)) }
        return kind
    }

    // MARK: Text

    func characters(_ bytes: UnsafePointer<xmlChar>, count: Int) {
        guard capturing else { return }
        text.append(bytes, count: count)
    }

    func startCapture() {
        text.count = 0
        capturing = true
    }

    /// A URI reference resolved against the `xml:base` in scope.
    func resolve(_ reference: ByteSpan) -> String {
        let href = reference.string
        guard let base, !href.isEmpty else { return href }
        if let colon = href.firstIndex(of: ":"), !href[..<colon].contains("/") { return href }
        if href.hasPrefix("/") {
            guard let scheme = base.range(of: "://") else { return href }
            let hostEnd = base[scheme.upperBound...].firstIndex(of: "/") ?? base.endIndex
            return String(base[..<hostEnd]) + href
        }
        guard let slash = base.lastIndex(of: "/") else { return href }
        return String(base[...slash]) + href
    }

    /// Updates `base` from an `xml:base` attribute; returns the previous base to restore.
    func enterBase(_ attributes: AtomAttributes) -> String? {
        let saved = base
        if let value = attributes.value(names.base, namespaced: true) { base = resolve(value) }
        return saved
    }
}
