import Foundation

/// The requests of reads, function imports and `$batch`.
extension ODataRequestBuilder {
    /// The read of a collection or entity (a function import with another method than GET is called with it).
    public func fetch(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()) throws
        -> HTTPRequest
    {
        if let function = query.invocation?.function, function.httpMethod != "GET" {
            return try invoke(query, headers: headers, options: options)
        }
        return get(try url(of: query), headers: headers)
    }

    /// The call of a function import with its declared method, its parameters where the descriptor says
    /// (`parameterLocation`): in the query string, or (an action's) in a JSON body
    /// (`application/json;odata=verbose`, sent when the operation declares parameters); methods other than GET
    /// and POST are tunnelled when `options.tunnelsHTTPMethod`.
    public func invoke(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()) throws
        -> HTTPRequest
    {
        let method = query.invocation?.function.httpMethod ?? "GET"
        var request = get(try url(of: query), headers: headers)
        request.method = method
        if let invocation = query.invocation, invocation.function.parameterLocation == .body,
            !invocation.function.parameters.isEmpty
        {
            request.body = .data(ODataJSONEncoder().encodeActionParameters(invocation.arguments))
            request.headers["Content-Type"] = "application/json;odata=verbose"
        }
        if method != "GET" && method != "POST" && options.tunnelsHTTPMethod {
            request.headers["X-HTTP-Method"] = method
            request.method = "POST"
        }
        return request
    }

    /// `…/$count` of a query (its filter kept; order, skip, top and inline count dropped).
    public func count(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) throws -> HTTPRequest {
        var counting = query
        counting.isCountRequest = true
        counting.topCount = nil
        counting.skipCount = nil
        counting.sortItems = []
        counting.includesInlineCount = false
        return get(try url(of: counting), headers: headers, accept: "text/plain")
    }

    /// A property of the addressed entity (`Customers('1')/City`).
    public func property(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) throws -> HTTPRequest {
        get(try url(for: query.resourcePath + "/" + URLEncoding.encodePath(property.name)), headers: headers)
    }

    /// The raw `$value` of a property (`Customers('1')/City/$value`).
    public func propertyValue(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) throws
        -> HTTPRequest
    {
        let path = query.resourcePath + "/" + URLEncoding.encodePath(property.name) + "/$value"
        return get(try url(for: path), headers: headers, accept: "*/*")
    }

    /// A navigation property of an entity, with the query's options.
    public func navigation(
        _ navigation: NavigationDescriptor, of entity: EntityValue, query: DataQuery = DataQuery(), headers: HTTPHeaders = HTTPHeaders()
    ) throws -> HTTPRequest {
        var path = try entityPath(entity) + "/" + URLEncoding.encodePath(navigation.name)
        let options = query.queryString
        if !options.isEmpty { path += "?" + options }
        return get(try url(for: path), headers: headers)
    }

    /// The page a server-driven next link addresses.
    public func nextPage(_ link: String, headers: HTTPHeaders = HTTPHeaders()) throws -> HTTPRequest {
        get(try url(for: link), headers: headers)
    }

    /// The `$metadata` document.
    public func metadata(headers: HTTPHeaders = HTTPHeaders()) throws -> HTTPRequest {
        get(try url(for: "$metadata"), headers: headers, accept: "application/xml")
    }

    /// A `$batch`: one `multipart/mixed` POST of the batch's reads and changesets, in the codec's format as
    /// every other request: reads added as a `DataQuery` ask for it (`Accept`, except `$count`), and the bodies
    /// of entity creates and updates (`ChangeSet.createEntity`/`updateEntity`) and of `$links` writes
    /// (`createLink`/`updateLink`) are written in it.
    public func batch(_ batch: RequestBatch, headers: HTTPHeaders = HTTPHeaders()) throws -> HTTPRequest {
        for case .changes(let changeSet) in batch.parts {
            if let error = changeSet.deferredError { throw error }
            if let type = changeSet.typesWithoutEntitySet.first {
                throw ODataError(
                    .invalidRequest,
                    "a changeset creates a \(type.qualifiedName) without its entity set (ChangeSet.createEntity(_:)): "
                        + "run the batch through DataService.processBatch, which finds the set, or pass it (createEntity(_:in:))")
            }
        }
        let items = zip(batch.parts, batch.items).map { part, item -> BatchItem in
            switch (part, item) {
            case (.changes(let changeSet), _):
                let links = changeSet.linkWriteTargets
                return .changeSet(
                    zip(changeSet.requests, changeSet.operations).enumerated().map { index, part in
                        guard let target = links[index] else { return encoded(part.0, part.1) }
                        var request = part.0
                        request.body = codec.encodeLink(uri: target)
                        request.headers["Content-Type"] = codec.linkContentType
                        request.headers["Accept"] = codec.acceptHeader
                        return request
                    })
            case (.read(.read(let query)), .query(var request)) where !query.isCountRequest:
                request.headers["Accept"] = codec.acceptHeader
                return .query(request)
            default:
                return item
            }
        }
        let (body, contentType) = try BatchWriter.encode(items)
        var request = HTTPRequest(method: "POST", url: try url(for: "$batch"), headers: headers, body: .data(body))
        request.headers["Content-Type"] = contentType
        if request.headers["Accept"] == nil { request.headers["Accept"] = "multipart/mixed" }
        return request
    }

    /// A changeset part with its entity body in the codec's format.
    private func encoded(_ request: BatchPartRequest, _ operation: BatchOperation) -> BatchPartRequest {
        var request = request
        switch operation {
        case .create(let entity, _):
            request.body = codec.encodeForCreate(entity)
            request.headers["Content-Type"] = codec.entityContentType
            request.headers["Accept"] = codec.acceptHeader
        case .update(let entity, _, let mode):
            request.body = codec.encodeForUpdate(entity, mode: mode)
            request.headers["Content-Type"] = codec.entityContentType
        case .read, .delete, .request:
            break
        }
        return request
    }
}
