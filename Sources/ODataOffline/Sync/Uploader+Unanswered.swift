import Foundation
import OData

/// Requests an interrupted upload sent without getting the answer: the service may have applied them. Each is
/// settled without being applied twice, or sent again when the service shows it did not apply it.
extension Uploader {
    /// Settles a request that was sent before and not answered; returns false when it is to be sent (again).
    ///
    /// - A create with a key the app chose: read by that key; found means created.
    /// - A request sent with a repeatable-request id (`OnlineODataProvider.Options.repeatableRequests`) is sent
    ///   again with the same id: the service replays its first answer instead of applying it twice.
    /// - A create whose key the service chooses is otherwise looked for on the service (see `lookUpCreated`);
    ///   when that cannot be told, the create goes to the error archive instead of being sent twice.
    /// - An update: the server's values are compared with those it sends; equal means applied.
    mutating func settleUnanswered(_ entry: QueueEntry) async throws -> Bool {
        // Sent with a repeatable-request id: sent again with the same one, and the service answers it once.
        var sentHeaders = HTTPHeaders()
        for (name, value) in entry.headers { sentHeaders[name] = value }
        if RepeatableRequests.isRepeatable(sentHeaders) { return false }
        switch entry.kind {
        case .create, .createRelated, .createMedia:
            if let key = try clientChosenKey(entry) { return try await alreadyCreated(entry, key: key) }
            switch try await lookUpCreated(entry) {
            case .absent:
                return false
            case .found(let body):
                try store.applySuccess(entry, status: 201, headers: HTTPHeaders(), body: body)
                result.succeeded += 1
            case .unknown(let reason):
                let message = "not sent again: the answer to this create was lost and \(reason), so sending it again could create it twice"
                try store.archive(
                    entry, request: nil, status: nil, code: "ODataOffline.UnansweredCreate", message: message, serverBody: nil)
                blocked.insert(entry.set + "|" + entry.key)
                result.failed += 1
            }
            return true
        case .update:
            return try await alreadyUpdated(entry)
        default:
            return false
        }
    }

    /// The key predicate of a create whose key the app gave (not a local `LOCAL-n` or negative id), or nil.
    private func clientChosenKey(_ entry: QueueEntry) throws -> String? {
        guard entry.kind != .createMedia, let row = try store.row(set: entry.set, key: entry.key, includeDeleted: true),
            let entity = try? row.entity(as: try store.entitySet(entry.set).entityType, resolver: store.typeResolver),
            !entity.entityType.keyProperties.contains(where: { PreparedRequest.isLocalKeyValue(entity[$0]) })
        else { return nil }
        return entry.key
    }

    /// Whether a create with the app's key reached the server (its entity exists there); it is then recorded as
    /// done with the server's values.
    private mutating func alreadyCreated(_ entry: QueueEntry, key: String) async throws -> Bool {
        var read = HTTPRequest(method: "GET", url: try online.url(for: URLEncoding.encodePath(entry.set) + key), headers: headers)
        read.headers["Accept"] = store.jsonMediaType
        do {
            let response = try await online.execute(read)
            try store.applySuccess(entry, status: 201, headers: response.headers, body: response.body)
            result.succeeded += 1
            return true
        } catch let error as ODataError where error.statusCode == 404 {
            return false
        }
    }

    /// What became of a create whose key the service chooses.
    enum LostCreate {
        /// The service made it: the entity as the service returns it (`{"d": …}`).
        case found(Data)
        /// The service does not have it: it is sent again.
        case absent
        /// It cannot be told (why, for the error archive).
        case unknown(String)
    }

