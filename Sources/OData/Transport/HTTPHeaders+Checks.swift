import Foundation

extension HTTPHeaders {
    /// Throws `ODataError.invalidHeader` for a name or value holding CR, LF or NUL (which would end
    /// or split the header on the wire), or an empty name.
    func checkSendable(method: String? = nil, url: URL? = nil) throws {
        for field in fields {
            let badName = field.name.isEmpty || field.name.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 || $0 == 0x3A }
            if badName {
                throw ODataError(
                    .invalidHeader, "header name \(field.name.debugDescription) is not a valid HTTP field name",
                    method: method, url: url)
            }
            if let byte = field.value.utf8.first(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) {
                let what = byte == 0x0D ? "a carriage return (CR)" : byte == 0x0A ? "a line feed (LF)" : "a NUL byte"
                throw ODataError(
                    .invalidHeader, "header \(field.name)'s value contains \(what); not sent", method: method, url: url)
            }
        }
    }
}

extension HTTPHeaders {
    /// `Content-Length` as a number (surrounding spaces and tabs ignored), nil when absent or not a number.
    package var contentLength: Int? {
        guard let value = self["Content-Length"] else { return nil }
        return Int(Substring(value.utf8.trimmed(where: \.isSpaceOrTab)))
    }
}
