import Foundation

/// The write, `$links`, media and `$batch` operations of the online provider, each an `OnlineOperation`.
///
/// Creates `POST` the entity in `options.format` (loaded navigation properties deep-inserted or bound) and answer
/// the server's version of it; updates send `MERGE` (default) or `PATCH` with the changed properties, or `PUT` with
/// all, with `If-Match` set to the entity's ETag (a stale one is `.preconditionFailed`); `RequestOptions
/// .tunnelsHTTPMethod` sends the method as `X-HTTP-Method` on a POST. Media is read and written as `$value`, from
/// memory or streamed from and to files; `$batch` goes out as one `multipart/mixed` POST with the CSRF token, and
/// each read and changeset gets its result or typed error.
extension OnlineODataProvider {
    /// The write operations (and `$links`, media, `$batch`).
    func write<Output>(_ operation: DataServiceOperation<Output>, headers: HTTPHeaders) async throws -> Output {
        switch operation.kind {
        case .createEntity(let entity, let entitySet, let answer):
            try entitySet.checkAllows(.create)
            return answer(try await create(entity, by: try requestBuilder.create(entity, in: entitySet, headers: headers)))
        case .createRelatedEntity(let entity, let parent, let property, let parentSet, let answer):
            let request = try requestBuilder.createRelated(entity, in: parent, property: property, parentSet: parentSet, headers: headers)
            return answer(try await create(entity, by: request))
        case .updateEntity(let entity, let entitySet, let requestOptions, let answer):
            try entitySet?.checkAllows(.update)
            if requestOptions.updateMode != .replace && !entity.hasChanges { return answer(entity) }
            let request = try requestBuilder.update(entity, in: entitySet, headers: headers, options: requestOptions)
            return answer(try await run(OnlineOperation(request: request, answer: .raw)) { entity.updated(answeredBy: $0.headers) })
        case .deleteEntity(let entity, let entitySet, let requestOptions, let answer):
            try entitySet?.checkAllows(.delete)
            return answer(try await status(try requestBuilder.delete(entity, in: entitySet, headers: headers, options: requestOptions)))
        case .fetchLinks(let entity, let property, let entitySet, let answer):
            let request = try requestBuilder.links(from: entity, property: property, entitySet: entitySet, headers: headers)
            return answer(
                try await run(OnlineOperation(request: request, answer: .payload(orEmpty: false))) {
                    try codec.decodeLinks($0.body)
                })
        case .addLink(let entity, let property, let target, let entitySet, let targetSet, let answer):
            let request = try requestBuilder.link(
                "POST", from: entity, property: property, to: target, entitySet: entitySet, targetSet: targetSet, headers: headers)
            return answer(try await status(request))
        case .setLink(let entity, let property, let target, let entitySet, let targetSet, let answer):
            let request = try requestBuilder.link(
                "PUT", from: entity, property: property, to: target, entitySet: entitySet, targetSet: targetSet, headers: headers)
            return answer(try await status(request))
        case .removeLink(let entity, let property, let target, let entitySet, let answer):
            let request = try requestBuilder.removeLink(
                from: entity, property: property, to: target, entitySet: entitySet, headers: headers)
            return answer(try await status(request))
        case .fetchMedia(let entity, let entitySet, let answer):
            let request = try requestBuilder.media(of: entity, entitySet: entitySet, headers: headers)
            return answer(try await run(OnlineOperation(request: request, answer: .raw)) { ($0.body, $0.headers["Content-Type"]) })
        case .downloadMedia(let entity, let file, let entitySet, let answer):
            let request = try requestBuilder.media(of: entity, entitySet: entitySet, to: file, headers: headers)
            return answer(try await run(OnlineOperation(request: request, answer: .raw)) { $0.headers["Content-Type"] })
        case .uploadMedia(let entity, let body, let contentType, let entitySet, let answer):
            let request = try requestBuilder.uploadMedia(
                of: entity, body: body, contentType: contentType, entitySet: entitySet, headers: headers)
            return answer(try await run(OnlineOperation(request: request, answer: .raw)) { $0.headers["ETag"] })
        case .createMedia(let entitySet, let body, let contentType, let slug, let answer):
            let request = try requestBuilder.createMedia(in: entitySet, body: body, contentType: contentType, slug: slug, headers: headers)
            return answer(
                try await run(OnlineOperation(request: request, answer: .payload(orEmpty: false))) {
                    try Self.entity(in: $0, type: entitySet.entityType, codec: codec)
                })
        case .processBatch(let batch, let answer):
            if batch.isEmpty { return answer(()) }
            return answer(try await self.batch(batch, headers: headers))
        default:
            throw operation.unsupported(by: "OnlineODataProvider")
        }
    }

    /// A `$batch` of the batch's reads and changesets; the answer's parts are recorded in the batch, with this
    /// provider's decoding of a read's entities (`RequestBatch.entities(from:for:)`).
    func batch(_ batch: RequestBatch, headers: HTTPHeaders) async throws {
        let request = try requestBuilder.batch(batch, headers: headers)
        let decoder: @Sendable (BatchPartResponse, DataQuery) throws -> EntityList = { [serviceRoot, options] part, query in
            try BatchPartCodec.entities(
                from: part, for: query, serviceRoot: serviceRoot, typeResolver: options.typeResolver, expected: options.format)
        }
        try await run(OnlineOperation(request: request, answer: .mediaType("multipart/mixed"))) { [serviceRoot] response in
            batch.decoder = decoder
            try batch.record(
                try BatchReader.decode(response.body, contentType: response.headers["Content-Type"] ?? ""), serviceRoot: serviceRoot)
        }
    }

    /// A create: answered by the server's entity, or (204, or no body) the entity sent with the `Location` and
    /// `ETag` of the response.
    private func create(_ entity: EntityValue, by request: HTTPRequest) async throws(ODataError) -> EntityValue {
        try await run(OnlineOperation(request: request, answer: .payload(orEmpty: true))) { response in
            try entity.created(answeredBy: response.statusCode, headers: response.headers, hasBody: !response.body.isEmpty) {
                try codec.decodeEntity(response.body, entityType: entity.entityType)
            }
        }
    }

    /// A request answered by its status alone.
    private func status(_ request: HTTPRequest) async throws(ODataError) {
        try await run(OnlineOperation(request: request, answer: .raw)) { _ in () }
    }
}
