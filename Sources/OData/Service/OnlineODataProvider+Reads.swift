import Foundation

extension OnlineODataProvider: DataServiceProvider {
    /// Reads one page of a collection (entity set, navigation, or entity-returning function).
    /// Server-driven paging is not followed here: see `pages(_:)` and `entities(_:)`. A large JSON page of an
    /// entity set or navigation (256 KB or more, or of unknown length) is decoded while it arrives when the
    /// transport streams (see `PagedEntities`); a smaller one is read whole, then decoded.
    public func fetchEntities(_ query: DataQuery, headers: HTTPHeaders, options requestOptions: RequestOptions) async throws(ODataError)
        -> EntityList
    {
        do {
            try query.checkEntitySetCapabilities()
            let request = try requestBuilder.fetch(query, headers: headers, options: requestOptions)
            if streamsPages(of: query) {
                return try await collectPage(request, type: try query.resultEntityType())
            }
            let response = try await execute(request)
            return try decodeList(response, request, type: try query.resultEntityType())
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// Reads the page a server-driven next link of `query` addresses; a link to another origin throws
    /// `ODataError` `.crossOriginNextLink`.
    public func fetchPage(nextLink: String, for query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError)
        -> EntityList
    {
        do {
            let request = try requestBuilder.nextPage(nextLink, headers: headers)
            if streamsPages(of: query) {
                return try await collectPage(request, type: try query.resultEntityType())
            }
            let response = try await execute(request)
            return try decodeList(response, request, type: try query.resultEntityType())
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// Reads one entity (by key, or a to-one navigation).
    public func fetchEntity(_ query: DataQuery, headers: HTTPHeaders, options requestOptions: RequestOptions) async throws(ODataError)
        -> EntityValue
    {
        do {
            let (request, response) = try await send(requestBuilder.get(try requestBuilder.url(of: query), headers: headers))
            return try decodeEntity(response, request, type: try query.resultEntityType())
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// Invokes a function import with its declared HTTP method (parameters in the query string).
    public func invokeFunction(_ query: DataQuery, headers: HTTPHeaders, options requestOptions: RequestOptions) async throws(ODataError)
        -> FunctionResult
    {
        do {
            guard let function = query.invocation?.function else {
                throw ODataError(.invalidRequest, "the query invokes no function import")
            }
            let (request, response) = try await send(try requestBuilder.invoke(query, headers: headers, options: requestOptions))
            if response.statusCode == 204 || response.body.isEmpty { return .none }
            return try decode(response, request) { try codec.decodeFunctionResult(response.body, function: function) }
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// The number of entities a query addresses (`/$count`, honouring `$filter`).
    public func fetchCount(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) -> Int {
        do {
            let (request, response) = try await send(try requestBuilder.count(query, headers: headers))
            let text = String(decoding: response.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let count = Int(text), count >= 0 else {
                throw ODataError(
                    .decoding, "$count answered '\(text.prefix(80))', not a count", method: request.method, url: request.url,
                    statusCode: response.statusCode, responseBody: response.body, position: 0)
            }
            return count
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// Reads a single property of the addressed entity (`Customers('1')/City`).
    public func fetchProperty(
        _ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> EdmValue {
        do {
            let (request, response) = try await send(try requestBuilder.property(property, of: query, headers: headers))
            return try decodeValue(response, request, type: property.type)
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// Reads the raw `$value` of a primitive property (`Customers('1')/City/$value`).
    public func fetchPropertyValue(
        _ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> Data {
        do {
            return try await execute(try requestBuilder.propertyValue(property, of: query, headers: headers)).body
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// Loads a navigation property into an entity: the related entities (to-many) or entity (to-one),
    /// read from the entity's navigation link, replace the entity's navigation state.
    public func loadProperty(
        _ navigation: NavigationDescriptor, into entity: inout EntityValue, query: DataQuery = DataQuery(),
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        do {
            let (request, response) = try await send(try requestBuilder.navigation(navigation, of: entity, query: query, headers: headers))
            if navigation.isCollection {
                let list = try decodeList(response, request, type: navigation.targetType)
                entity[navigation] = .entities(list.entities)
            } else if response.statusCode == 204 {
                entity[navigation] = .entity(nil)
            } else {
                entity[navigation] = .entity(try decodeEntity(response, request, type: navigation.targetType))
            }
        } catch {
            throw ODataError(wrapping: error)
        }
    }
}
