import Foundation

extension OnlineODataProvider: DataServiceProvider {
    /// Runs an operation over HTTP: each one is a request (its accepted statuses and expected answer, an
    /// `OnlineOperation`) and a decoding of its answer into the operation's output, run by one `run(_:decode:)`. A
    /// large JSON or Atom page of an entity set or navigation (256 KB or more, or of unknown length) is decoded
    /// while it arrives when the transport streams (see `PagedEntities`); server-driven paging is not followed
    /// (see `pages(_:)` and `entities(_:)`), and a next link to another origin is `.crossOriginNextLink`.
    ///
    /// Inlinable, so that a caller that knows the provider and the operation's output (a call on an
    /// `OnlineODataProvider`) runs the reads made most (one entity, one page) specialised, without the generic
    /// operation's value witnesses; the other operations run `perform(_:headers:)`.
    @inlinable
    public func send<Output>(_ operation: DataServiceOperation<Output>, headers: HTTPHeaders) async throws(ODataError) -> Output {
        switch operation.kind {
        case .fetchEntity(let query, _, let answer): return answer(try await fetchEntity(query, headers: headers))
        case .fetchEntities(let query, let requestOptions, let answer):
            return answer(try await fetchEntities(query, options: requestOptions, headers: headers))
        default: return try await perform(operation, headers: headers)
        }
    }

    /// One entity (by key, or a to-one navigation).
    @usableFromInline
    func fetchEntity(_ query: DataQuery, headers: HTTPHeaders) async throws(ODataError) -> EntityValue {
        do {
            let type = try query.resultEntityType()
            let builder = requestBuilder
            let request = builder.get(try builder.url(of: query), headers: headers)
            return try await run(OnlineOperation(request: request, answer: .payload(orEmpty: false))) { response in
                try Self.entity(in: response, type: type, codec: builder.codec)
            }
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// One page of a collection with the query's options.
    @usableFromInline
    func fetchEntities(_ query: DataQuery, options: RequestOptions, headers: HTTPHeaders) async throws(ODataError) -> EntityList {
        do {
            try query.checkEntitySetCapabilities()
            return try await page(try requestBuilder.fetch(query, headers: headers, options: options), of: query)
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// The operations `send` does not run itself: the other reads, then the writes (`write(_:headers:)`).
    @usableFromInline
    func perform<Output>(_ operation: DataServiceOperation<Output>, headers: HTTPHeaders) async throws(ODataError) -> Output {
        do {
            switch operation.kind {
            case .fetchPage(let nextLink, let query, let answer):
                return answer(try await page(try requestBuilder.nextPage(nextLink, headers: headers), of: query))
            case .streamPage(let query, let nextLink, let answer):
                return answer(try await streamPage(query, nextLink: nextLink, headers: headers))
            case .fetchCount(let query, let answer):
                return answer(
                    try await run(OnlineOperation(request: try requestBuilder.count(query, headers: headers), answer: .raw)) {
                        try Self.count(in: $0)
                    })
            case .fetchProperty(let property, let query, let answer):
                let request = try requestBuilder.property(property, of: query, headers: headers)
                return answer(
                    try await run(OnlineOperation(request: request, answer: .payload(orEmpty: false))) {
                        try codec.decodeValue($0.body, type: property.type)
                    })
            case .fetchPropertyValue(let property, let query, let answer):
                let request = try requestBuilder.propertyValue(property, of: query, headers: headers)
                return answer(try await run(OnlineOperation(request: request, answer: .raw)) { $0.body })
            case .loadProperty(let navigation, let entity, let query, let answer):
                let request = try requestBuilder.navigation(navigation, of: entity, query: query, headers: headers)
                return answer(
                    try await run(OnlineOperation(request: request, answer: .payload(orEmpty: !navigation.isCollection))) {
                        try Self.loaded(navigation, into: entity, from: $0, codec: codec)
                    })
            case .invokeFunction(let query, let requestOptions, let answer):
                guard let function = query.invocation?.function else {
                    throw ODataError(.invalidRequest, "the query invokes no function import")
                }
                let request = try requestBuilder.invoke(query, headers: headers, options: requestOptions)
                return answer(
                    try await run(OnlineOperation(request: request, answer: .payload(orEmpty: true))) { response in
                        if response.statusCode == 204 || response.body.isEmpty { return FunctionResult.none }
                        return try codec.decodeFunctionResult(response.body, function: function)
                    })
            case .fetchMetadataDocument(let answer):
                return answer(
                    try await run(OnlineOperation(request: try requestBuilder.metadata(headers: headers), answer: .raw)) { $0.body })
            default:
                return try await write(operation, headers: headers)
            }
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// One page of a collection: streamed over a streaming transport (see `collectPage`), else read whole.
    func page(_ request: HTTPRequest, of query: DataQuery) async throws(ODataError) -> EntityList {
        let type = try query.resultEntityType()
        if streamsPages(of: query) {
            return try await reportingAfterDecoding(request) { (request) async throws(ODataError) -> EntityList in
                do { return try await collectPage(request, type: type) } catch { throw ODataError(wrapping: error) }
            }
        }
        return try await run(OnlineOperation(request: request, answer: .payload(orEmpty: false))) {
            try codec.decodeEntityList($0.body, entityType: type)
        }
    }

    /// The count a `$count` answer holds.
    private static func count(in response: HTTPResponse) throws(ODataError) -> Int {
        let text = String(decoding: response.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let count = Int(text), count >= 0 else {
            throw ODataError(
                .decoding, "$count answered '\(text.prefix(80))', not a count", method: "GET", url: response.url,
                statusCode: response.statusCode, responseBody: response.body, position: 0)
        }
        return count
    }

    /// `entity` with a navigation property loaded from its answer (a 204 for a to-one: none).
    private static func loaded(
        _ navigation: NavigationDescriptor, into entity: EntityValue, from response: HTTPResponse, codec: any ODataPayloadCodec
    ) throws -> EntityValue {
        var loaded = entity
        if navigation.isCollection {
            loaded[navigation] = .entities(try codec.decodeEntityList(response.body, entityType: navigation.targetType).entities)
        } else if response.statusCode == 204 {
            loaded[navigation] = .entity(nil)
        } else {
            loaded[navigation] = .entity(try Self.entity(in: response, type: navigation.targetType, codec: codec))
        }
        return loaded
    }
}
