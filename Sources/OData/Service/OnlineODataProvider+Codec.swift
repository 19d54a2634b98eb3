import Foundation

extension OnlineODataProvider {
    /// The entity type a query's result has: the entity set's type, followed through its navigation
    /// segments, or an entity-returning function import's type.
    func resultType(of query: DataQuery) throws -> EntityTypeDescriptor {
        if let invocation = query.invocation {
            switch invocation.function.returnType {
            case .entity(let type), .entityCollection(let type): return type()
            default: throw ODataError(.invalidRequest, "function import \(invocation.function.name) does not return entities")
            }
        }
        guard let set = query.entitySet else {
            throw ODataError(.invalidRequest, "the query addresses no entity set")
        }
        var type = set.entityType
        for segment in query.navigationSegments {
            guard let navigation = type.navigationProperty(named: segment.name) else {
                throw ODataError(.invalidRequest, "\(type.qualifiedName) has no navigation property \(segment.name)")
            }
            type = navigation.targetType
        }
        return type
    }

    /// The absolute URL of a query under the service root.
    func url(of query: DataQuery) throws -> URL {
        try url(for: query.relativeURLString)
    }

    /// A GET of entity data in the provider's format.
    func read(_ url: URL, headers: HTTPHeaders, accept: String? = nil) async throws -> (HTTPRequest, HTTPResponse) {
        var request = HTTPRequest(method: "GET", url: url, headers: headers)
        if request.headers["Accept"] == nil { request.headers["Accept"] = accept ?? options.format.acceptHeader }
        return (request, try await execute(request))
    }

    /// Checks that a response has the format's content type.
    func checkContentType(_ response: HTTPResponse, _ request: HTTPRequest, format: PayloadFormat? = nil) throws {
        let format = format ?? options.format
        let media = response.mediaType ?? ""
        let fits: Bool
        switch format {
        case .json: fits = media.hasSuffix("json")
        case .atom: fits = media.hasSuffix("xml")
        }
        guard fits else {
            throw ODataError(
                .wrongContentType, "expected \(format.rawValue) but \(request.url.absoluteString) answered '\(media)'",
                method: request.method, url: request.url, statusCode: response.statusCode, responseHeaders: response.headers,
                responseBody: response.body)
        }
    }

    /// Runs a decoder, turning its failures into `ODataError` `.decoding` with the byte position.
    func decode<T>(_ response: HTTPResponse, _ request: HTTPRequest, format: PayloadFormat? = nil, _ body: () throws -> T) throws -> T {
        try checkContentType(response, request, format: format)
        do {
            return try body()
        } catch let error as ODataDecodingError {
            throw ODataError.decoding(error, request: request, response: response)
        } catch let error as ODataErrorBody {
            throw ODataError(
                .httpStatus, "\(request.url.absoluteString) answered an OData error: \(error)", method: request.method,
                url: request.url, statusCode: response.statusCode, responseHeaders: response.headers, serviceError: error,
                responseBody: response.body)
        } catch let error as ODataError {
            throw error
        } catch {
            throw ODataError(
                .decoding, "\(request.url.absoluteString): \(error)", method: request.method, url: request.url,
                statusCode: response.statusCode, responseHeaders: response.headers, responseBody: response.body,
                underlyingError: error)
        }
    }

    func decodeList(_ response: HTTPResponse, _ request: HTTPRequest, type: EntityTypeDescriptor) throws -> EntityList {
        try decode(response, request) {
            switch options.format {
            case .json: return try ODataJSONDecoder(typeResolver: options.typeResolver).decodeEntityList(response.body, entityType: type)
            case .atom: return try ODataAtomDecoder(typeResolver: options.typeResolver).decodeEntityList(response.body, entityType: type)
            }
        }
    }

    func decodeEntity(_ response: HTTPResponse, _ request: HTTPRequest, type: EntityTypeDescriptor) throws -> EntityValue {
        var entity = try decode(response, request) {
            switch options.format {
            case .json: return try ODataJSONDecoder(typeResolver: options.typeResolver).decodeEntity(response.body, entityType: type)
            case .atom: return try ODataAtomDecoder(typeResolver: options.typeResolver).decodeEntity(response.body, entityType: type)
            }
        }
        if entity.metadata.etag == nil, let etag = response.headers["ETag"] { entity.metadata.etag = etag }
        return entity
    }

    func decodeValue(_ response: HTTPResponse, _ request: HTTPRequest, type: PropertyType) throws -> EdmValue {
        try decode(response, request) {
            switch options.format {
            case .json:
                return try Self.withResultsUnwrapped(response.body) { try ODataJSONDecoder().decodeValue($0, type: type) }
            case .atom: return try ODataAtomDecoder().decodeValue(response.body, type: type)
            }
        }
    }

    /// Decodes a single JSON value; when that fails on `{"d":{"results":{"Name":value}}}` (the V2 form
    /// some servers, pyslet among them, use for one primitive or complex value) it retries with the
    /// `results` level removed. Other failures are rethrown unchanged.
    static func withResultsUnwrapped<T>(_ body: Data, _ decode: (Data) throws -> T) throws -> T {
        do {
            return try decode(body)
        } catch {
            guard let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                let wrapper = root["d"] as? [String: Any], wrapper.count == 1,
                let inner = wrapper["results"] as? [String: Any], inner.count == 1,
                let unwrapped = try? JSONSerialization.data(withJSONObject: ["d": inner])
            else { throw error }
            return try decode(unwrapped)
        }
    }
}
