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

    private static func text(_ any: Any?) -> String? {
        switch any {
        case let string as String: return string
        case let number as NSNumber: return number.stringValue
        default: return nil
        }
    }

    init?(json: Any) {
        guard let object = json as? [String: Any] else { return nil }
        let text = Self.text(object["message"]) ?? ""
        let code = Self.text(object["code"]) ?? ""
        guard !text.isEmpty || !code.isEmpty else { return nil }
        let target = Self.text(object["target"])
        let details = (object["details"] as? [Any])?.compactMap(SAPMessage.init(json:)) ?? []
        self.init(
            code: code, message: text, severity: Self.text(object["severity"]),
            target: target?.isEmpty == true ? nil : target, details: details)
    }
}
