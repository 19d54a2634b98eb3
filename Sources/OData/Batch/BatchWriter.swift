import Foundation

/// Writes a `$batch` request body (`multipart/mixed`, OData v2) with CRLF line ends.
public enum BatchWriter {
    /// The body and the `Content-Type` header value to send it with.
    public static func encode(_ items: [BatchItem], boundary: String = "batch_" + UUID().uuidString) throws -> (
        body: Data, contentType: String
    ) {
        var out = Data()
        for item in items {
            out.append(line("--\(boundary)"))
            switch item {
            case .query(let request):
                guard ["GET", "HEAD"].contains(request.method) else {
                    throw ODataError(.invalidRequest, "a batch query must be a GET, not \(request.method) \(request.url)")
                }
                try writePart(request, into: &out)
            case .changeSet(let requests):
                let changeset = "changeset_" + UUID().uuidString
                out.append(line("Content-Type: multipart/mixed; boundary=\(changeset)"))
                out.append(line(""))
                for request in requests {
                    guard request.method != "GET" else {
                        throw ODataError(.invalidRequest, "a changeset may not contain the read GET \(request.url)")
                    }
                    out.append(line("--\(changeset)"))
                    try writePart(request, into: &out)
                }
                out.append(line("--\(changeset)--"))
            }
        }
        out.append(line("--\(boundary)--"))
        return (out, "multipart/mixed; boundary=\(boundary)")
    }

    private static func writePart(_ request: BatchPartRequest, into out: inout Data) throws {
        for text in [request.method, request.url] + request.headers.fields.flatMap({ [$0.name, $0.value] })
        where text.contains("\r") || text.contains("\n") {
            throw ODataError(.invalidRequest, "line break in batch part \(request.method) \(request.url)")
        }
        out.append(line("Content-Type: application/http"))
        out.append(line("Content-Transfer-Encoding: binary"))
        if let id = request.contentID { out.append(line("Content-ID: \(id)")) }
        out.append(line(""))
        out.append(line("\(request.method) \(request.url) HTTP/1.1"))
        var headers = request.headers
        if !request.body.isEmpty || request.method != "GET" && request.method != "DELETE" {
            headers["Content-Length"] = String(request.body.count)
        }
        for field in headers.fields { out.append(line("\(field.name): \(field.value)")) }
        out.append(line(""))
        out.append(request.body)
        out.append(line(""))
    }

    private static func line(_ text: String) -> Data { Data((text + "\r\n").utf8) }
}
