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
        guard let json = try? JSONNode.parse(Data(header.utf8)) else { return [] }
        if case .array(let list) = json { return list.compactMap(SAPMessage.init(json:)) }
        return SAPMessage(json: json).map { [$0] } ?? []
    }

    /// A string's or number's text (read with the one JSON scanner, `JSONNode`).
    private static func text(_ node: JSONNode?) -> String? {
        switch node {
        case .string(let value)?, .number(let value)?: return value
        default: return nil
        }
    }

    init?(json: JSONNode) {
        guard case .object = json else { return nil }
        let text = Self.text(json["message"]) ?? ""
        let code = Self.text(json["code"]) ?? ""
        guard !text.isEmpty || !code.isEmpty else { return nil }
        let target = Self.text(json["target"])
        var details: [SAPMessage] = []
        if case .array(let list)? = json["details"] { details = list.compactMap(SAPMessage.init(json:)) }
        self.init(
            code: code, message: text, severity: Self.text(json["severity"]),
            target: target?.isEmpty == true ? nil : target, details: details)
    }
}
