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
    /// The write operations (and `$links`, media), built for `send`.
    func write(_ operation: DataServiceOperation, headers: HTTPHeaders) throws -> OnlineOperation {
        switch operation {
        case .createEntity(let entity, let entitySet):
            try entitySet.checkAllows(.create)
            return created(entity, by: try requestBuilder.create(entity, in: entitySet, headers: headers))
        case .createRelatedEntity(let entity, let parent, let property, let parentSet):
            return created(
                entity, by: try requestBuilder.createRelated(entity, in: parent, property: property, parentSet: parentSet, headers: headers)
            )
        case .deleteEntity(let entity, let entitySet, let requestOptions):
            try entitySet?.checkAllows(.delete)
            return answeringNothing(try requestBuilder.delete(entity, in: entitySet, headers: headers, options: requestOptions))
        case .fetchLinks(let entity, let property, let entitySet):
            let request = try requestBuilder.links(from: entity, property: property, entitySet: entitySet, headers: headers)
            return OnlineOperation(request: request, answer: .payload(orEmpty: false), decoding: .links)
        case .addLink(let entity, let property, let target, let entitySet, let targetSet):
            return answeringNothing(
                try requestBuilder.link(
                    "POST", from: entity, property: property, to: target, entitySet: entitySet, targetSet: targetSet, headers: headers))
        case .setLink(let entity, let property, let target, let entitySet, let targetSet):
            return answeringNothing(
                try requestBuilder.link(
                    "PUT", from: entity, property: property, to: target, entitySet: entitySet, targetSet: targetSet, headers: headers))
        case .removeLink(let entity, let property, let target, let entitySet):
            return answeringNothing(
                try requestBuilder.removeLink(from: entity, property: property, to: target, entitySet: entitySet, headers: headers))
        case .fetchMedia(let entity, let entitySet):
            return OnlineOperation(
                request: try requestBuilder.media(of: entity, entitySet: entitySet, headers: headers), answer: .raw, decoding: .body)
        case .downloadMedia(let entity, let file, let entitySet):
            let request = try requestBuilder.media(of: entity, entitySet: entitySet, to: file, headers: headers)
            return OnlineOperation(
                request: request, answer: .raw, decoding: .custom { response, _ in .contentType(response.headers["Content-Type"]) })
        case .uploadMedia(let entity, let body, let contentType, let entitySet):
            let request = try requestBuilder.uploadMedia(
                of: entity, body: body, contentType: contentType, entitySet: entitySet, headers: headers)
            return OnlineOperation(request: request, answer: .raw, decoding: .custom { response, _ in .etag(response.headers["ETag"]) })
        case .createMedia(let entitySet, let body, let contentType, let slug):
            let request = try requestBuilder.createMedia(in: entitySet, body: body, contentType: contentType, slug: slug, headers: headers)
            return OnlineOperation(request: request, answer: .payload(orEmpty: false), decoding: .entity(entitySet.entityType))
        default:
            throw operation.unsupported(by: "OnlineODataProvider")
        }
    }

    /// An update: answered by the entity with its changes accepted and the response's ETag.
    func update(_ entity: EntityValue, in entitySet: EntitySetDescriptor?, headers: HTTPHeaders, options requestOptions: RequestOptions)
        throws -> OnlineOperation
    {
        let request = try requestBuilder.update(entity, in: entitySet, headers: headers, options: requestOptions)
        return OnlineOperation(
            request: request, answer: .raw,
            decoding: .custom { response, _ in .entity(entity.updated(answeredBy: response.headers)) })
    }

    /// A `$batch` of the batch's reads and changesets; the answer's parts are recorded in the batch.
    func batch(_ batch: RequestBatch, headers: HTTPHeaders) throws -> OnlineOperation {
        OnlineOperation(
            request: try requestBuilder.batch(batch, headers: headers), answer: .mediaType("multipart/mixed"),
            decoding: .custom { [serviceRoot] response, _ in
                try batch.record(
                    try BatchReader.decode(response.body, contentType: response.headers["Content-Type"] ?? ""), serviceRoot: serviceRoot)
                return DataServiceResult.none
            })
    }

    /// A create: answered by the server's entity, or (204, or no body) the entity sent with the `Location` and
    /// `ETag` of the response.
    private func created(_ entity: EntityValue, by request: HTTPRequest) -> OnlineOperation {
        OnlineOperation(
            request: request, answer: .payload(orEmpty: true),
            decoding: .custom { response, codec in
                .entity(
                    try entity.created(answeredBy: response.statusCode, headers: response.headers, hasBody: !response.body.isEmpty) {
                        try codec.decodeEntity(response.body, entityType: entity.entityType)
                    })
            })
    }

    /// An operation answered by its status alone.
    private func answeringNothing(_ request: HTTPRequest) -> OnlineOperation {
        OnlineOperation(request: request, answer: .raw, decoding: .nothing)
    }
}
