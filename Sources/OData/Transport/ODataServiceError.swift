import Foundation

/// One entry of SAP's `innererror.errordetails` (or of a `sap-message` header's `details`).
public struct ODataErrorDetail: Sendable, Hashable {
    /// The message code (`/IWBEP/CX_MGW_BUSI_EXCEPTION`).
    public var code: String
    /// The text.
    public var message: String
    /// `error`, `warning`, `info` or `success`, as the server wrote it.
    public var severity: String?
    /// The property or entity the message is about, if any.
    public var target: String?

    /// Creates a detail.
    public init(code: String, message: String, severity: String? = nil, target: String? = nil) {
        self.code = code
        self.message = message
        self.severity = severity
        self.target = target
    }
}

/// The OData error a server returned in a response body:
/// JSON `{"error":{"code","message":{"lang","value"}|"…","innererror":{"errordetails":[…]}}}`
/// or XML `<error><code/><message/></error>`.
public struct ODataServiceError: Sendable, Hashable {
    /// The error code.
    public var code: String
    /// The message text.
    public var message: String
    /// The message language, when given.
    public var language: String?
    /// SAP's `innererror.errordetails`, in order.
    public var details: [ODataErrorDetail]

    /// Creates an error body.
    public init(code: String, message: String, language: String? = nil, details: [ODataErrorDetail] = []) {
        self.code = code
        self.message = message
        self.language = language
        self.details = details
    }

    /// Parses an error body; nil when it holds no recognisable OData error.
    public static func parse(_ body: Data, contentType: String?) -> ODataServiceError? {
        guard !body.isEmpty else { return nil }
        let media = contentType.map(HTTPResponse.mediaType(of:)) ?? ""
        let first = body.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        if media.contains("json") || first == UInt8(ascii: "{") { return parseJSON(body) }
        if media.contains("xml") || first == UInt8(ascii: "<") { return parseXML(body) }
        return nil
    }

    static func parseJSON(_ body: Data) -> ODataServiceError? {
        guard let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let error = (root["error"] ?? root["odata.error"]) as? [String: Any]
        else { return nil }
        let code = stringValue(error["code"]) ?? ""
        var message = ""
        var language: String?
        if let text = error["message"] as? String {
            message = text
        } else if let object = error["message"] as? [String: Any] {
            message = stringValue(object["value"]) ?? ""
            language = stringValue(object["lang"])
        }
        var details: [ODataErrorDetail] = []
        if let inner = error["innererror"] as? [String: Any], let list = inner["errordetails"] as? [Any] {
            details = list.compactMap { ODataErrorDetail(json: $0) }
        }
        return ODataServiceError(code: code, message: message, language: language, details: details)
    }

    static func parseXML(_ body: Data) -> ODataServiceError? {
        guard let text = String(data: body, encoding: .utf8), text.contains("error") else { return nil }
        guard let code = XMLText.element("code", in: text) ?? XMLText.element("message", in: text).map({ _ in "" })
        else { return nil }
        let message = XMLText.element("message", in: text) ?? ""
        let language = XMLText.attribute("xml:lang", ofElement: "message", in: text)
        return ODataServiceError(code: code, message: message, language: language)
    }

    static func stringValue(_ any: Any?) -> String? {
        switch any {
        case let string as String: return string
        case let number as NSNumber: return number.stringValue
        default: return nil
        }
    }
}

extension ODataErrorDetail {
    init?(json: Any) {
        guard let object = json as? [String: Any] else { return nil }
        let code = ODataServiceError.stringValue(object["code"]) ?? ""
        let message = ODataServiceError.stringValue(object["message"]) ?? ""
        let target = ODataServiceError.stringValue(object["target"])
        self.init(
            code: code, message: message, severity: ODataServiceError.stringValue(object["severity"]),
            target: target?.isEmpty == true ? nil : target)
    }
}
