import Foundation

/// A message SAP Gateway sends with a successful response in the `sap-message` header:
/// `{"code":"…","message":"…","severity":"warning","target":"…","details":[…]}`.
public struct SAPMessage: Sendable, Hashable {
    /// The message code.
    public var code: String
    /// The text.
    public var message: String
    /// `success`, `info`, `warning` or `error`, as sent.
    public var severity: String?
    /// The property or entity the message is about, if any.
    public var target: String?
    /// Further messages (`details`), in order.
    public var details: [SAPMessage]

    /// Creates a message.
    public init(code: String, message: String, severity: String? = nil, target: String? = nil, details: [SAPMessage] = []) {
        self.code = code
        self.message = message
        self.severity = severity
        self.target = target
        self.details = details
    }

    /// Decodes a `sap-message` header value; a malformed header gives no messages, not an error,
    /// because it must never fail an otherwise successful response.
    public static func parse(header: String) -> [SAPMessage] {
        guard let data = header.data(using: .utf8),
            let json = try? JSONSerialization.jsonObject(with: data)
        else { return [] }
        if let list = json as? [Any] { return list.compactMap(SAPMessage.init(json:)) }
        return SAPMessage(json: json).map { [$0] } ?? []
    }

    init?(json: Any) {
        guard let object = json as? [String: Any] else { return nil }
        let text = ODataServiceError.stringValue(object["message"]) ?? ""
        let code = ODataServiceError.stringValue(object["code"]) ?? ""
        guard !text.isEmpty || !code.isEmpty else { return nil }
        let target = ODataServiceError.stringValue(object["target"])
        let details = (object["details"] as? [Any])?.compactMap(SAPMessage.init(json:)) ?? []
        self.init(
            code: code, message: text, severity: ODataServiceError.stringValue(object["severity"]),
            target: target?.isEmpty == true ? nil : target, details: details)
    }
}
