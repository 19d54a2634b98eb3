import Foundation

extension OnlineODataProvider: DataServiceProvider {
    /// Carries out an operation over HTTP: every one is built as an `OnlineOperation` (its request, accepted
    /// statuses, expected answer and decoder) and run by one `send`. A large JSON or Atom page of an entity set or
    /// navigation (256 KB or more, or of unknown length) is decoded while it arrives when the transport streams
    /// (see `PagedEntities`); server-driven paging is not followed (see `pages(_:)` and `entities(_:)`), and a next
    /// link to another origin is `.crossOriginNextLink`.
    public func perform(_ operation: DataServiceOperation, headers: HTTPHeaders) async throws(ODataError) -> DataServiceResult {
        do {
            switch operation {
            case .fetchEntity(let query, _):
                let type = try query.resultEntityType()
                let request = requestBuilder.get(try requestBuilder.url(of: query), headers: headers)
                return try await send(OnlineOperation(request: request, answer: .payload(orEmpty: false), decoding: .entity(type)))
            case .fetchEntities(let query, let requestOptions):
                try query.checkEntitySetCapabilities()
                return try await page(try requestBuilder.fetch(query, headers: headers, options: requestOptions), of: query)
            case .fetchPage(let nextLink, let query):
                return try await page(try requestBuilder.nextPage(nextLink, headers: headers), of: query)
            case .updateEntity(let entity, let entitySet, let requestOptions):
                try entitySet?.checkAllows(.update)
                if requestOptions.updateMode != .replace && !entity.hasChanges { return .entity(entity) }
                return try await send(try update(entity, in: entitySet, headers: headers, options: requestOptions))
            case .processBatch(let batch):
                if batch.isEmpty { return DataServiceResult.none }
                return try await send(try self.batch(batch, headers: headers))
            default:
                return try await send(try online(operation, headers: headers))
            }
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// One page of a collection: streamed over a streaming transport (see `collectPage`), else read whole.
    private func page(_ request: HTTPRequest, of query: DataQuery) async throws -> DataServiceResult {
        let type = try query.resultEntityType()
        if streamsPages(of: query) {
            return try await reportingAfterDecoding { () async throws(ODataError) -> DataServiceResult in
                do { return .entities(try await collectPage(request, type: type)) } catch { throw ODataError(wrapping: error) }
            }
        }
        return try await send(OnlineOperation(request: request, answer: .payload(orEmpty: false), decoding: .entities(type)))
    }

    /// The read operations here, the others from `write(_:headers:)`.
    private func online(_ operation: DataServiceOperation, headers: HTTPHeaders) throws -> OnlineOperation {
        switch operation {
        case .fetchCount(let query):
            return OnlineOperation(
                request: try requestBuilder.count(query, headers: headers), answer: .raw,
                decoding: .custom { response, _ in
                    let text = String(decoding: response.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    guard let count = Int(text), count >= 0 else {
                        throw ODataError(
                            .decoding, "$count answered '\(text.prefix(80))', not a count", method: "GET", url: response.url,
                            statusCode: response.statusCode, responseBody: response.body, position: 0)
                    }
                    return .count(count)
                })
        case .fetchProperty(let property, let query):
            return OnlineOperation(
                request: try requestBuilder.property(property, of: query, headers: headers), answer: .payload(orEmpty: false),
                decoding: .value(property.type))
        case .fetchPropertyValue(let property, let query):
            return OnlineOperation(
                request: try requestBuilder.propertyValue(property, of: query, headers: headers), answer: .raw, decoding: .body)
        case .loadProperty(let navigation, let entity, let query):
            let request = try requestBuilder.navigation(navigation, of: entity, query: query, headers: headers)
            return OnlineOperation(
                request: request, answer: .payload(orEmpty: !navigation.isCollection),
                decoding: .custom { response, codec in
                    var loaded = entity
                    if navigation.isCollection {
                        loaded[navigation] = .entities(
                            try codec.decodeEntityList(response.body, entityType: navigation.targetType).entities)
                    } else if response.statusCode == 204 {
                        loaded[navigation] = .entity(nil)
                    } else {
                        loaded[navigation] = .entity(try Self.entity(in: response, type: navigation.targetType, codec: codec))
                    }
                    return .entity(loaded)
                })
        case .invokeFunction(let query, let requestOptions):
            guard let function = query.invocation?.function else {
                throw ODataError(.invalidRequest, "the query invokes no function import")
            }
            let request = try requestBuilder.invoke(query, headers: headers, options: requestOptions)
            return OnlineOperation(
                request: request, answer: .payload(orEmpty: true),
                decoding: .custom { response, codec in
                    if response.statusCode == 204 || response.body.isEmpty { return .function(.none) }
                    return .function(try codec.decodeFunctionResult(response.body, function: function))
                })
        case .fetchMetadataDocument:
            return OnlineOperation(request: try requestBuilder.metadata(headers: headers), answer: .raw, decoding: .body)
        default:
            return try write(operation, headers: headers)
        }
    }
}
