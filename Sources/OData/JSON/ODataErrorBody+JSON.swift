import Foundation

extension ODataErrorBody {
    /// `{"error":{…}}` (also `{"odata.error":{…}}`); nil when the body is not such an object.
    static func parseJSON(_ data: Data) -> ODataErrorBody? {
        guard let root = try? JSONNode.parse(data) else { return nil }
        guard let error = root["error"] ?? root["odata.error"], case .object = error else { return nil }
        var body = ODataErrorBody()
        body.code = error["code"]?.text
        if let message = error["message"] {
            if case .object = message {
                body.message = message["value"]?.text
                body.language = message["lang"]?.text
            } else {
                body.message = message.text
            }
        }
        body.target = error["target"]?.text
        if case .array(let details)? = error["details"] { body.details += details.compactMap(detail) }
        if let inner = error["innererror"], case .object(let members) = inner {
            for member in members {
                switch member.key {
                case "errordetails": body.details += detailList(member.value)
                default: if let text = member.value.text { body.innerError[member.key] = text }
                }
            }
        }
        return body
    }

    /// `errordetails` as an array, or SAP's XML-converted `{"errordetail": […]}`.
    private static func detailList(_ node: JSONNode) -> [ODataErrorDetail] {
        switch node {
        case .array(let items): return items.compactMap(detail)
        case .object:
            if case .array(let items)? = node["errordetail"] { return items.compactMap(detail) }
            return node["errordetail"].flatMap(detail).map { [$0] } ?? []
        default: return []
        }
    }

    private static func detail(_ node: JSONNode) -> ODataErrorDetail? {
        guard case .object = node else { return nil }
        let message: String?
        if case .object? = node["message"] { message = node["message"]?["value"]?.text } else { message = node["message"]?.text }
        return ODataErrorDetail(
            code: node["code"]?.text, message: message, target: node["target"]?.text, severity: node["severity"]?.text,
            contentID: node["ContentID"]?.text)
    }
}
