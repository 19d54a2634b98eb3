import Foundation

/// The one encoding of a batch part's answer, shared by every provider: the online provider decodes a server's
/// parts with it; the offline store and the in-memory provider encode their local answers with it (a read's
/// entities as a JSON feed, a created entity, a failed part as an OData error) and decode them back with it.
package enum BatchPartCodec {
    /// The entities of a successful batch read of `query`, in the format the part's `Content-Type` names (JSON
    /// or Atom; another type is `.wrongContentType` naming `expected`). A failed part throws its error; URLs in
    /// errors are resolved against `serviceRoot` (relative when nil).
    package static func entities(
        from part: BatchPartResponse, for query: DataQuery, serviceRoot: URL?,
        typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?, expected: PayloadFormat = .json
    ) throws(ODataError) -> EntityList {
        let root = serviceRoot ?? URL(fileURLWithPath: "/")
        let url = URL(string: query.relativeURLString, relativeTo: serviceRoot)?.absoluteURL ?? root
        let request = HTTPRequest(method: "GET", url: url)
        if let error = part.error(for: BatchPartRequest(method: "GET", url: query.relativeURLString), serviceRoot: root) {
            throw error
        }
        let response = HTTPResponse(statusCode: part.statusCode, headers: part.headers, body: part.body, url: url)
        let media = response.mediaType ?? ""
        let format = [PayloadFormat.json, .atom].first { $0.codec().accepts(mediaType: media) } ?? expected
        let codec = format.codec(typeResolver: typeResolver)
        try ResponseChecks.checkContentType(response, request, codec: codec)
        let type = try query.resultEntityType()
        return try ResponseChecks.decode(response, request) { try codec.decodeEntityList(part.body, entityType: type) }
    }

    /// A successful read's part: the entities as a JSON feed (`{"d":{"results":[…]}}`).
    package static func feed(_ list: EntityList, serviceRoot: URL) -> BatchPartResponse {
        var body = Data("{\"d\":{\"results\":[".utf8)
        for (index, entity) in list.entities.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body += entityObject(entity, serviceRoot: serviceRoot)
        }
        body += Data("]}}".utf8)
        return BatchPartResponse(statusCode: 200, headers: jsonHeaders, body: body)
    }

    /// A create's part: 201 with the entity, its ETag and (when `location`) its absolute URI as `Location`.
    package static func created(_ entity: EntityValue, serviceRoot: URL, location: Bool) -> BatchPartResponse {
        var headers = jsonHeaders
        if location { headers["Location"] = absolute(entity.metadata.uri ?? "", serviceRoot: serviceRoot) }
        headers["ETag"] = entity.metadata.etag
        return BatchPartResponse(
            statusCode: 201, headers: headers, body: Data("{\"d\":".utf8) + entityObject(entity, serviceRoot: serviceRoot) + Data("}".utf8))
    }

    /// An update's part: 204 with the new ETag, if any.
    package static func updated(etag: String?) -> BatchPartResponse {
        var headers = HTTPHeaders()
        headers["ETag"] = etag
        return BatchPartResponse(statusCode: 204, headers: headers)
    }

    /// A failed part as a server answers it: the error's status (501 for `.unsupportedOperation`, else 400 when it
    /// has none) and an OData JSON error body with its message.
    package static func failure(_ error: any Error) -> BatchPartResponse {
        let odata = error as? ODataError
        let status = odata?.statusCode ?? (odata?.kind == .unsupportedOperation ? 501 : 400)
        let object: [String: Any] = ["error": ["code": String(status), "message": ["lang": "en", "value": odata?.message ?? "\(error)"]]]
        return BatchPartResponse(
            statusCode: status, headers: jsonHeaders, body: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }

    /// An entity's JSON object with its `__metadata` (absolute URI, type, ETag) and the values and loaded navigation
    /// properties it holds.
    package static func entityObject(_ entity: EntityValue, serviceRoot: URL) -> Data {
        var metadata: [String: String] = ["type": entity.entityType.qualifiedName]
        if let uri = entity.metadata.uri { metadata["uri"] = absolute(uri, serviceRoot: serviceRoot) }
        if let etag = entity.metadata.etag { metadata["etag"] = etag }
        let head = (try? JSONSerialization.data(withJSONObject: ["__metadata": metadata])) ?? Data("{}".utf8)
        let properties = ODataJSONEncoder().encodeForCreate(entity)
        guard properties.count > 2 else { return head }
        return head.dropLast() + Data(",".utf8) + properties.dropFirst()
    }

    private static func absolute(_ uri: String, serviceRoot: URL) -> String {
        uri.contains("://") ? uri : serviceRoot.absoluteString + uri
    }

    private static var jsonHeaders: HTTPHeaders { ["Content-Type": "application/json"] }
}
