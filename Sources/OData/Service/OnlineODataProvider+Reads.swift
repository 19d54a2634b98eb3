import Foundation

extension OnlineODataProvider: DataServiceProvider {
    /// Reads one page of a collection (entity set, navigation, or entity-returning function).
    /// Server-driven paging is not followed here: see `pages(_:)` and `entities(_:)`.
    public func fetchEntities(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws -> EntityList {
        try query.checkEntitySetCapabilities()
        if let function = query.invocation?.function, function.httpMethod != "GET" {
            let (request, response) = try await call(query, headers: headers, options: options)
            return try decodeList(response, request, type: try resultType(of: query))
        }
        let (request, response) = try await read(try url(of: query), headers: headers)
        return try decodeList(response, request, type: try resultType(of: query))
    }

    /// Reads one entity (by key, or a to-one navigation).
    public func fetchEntity(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws -> EntityValue {
        let (request, response) = try await read(try url(of: query), headers: headers)
        return try decodeEntity(response, request, type: try resultType(of: query))
    }

    /// Invokes a function import with its declared HTTP method (parameters in the query string).
    public func invokeFunction(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws -> FunctionResult {
        guard let function = query.invocation?.function else {
            throw ODataError(.invalidRequest, "the query invokes no function import")
        }
        let (request, response) = try await call(query, headers: headers, options: options)
        if response.statusCode == 204 || response.body.isEmpty { return .none }
        return try decode(response, request) {
            switch self.options.format {
            case .json:
                let decoder = ODataJSONDecoder(typeResolver: self.options.typeResolver)
                return try Self.withResultsUnwrapped(response.body) { try decoder.decodeFunctionResult($0, function: function) }
            case .atom:
                return try ODataAtomDecoder(typeResolver: self.options.typeResolver).decodeFunctionResult(response.body, function: function)
            }
        }
    }

    func call(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws -> (HTTPRequest, HTTPResponse) {
        let method = query.invocation?.function.httpMethod ?? "GET"
        var request = HTTPRequest(method: method, url: try url(of: query), headers: headers)
        if request.headers["Accept"] == nil { request.headers["Accept"] = self.options.format.acceptHeader }
        if method != "GET" && method != "POST" && options.tunnelsHTTPMethod {
            request.headers["X-HTTP-Method"] = method
            request.method = "POST"
        }
        return (request, try await execute(request))
    }

    /// The number of entities a query addresses (`/$count`, honouring `$filter`).
    public func fetchCount(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) async throws -> Int {
        var counting = query
        counting.isCountRequest = true
        counting.topCount = nil
        counting.skipCount = nil
        counting.sortItems = []
        counting.includesInlineCount = false
        let (request, response) = try await read(try url(of: counting), headers: headers, accept: "text/plain")
        let text = String(decoding: response.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let count = Int(text), count >= 0 else {
            throw ODataError(
                .decoding, "$count answered '\(text.prefix(80))', not a count", method: request.method, url: request.url,
                statusCode: response.statusCode, responseBody: response.body, position: 0)
        }
        return count
    }

    /// Reads a single property of the addressed entity (`Customers('1')/City`).
    public func fetchProperty(
        _ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders()
    ) async throws -> EdmValue {
        let (request, response) = try await read(
            try url(for: query.resourcePath + "/" + URLEncoding.encodePath(property.name)), headers: headers)
        return try decodeValue(response, request, type: property.type)
    }

    /// Reads the raw `$value` of a primitive property (`Customers('1')/City/$value`).
    public func fetchPropertyValue(
        _ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders()
    ) async throws -> Data {
        let path = query.resourcePath + "/" + URLEncoding.encodePath(property.name) + "/$value"
        return try await read(try url(for: path), headers: headers, accept: "*/*").1.body
    }

    /// Loads a navigation property into an entity: the related entities (to-many) or entity (to-one),
    /// read from the entity's navigation link, replace the entity's navigation state.
    public func loadProperty(
        _ navigation: NavigationDescriptor, into entity: inout EntityValue, query: DataQuery = DataQuery(),
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws {
        let base = try entityPath(entity)
        var path = base + "/" + URLEncoding.encodePath(navigation.name)
        let options = query.queryString
        if !options.isEmpty { path += "?" + options }
        let (request, response) = try await read(try url(for: path), headers: headers)
        if navigation.isCollection {
            let list = try decodeList(response, request, type: navigation.targetType)
            entity[navigation] = .entities(list.entities)
        } else if response.statusCode == 204 {
            entity[navigation] = .entity(nil)
        } else {
            entity[navigation] = .entity(try decodeEntity(response, request, type: navigation.targetType))
        }
    }

    /// The path (relative to the service root) or absolute URL of an existing entity: its edit link,
    /// its URI, or the entity set and key.
    func entityPath(_ entity: EntityValue, entitySet: EntitySetDescriptor? = nil) throws -> String {
        if let link = entity.metadata.editLink ?? entity.metadata.uri, !link.isEmpty {
            if link.lowercased().hasPrefix("http://") || link.lowercased().hasPrefix("https://") {
                guard let absolute = URL(string: link), Self.sameOrigin(absolute, serviceRoot) else {
                    throw ODataError(.crossOriginNextLink, "the entity's link \(link) is not on the service's origin")
                }
                return link
            }
            return link
        }
        guard let entitySet else {
            throw ODataError(.invalidRequest, "the \(entity.entityType.name) has no URI; pass its entity set")
        }
        guard !entity.key.isIncomplete else {
            throw ODataError(.invalidRequest, "the \(entity.entityType.name) has no complete key")
        }
        return URLEncoding.encodePath(entitySet.name) + entity.key.predicate
    }
}