    /// Looks for the entity an unanswered create would have made: the service is asked for the entities of the set
    /// whose values equal every non-null primitive value the create sent (`$filter` of `eq` terms; Binary and
    /// floating-point values are left out), and of those the ones the store does not hold (so not one it
    /// downloaded or uploaded before). One such entity is the created one; none means the create did not reach the
    /// service; more than one, or a service that refuses the query, cannot be told apart.
    private func lookUpCreated(_ entry: QueueEntry) async throws -> LostCreate {
        let set = try store.entitySet(entry.set)
        let type = set.entityType
        guard entry.kind != .createMedia else { return .unknown("a media resource cannot be looked up on the service") }
        let body = try entry.body ?? PreparedRequest.createBody(entry, store: store, serviceRoot: online.serviceRoot)
        guard let sent = try? ODataJSONDecoder(typeResolver: store.typeResolver).decodeEntity(body, entityType: type) else {
            return .unknown("its body cannot be read back")
        }
        var filter: QueryFilter?
        for property in type.properties where !property.isKey {
            guard let value = sent[property], !value.isNull, ![.binary, .double, .single].contains(value.edmType),
                let term = property.equal(value)
            else { continue }
            filter = filter.map { $0.and(term) } ?? term
        }
        guard let filter else { return .unknown("it sent no value to look it up by") }
        let limit = 20
        let path = DataQuery().from(set).filter(filter).top(limit).relativeURLString
        var read = HTTPRequest(method: "GET", url: try online.url(for: path), headers: headers)
        read.headers["Accept"] = store.jsonMediaType
        let response: HTTPResponse
        do {
            response = try await online.execute(read)
        } catch {
            guard let status = error.statusCode else { throw error }
            return .unknown(
                "the service refused to look it up (HTTP \(status): \(error.serviceError?.message ?? error.message))")
        }
        guard let list = try? ODataJSONDecoder(typeResolver: store.typeResolver).decodeEntityList(response.body, entityType: type),
            let root = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
            let raw = ((root["d"] as? [String: Any])?["results"] ?? root["d"]) as? [Any], raw.count == list.entities.count
        else { return .unknown("the service's answer to looking it up cannot be read") }
        var candidates: [Int] = []
        for (index, entity) in list.entities.enumerated()
        where try store.row(set: entry.set, key: entity.key.predicate, includeDeleted: true) == nil {
            candidates.append(index)
        }
        switch candidates.count {
        case 0 where list.entities.count < limit:
            return .absent
        case 1:
            return .found(try JSONSerialization.data(withJSONObject: ["d": raw[candidates[0]]]))
        default:
            return .unknown("the service holds \(candidates.count) entities with its values that this store does not know")
        }
    }

    /// Whether an update that may have reached the server did (the server has the values it sends); it is then
    /// recorded as done with the server's ETag, not sent again.
    private mutating func alreadyUpdated(_ entry: QueueEntry) async throws -> Bool {
        guard let row = try store.row(set: entry.set, key: entry.key, includeDeleted: true) else { return false }
        let type = try store.entitySet(entry.set).entityType
        let prepared = try PreparedRequest(
            entry, store: store, serviceRoot: online.serviceRoot, repeatable: online.repeatableRequests)
        var read = HTTPRequest(method: "GET", url: try online.url(for: prepared.path), headers: headers)
        read.headers["Accept"] = store.jsonMediaType
        guard let response = try? await online.execute(read),
            let server = try? ODataJSONDecoder(typeResolver: store.typeResolver).decodeEntity(response.body, entityType: type)
        else { return false }
        // The values the request sends: its kept body, else the stored entity.
        let decoder = ODataJSONDecoder(typeResolver: store.typeResolver)
        let local =
            try entry.body.flatMap { try? decoder.decodeEntity($0, entityType: type) } ?? row.entity(as: type, resolver: store.typeResolver)
        let names = entry.properties.isEmpty ? type.properties.map(\.name) : entry.properties
        let same = names.allSatisfy { name in type.property(named: name).map { local[$0] == server[$0] } ?? true }
        guard same else { return false }
        var headers = HTTPHeaders()
        if let etag = server.metadata.etag ?? response.headers["ETag"] { headers["ETag"] = etag }
        try store.applySuccess(entry, status: 204, headers: headers, body: Data())
        result.succeeded += 1
        return true
    }
}
