import Foundation

/// An OData error response body, in JSON (`{"error":{…}}`) or XML (`<m:error>…`).
///
/// Reads the v2 shape with SAP's extensions: `message` as a plain string or as
/// `{"lang":…,"value":…}`, `innererror.errordetails[]` with code, message, target and severity.
/// Parsing never fails: a body of another shape keeps `isRecognized == false`, its text as the
/// message, and the raw bytes in `rawBody`.
public struct ODataErrorBody: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error code (`SY/530`, `Resource not found`…).
    public var code: String?
    /// The human-readable message.
    public var message: String?
    /// The message's language (`xml:lang` or `message.lang`).
    public var language: String?
    /// The target (the property or resource concerned), when given.
    public var target: String?
    /// Further messages (`innererror.errordetails`, or v4-style `details`).
    public var details: [ODataErrorDetail]
    /// Scalar fields of `innererror` other than the details (SAP's `transactionid`, `timestamp`…), by name.
    public var innerError: [String: String]
    /// Whether the body had a recognizable OData error shape.
    public var isRecognized: Bool
    /// The body as received.
    public var rawBody: Data

    /// Creates an error body.
    public init(
        code: String? = nil, message: String? = nil, language: String? = nil, target: String? = nil,
        details: [ODataErrorDetail] = [], innerError: [String: String] = [:], isRecognized: Bool = true,
        rawBody: Data = Data()
    ) {
        self.code = code
        self.message = message
        self.language = language
        self.target = target
        self.details = details
        self.innerError = innerError
        self.isRecognized = isRecognized
        self.rawBody = rawBody
    }

    /// The body a parser read from `data`, with `data` as its `rawBody`; when the parser recognized no error
    /// document (nil), the text of `data` as the message, not recognized.
    static func parsed(_ body: ODataErrorBody?, from data: Data) -> ODataErrorBody {
        if var body {
            body.rawBody = data
            return body
        }
        let text = String(decoding: data.prefix(2000), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return ODataErrorBody(message: text.isEmpty ? nil : text, isRecognized: false, rawBody: data)
    }

    /// A readable description.
    public var description: String {
        var text = "OData error"
        if let code { text += " \(code)" }
        if let message { text += ": \(message)" }
        if let target, !target.isEmpty { text += " (target \(target))" }
        for detail in details where detail.message != message || detail.code != code {
            text += "; \(detail.severity.map { "[\($0)] " } ?? "")\(detail.code.map { "\($0): " } ?? "")\(detail.message ?? "")"
        }
        return text
    }
}

/// One further message of an OData error (SAP's `errordetail`).
public struct ODataErrorDetail: Sendable, Hashable {
    /// The message code.
    public var code: String?
    /// The message text.
    public var message: String?
    /// The target.
    public var target: String?
    /// The severity (`error`, `warning`, `info`…).
    public var severity: String?
    /// The `Content-ID` of the `$batch` changeset request the message is about (SAP Gateway's `ContentID`).
    public var contentID: String?

    /// Creates a detail.
    public init(
        code: String? = nil, message: String? = nil, target: String? = nil, severity: String? = nil, contentID: String? = nil
    ) {
        self.code = code
        self.message = message
        self.target = target
        self.severity = severity
        self.contentID = contentID
    }
}
