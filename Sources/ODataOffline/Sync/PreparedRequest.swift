import Foundation
import OData

/// A queued request made ready to send: its path relative to the service root, method, headers and body,
/// built from the store's current keys, links and ETags.
struct PreparedRequest {
    var method: String
    var path: String
    var headers: HTTPHeaders
    var body: Data?

    /// Prepares a queued request; `repeatable` stamps it with repeatable-request headers.
    init(_ entry: QueueEntry, store: OfflineStore, serviceRoot: URL, repeatable: RepeatableRequests = .off) throws {
        func path(_ set: String, _ key: String) throws -> String {
            guard let row = try store.row(set: set, key: key, includeDeleted: true) else {
                throw OfflineStore.notFound("\(set)\(key) is not in the offline store")
            }
            if !row.isLocal, let link = row.editLink ?? row.uri {
                let root = serviceRoot.absoluteString
                return link.hasPrefix(root) ? String(link.dropFirst(root.count)) : link
            }
            return try URLEncoding.encodePath(set) + store.urlPredicate(of: row)
        }
        method = entry.method
        headers = HTTPHeaders()
        for (name, value) in entry.headers.sorted(by: { $0.key < $1.key }) { headers[name] = value }
        headers["Accept"] = store.jsonMediaType
        let subject = try store.row(set: entry.set, key: entry.key, includeDeleted: true)
        switch entry.kind {
        case .create:
            self.path = URLEncoding.encodePath(entry.set)
            body = try entry.body ?? Self.createBody(entry, store: store, serviceRoot: serviceRoot)
        case .createRelated:
            self.path = try path(entry.targetSet ?? "", entry.targetKey ?? "") + "/" + URLEncoding.encodePath(entry.navigation ?? "")
            body = try entry.body ?? Self.createBody(entry, store: store, serviceRoot: serviceRoot)
        case .update:
            self.path = try path(entry.set, entry.key)
            let type = try store.entitySet(entry.set).entityType
            let mode = UpdateMode(rawValue: entry.method) ?? .merge
            body = try entry.body ?? store.updateBody(set: entry.set, key: entry.key, type: type, properties: entry.properties, mode: mode)
            if let etag = subject?.etag { headers["If-Match"] = etag }
        case .delete:
            self.path = try path(entry.set, entry.key)
            if let etag = subject?.etag { headers["If-Match"] = etag }
        case .addLink, .setLink, .removeLink:
            var linkPath = try path(entry.set, entry.key) + "/$links/" + URLEncoding.encodePath(entry.navigation ?? "")
            if entry.kind == .removeLink, let targetSet = entry.targetSet, let targetKey = entry.targetKey {
                linkPath += try store.urlPredicate(set: targetSet, key: targetKey)
            }
            self.path = linkPath
            if entry.kind != .removeLink {
                let target = try path(entry.targetSet ?? "", entry.targetKey ?? "")
                let uri = target.contains("://") ? target : serviceRoot.absoluteString + target
                body = ODataJSONEncoder().encodeLink(uri: uri)
            }
        case .uploadMedia:
            self.path =
                try subject?.mediaEditLink.map { link in
                    let root = serviceRoot.absoluteString
                    return link.hasPrefix(root) ? String(link.dropFirst(root.count)) : link
                } ?? (path(entry.set, entry.key) + "/$value")
            body = entry.body
            if let etag = subject?.mediaETag ?? subject?.etag { headers["If-Match"] = etag }
        case .createMedia:
            self.path = URLEncoding.encodePath(entry.set)
            body = entry.body
        }
        if body != nil { headers["Content-Type"] = entry.contentType ?? store.jsonMediaType }
        // Repeatable requests (when the online options turn them on): a new id and first-sent time, unless the
        // queued request kept those of an earlier send (then every attempt carries the same ones).
        repeatable.stamp(&headers)
    }

    /// The `POST` body of a local entity: its stored values without its local key, and its stored relations to
    /// entities that exist on the server bound by URI.
    static func createBody(_ entry: QueueEntry, store: OfflineStore, serviceRoot: URL) throws -> Data {
        guard let row = try store.row(set: entry.set, key: entry.key, includeDeleted: true) else {
            throw OfflineStore.notFound("\(entry.set)\(entry.key) is not in the offline store")
        }
        let set = try store.entitySet(entry.set)
        let stored = try row.entity(as: set.entityType, resolver: store.typeResolver)
        var values = stored.values
        for property in stored.entityType.keyProperties where isLocalKeyValue(stored[property]) { values[property.index] = nil }
        var navigation: [NavigationValue?] = Array(repeating: nil, count: stored.entityType.navigationProperties.count)
        let links = try store.db.query(
            """
            SELECT l.nav, l.tset, l.tkey, coalesce(e.edit_link, e.uri) FROM links l
            JOIN entities e ON e.eset = l.tset AND e.ekey = l.tkey
            WHERE l.eset = ? AND l.ekey = ? AND e.is_local = 0 ORDER BY l.pos
            """, [.text(entry.set), .text(entry.key)])
        for link in links {
            // A related create is bound to its parent by its URL already.
            if entry.kind == .createRelated, link[1].text == entry.targetSet, link[2].text == entry.targetKey { continue }
            guard let descriptor = stored.entityType.navigationProperty(named: link[0].text ?? "") else { continue }
            var target = EntityValue(type: descriptor.targetType)
            let targetSet = link[1].text ?? ""
            let targetKey = link[2].text ?? ""
            var uri = try link[3].text ?? URLEncoding.encodePath(targetSet) + store.urlPredicate(set: targetSet, key: targetKey)
            if !uri.contains("://") { uri = serviceRoot.absoluteString + uri }
            target.metadata.uri = uri
            if descriptor.isCollection {
                var list: [EntityValue] = []
                if case .entities(let existing)? = navigation[descriptor.index] { list = existing }
                navigation[descriptor.index] = .entities(list + [target])
            } else {
                navigation[descriptor.index] = .entity(target)
            }
        }
        let entity = EntityValue(type: stored.entityType, loadedValues: values, navigationValues: navigation, metadata: EntityMetadata())
        return ODataJSONEncoder().encodeForCreate(entity)
    }

    /// Whether a key value is one the store made up (`LOCAL-n`, a negative number).
    static func isLocalKeyValue(_ value: EdmValue?) -> Bool {
        switch value {
        case .string(let text)?: return text.hasPrefix("LOCAL-")
        case .int64(let number)?: return number < 0
        case .int32(let number)?: return number < 0
        case .int16(let number)?: return number < 0
        default: return false
        }
    }
}
