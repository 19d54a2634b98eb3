import Foundation

extension ODataErrorBody {
    /// Parses an error body; `contentType` (the response's `Content-Type`) picks JSON or XML,
    /// and when it names neither the first non-blank byte decides.
    public static func parse(_ data: Data, contentType: String?) -> ODataErrorBody {
        let type = contentType?.lowercased() ?? ""
        var parsed: ODataErrorBody?
        if type.contains("json") {
            parsed = parseJSON(data)
        } else if type.contains("xml") {
            parsed = parseXML(data)
        } else {
            switch data.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) {
            case UInt8(ascii: "{"): parsed = parseJSON(data)
            case UInt8(ascii: "<"): parsed = parseXML(data)
            default: parsed = nil
            }
        }
        return ODataErrorBody.parsed(parsed, from: data)
    }
}
