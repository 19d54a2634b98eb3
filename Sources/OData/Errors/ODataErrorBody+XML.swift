internal import CLibXML2
import Foundation
import ODataMetadata

extension ODataErrorBody {
    /// `<error><code/><message xml:lang="…"/><innererror>…</innererror></error>`; nil when not such a document.
    ///
    /// Read with the shared hardened libxml2 parser (`HardenedXMLParser`), as Atom payloads and `$metadata` are.
    static func parseXML(_ data: Data) -> ODataErrorBody? {
        guard data.count > 0, data.count < Int(Int32.max) else { return nil }
        let callbacks = HardenedXMLParser.Callbacks(
            startElement: errorStartElement, endElement: errorEndElement, characters: errorCharacters,
            refuseDoctype: errorDoctype, error: errorLibxmlError)
        return data.withUnsafeBytes { raw -> ODataErrorBody? in
            let collector = ErrorXMLCollector()
            let parsed = try? HardenedXMLParser.parse(raw, callbacks: callbacks) { context in
                collector.context = context
                return Unmanaged.passUnretained(collector).toOpaque()
            } finish: { outcome in
                outcome.wellFormed && outcome.consumedAll && !collector.failed && collector.sawRoot
            }
            return withExtendedLifetime(collector) { parsed == true ? collector.body : nil }
        }
    }
}

private func withCollector(_ context: UnsafeMutableRawPointer?, _ body: (ErrorXMLCollector) -> Void) {
    guard let context else { return }
    body(Unmanaged<ErrorXMLCollector>.fromOpaque(context).takeUnretainedValue())
}

private func errorStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaultedCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    let name = localName.map { String(cString: $0) } ?? ""
    // Each attribute is five pointers: local name, prefix, namespace URI, value start, value end.
    var language: String?
    if let attributes {
        for index in 0..<Int(attributeCount) {
            let base = index * 5
            guard let local = attributes[base], let namespace = attributes[base + 2], let start = attributes[base + 3],
                let end = attributes[base + 4], String(cString: local) == "lang",
                String(cString: namespace) == "http://www.w3.org/XML/1998/namespace"
            else { continue }
            language = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
        }
    }
    withCollector(context) { $0.start(name, language: language) }
}

private func errorEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    withCollector(context) { $0.end() }
}

private func errorCharacters(_ context: UnsafeMutableRawPointer?, _ text: UnsafePointer<xmlChar>?, _ length: Int32) {
    guard let text, length > 0 else { return }
    withCollector(context) { $0.text += String(decoding: UnsafeBufferPointer(start: text, count: Int(length)), as: UTF8.self) }
}

private func errorDoctype(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ externalID: UnsafePointer<xmlChar>?,
    _ systemID: UnsafePointer<xmlChar>?
) {
    withCollector(context) { $0.stop() }
}

private func errorLibxmlError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue,
        let owner = HardenedXMLParser.owner(of: context, error: error)
    else { return }
    withCollector(owner) { $0.stop() }
}

/// Collects the fields of an XML error document while its elements are read.
private final class ErrorXMLCollector {
    var context: xmlParserCtxtPtr?
    var body = ODataErrorBody()
    var path: [String] = []
    /// The `xml:lang` in effect for each open element (inherited from its parent when it has none).
    var languages: [String?] = []
    var text = ""
    var detail = ODataErrorDetail()
    var sawRoot = false
    var failed = false

    /// Gives up on the document: it is not an error document this reader accepts.
    func stop() {
        failed = true
        if let context { xmlStopParser(context) }
    }

    func start(_ name: String, language own: String?) {
        guard !failed else { return }
        if path.isEmpty {
            guard name == "error", !sawRoot else {
                stop()
                return
            }
            sawRoot = true
        }
        let language = own ?? languages.last ?? nil
        languages.append(language)
        path.append(name)
        text = ""
        if path == ["error", "message"] { body.language = language }
        if path.count == 4, path[2] == "errordetails" { detail = ODataErrorDetail() }
    }

    func end() {
        guard !failed else { return }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch path.count {
        case 2:
            switch path[1] {
            case "code": body.code = value
            case "message": body.message = value
            case "target": body.target = value
            default: break
            }
        case 3 where path[1] == "innererror" && path[2] != "errordetails":
            if !value.isEmpty { body.innerError[path[2]] = value }
        case 4 where path[2] == "errordetails":
            body.details.append(detail)
        case 5 where path[2] == "errordetails":
            switch path[4] {
            case "code": detail.code = value
            case "message": detail.message = value
            case "target": detail.target = value
            case "severity": detail.severity = value
            case "ContentID": detail.contentID = value
            default: break
            }
        default: break
        }
        if !path.isEmpty { path.removeLast() }
        if !languages.isEmpty { languages.removeLast() }
        text = ""
    }
}
