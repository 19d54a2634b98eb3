internal import CLibXML2
import Foundation

extension ODataErrorBody {
    /// `<error><code/><message xml:lang="…"/><innererror>…</innererror></error>`; nil when not such a document.
    static func parseXML(_ data: Data) -> ODataErrorBody? {
        LibXML.configure()
        guard data.count > 0, data.count < Int(Int32.max) else { return nil }
        return data.withUnsafeBytes { original -> ODataErrorBody? in
            (try? XMLTextEncoding.withUTF8(original) { raw in parseUTF8XML(raw) }) ?? nil
        }
    }

    private static func parseUTF8XML(_ raw: UnsafeRawBufferPointer) -> ODataErrorBody? {
        guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count > 0,
            let reader = xmlReaderForMemory(base, Int32(raw.count), nil, "UTF-8", LibXML.readerOptions)
        else { return nil }
        defer { xmlFreeTextReader(reader) }
        xmlTextReaderSetStructuredErrorHandler(reader, { _, _ in }, nil)
        var parser = ErrorXMLCollector()
        var status = xmlTextReaderRead(reader)
        while status == 1 {
            defer { status = xmlTextReaderRead(reader) }
            switch xmlTextReaderNodeType(reader) {
            case 1:
                let name = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
                let language = xmlTextReaderConstXmlLang(reader).map { String(cString: $0) }
                parser.start(name, language: language)
                if xmlTextReaderIsEmptyElement(reader) == 1 { parser.end() }
            case 3, 4, 14:
                if let value = xmlTextReaderConstValue(reader) { parser.text += String(cString: value) }
            case 15: parser.end()
            case 10: return nil
            default: break
            }
            if parser.failed { return nil }
        }
        return status != 0 || parser.failed || !parser.sawRoot ? nil : parser.body
    }
}

/// Collects the fields of an XML error document while its elements are read.
private struct ErrorXMLCollector {
    var body = ODataErrorBody()
    var path: [String] = []
    var text = ""
    var detail = ODataErrorDetail()
    var sawRoot = false
    var failed = false

    mutating func start(_ name: String, language: String?) {
        if path.isEmpty {
            guard name == "error" else {
                failed = true
                return
            }
            sawRoot = true
        }
        path.append(name)
        text = ""
        if path == ["error", "message"] { body.language = language }
        if path.count == 4, path[2] == "errordetails" { detail = ODataErrorDetail() }
    }

    mutating func end() {
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
        text = ""
    }
}
