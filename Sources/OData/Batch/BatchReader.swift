import Foundation

/// Reads a `$batch` response body (`multipart/mixed`, CRLF or bare LF line ends).
public enum BatchReader {
    /// Parses the top-level items of a batch response. Throws `ODataError` `.wrongContentType`
    /// without a multipart boundary, `.truncatedBody` when a closing boundary or a declared body
    /// length is missing, and `.decoding` (with the byte position) for malformed parts.
    public static func decode(_ body: Data, contentType: String) throws -> [BatchItemResponse] {
        guard let boundary = boundary(of: contentType) else {
            throw ODataError(.wrongContentType, "batch response Content-Type has no multipart boundary: \(contentType)")
        }
        let bytes = [UInt8](body)
        return try parts(bytes, 0..<bytes.count, boundary: boundary).map { range in
            let (headers, content) = try mimePart(bytes, range)
            let type = headers["Content-Type"] ?? ""
            if HTTPResponse.mediaType(of: type) == "multipart/mixed" {
                guard let inner = self.boundary(of: type) else {
                    throw ODataError(.decoding, "changeset without boundary", position: range.lowerBound)
                }
                let responses = try parts(bytes, content, boundary: inner).map { sub in
                    let (subHeaders, subContent) = try mimePart(bytes, sub)
                    return try httpResponse(bytes, subContent, partHeaders: subHeaders)
                }
                return .changeSet(responses)
            }
            let response = try httpResponse(bytes, content, partHeaders: headers)
            // a failed changeset comes back as one plain response in its place
            return .query(response)
        }
    }

    /// The `boundary` parameter of a `multipart/…` content type.
    static func boundary(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            var value = pair[1]
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The byte ranges of the parts between `--boundary` lines (without their final line break).
    static func parts(_ bytes: [UInt8], _ range: Range<Int>, boundary: String) throws -> [Range<Int>] {
        let delimiter = [UInt8](("--" + boundary).utf8)
        var result: [Range<Int>] = []
        var partStart: Int?
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            let lineEnd = bytes[lineStart..<range.upperBound].firstIndex(of: 0x0A) ?? range.upperBound
            if bytes[lineStart..<lineEnd].starts(with: delimiter) {
                let rest = bytes[(lineStart + delimiter.count)..<lineEnd]
                let closing = rest.starts(with: [0x2D, 0x2D])
                if let start = partStart {
                    var end = lineStart
                    if end > start, bytes[end - 1] == 0x0A { end -= 1 }
                    if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                    result.append(start..<max(start, end))
                }
                if closing { return result }
                partStart = min(lineEnd + 1, range.upperBound)
            }
            lineStart = lineEnd + 1
        }
        throw ODataError(.truncatedBody, "batch body ended before the closing boundary --\(boundary)--", position: range.upperBound)
    }

    /// Splits a part into its headers and the byte range of its content.
    static func mimePart(_ bytes: [UInt8], _ range: Range<Int>) throws -> (HTTPHeaders, Range<Int>) {
        var headers = HTTPHeaders()
        var index = range.lowerBound
        while index < range.upperBound {
            let end = bytes[index..<range.upperBound].firstIndex(of: 0x0A) ?? range.upperBound
            var line = bytes[index..<end]
            if line.last == 0x0D { line = line.dropLast() }
            index = min(end + 1, range.upperBound)
            if line.isEmpty { return (headers, index..<range.upperBound) }
            guard let colon = line.firstIndex(of: 0x3A) else {
                throw ODataError(.decoding, "batch header line without ':'", position: line.startIndex)
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            headers.add(name, value)
        }
        return (headers, range.upperBound..<range.upperBound)
    }

    /// Parses an `application/http` part: status line, headers, body.
    static func httpResponse(_ bytes: [UInt8], _ range: Range<Int>, partHeaders: HTTPHeaders) throws -> BatchPartResponse {
        var start = range.lowerBound
        // tolerate blank lines before the status line
        while start < range.upperBound, bytes[start] == 0x0D || bytes[start] == 0x0A { start += 1 }
        let lineEnd = bytes[start..<range.upperBound].firstIndex(of: 0x0A) ?? range.upperBound
        let statusLine = String(decoding: bytes[start..<lineEnd], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let fields = statusLine.split(separator: " ", maxSplits: 2)
        guard fields.count >= 2, fields[0].hasPrefix("HTTP/"), let status = Int(fields[1]), (100...599).contains(status) else {
            throw ODataError(.decoding, "batch part without an HTTP status line: \(statusLine.prefix(80))", position: start)
        }
        let (headers, content) = try mimePart(bytes, min(lineEnd + 1, range.upperBound)..<range.upperBound)
        var body = content
        if let declared = headers["Content-Length"].flatMap({ Int($0) }) {
            guard declared >= 0 else { throw ODataError(.decoding, "negative Content-Length in batch part", position: start) }
            guard declared <= content.count else {
                throw ODataError(
                    .truncatedBody, "batch part body has \(content.count) of \(declared) bytes", position: content.upperBound)
            }
            // the boundary is authoritative: a declared length shorter than the part is used
            // only when what follows it is line breaks (recorded payloads carry stale lengths)
            let end = content.lowerBound + declared
            if bytes[end..<content.upperBound].allSatisfy({ $0 == 0x0D || $0 == 0x0A }) {
                body = content.lowerBound..<end
            }
        }
        let contentID = partHeaders["Content-ID"] ?? headers["Content-ID"]
        return BatchPartResponse(statusCode: status, headers: headers, body: Data(bytes[body]), contentID: contentID)
    }
}
