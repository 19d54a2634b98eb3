import Foundation
import OData

extension OfflineStore {
    /// The entity set and stored key of an entity the app passes in: by `set` when given, else from its URI,
    /// else the only set of its type; a local key replaced by the server's after an upload is followed.
    func locate(_ entity: EntityValue, set: EntitySetDescriptor?) throws -> (set: String, key: String) {
        let name: String
        if let set {
            name = set.name
        } else if let uri = entity.metadata.editLink ?? entity.metadata.uri, let address = address(ofURI: uri) {
            name = address.set
        } else {
            let sets = model.entitySets.filter { $0.entityType.qualifiedName == entity.entityType.qualifiedName }
            guard sets.count == 1, let only = sets.first else {
                throw ODataError(.invalidRequest, "offline store: the \(entity.entityType.name) has no URI; pass its entity set")
            }
            name = only.name
        }
        let key = entity.key.predicate
        if try row(set: name, key: key, includeDeleted: true) == nil,
            let mapped = try db.query("SELECT server_key FROM key_map WHERE eset = ? AND local_key = ?", [.text(name), .text(key)])
                .first?.first?.text
        {
            return (name, mapped)
        }
        return (name, key)
    }

    /// Gives an entity without a complete key a local one: `LOCAL-<n>` for strings, a negative number for
    /// numbers, a random GUID for GUIDs.
    func assignLocalKey(_ entity: inout EntityValue) throws {
        for property in entity.entityType.keyProperties where (entity[property] ?? .null).isNull {
            let counter = (try db.query("SELECT value FROM meta WHERE name = 'local_counter'").first?.first?.integer ?? 0) + 1
            try db.run("INSERT OR REPLACE INTO meta(name, value) VALUES('local_counter', ?)", [.integer(counter)])
            let value: EdmValue
            switch property.type.primitiveType {
            case .string?: value = .string("LOCAL-\(counter)")
            case .int64?: value = .int64(-counter)
            case .int32?: value = .int32(Int32(truncatingIfNeeded: -counter))
            case .int16?: value = .int16(Int16(truncatingIfNeeded: -counter))
            case .decimal?: value = .decimal(BigDecimal(-counter))
            case .guid?: value = .guid(GuidValue.random())
            default:
                throw ODataError(
                    .invalidRequest, "offline store: the \(entity.entityType.name) needs a value for its key \(property.name)")
            }
            try entity.set(property, to: value)
        }
    }

    /// Keeps the entity's state before its first pending change (its values as JSON), for undo.
    func snapshotOriginal(set: String, key: String) throws {
        let address: [SQLValue] = [.text(set), .text(key)]
        guard try db.query("SELECT has_original FROM entities WHERE eset = ? AND ekey = ?", address).first?.first?.integer == 0,
            let row = try row(set: set, key: key, includeDeleted: true)
        else { return }
        let body = EntityRow.body(of: try row.entity(as: row.table.type, resolver: typeResolver))
        try db.run(
            "UPDATE entities SET original = ?, original_etag = etag, has_original = 1 WHERE eset = ? AND ekey = ?",
            [.json(body)] + address)
    }

    /// Creates an entity in the store (a local key when it has none) and queues its `POST`; `parent` makes it a
    /// related create (`POST Parent(key)/Nav`). Key uniqueness is checked. Returns the stored entity.
    func createLocal(
        _ entity: EntityValue, in set: EntitySetDescriptor, parent: (set: String, key: String, navigation: String)?,
        combinable: Bool, headers: [String: String]
    ) throws -> EntityValue {
        try db.transaction {
            var entity = entity
            try assignLocalKey(&entity)
            let key = entity.key.predicate
            if try row(set: set.name, key: key, includeDeleted: true) != nil {
                throw ODataError(.httpStatus, "offline store: \(set.name)\(key) already exists", statusCode: 409)
            }
            var row = try makeRow(entity, set: set.name)
            row.uri = nil
            row.editLink = nil
            row.etag = nil
            try upsert(row, isLocal: true, pending: true)
            var created: [(NavigationDescriptor, EntitySetDescriptor, EntityValue)] = []
            for navigation in entity.entityType.navigationProperties {
                guard let target = model.targetEntitySet(from: set, navigation: navigation.name) else { continue }
                for (position, related) in entity.relatedEntities(navigation).enumerated() {
                    if try self.row(set: target.name, key: related.key.predicate) != nil {
                        try addLinkRow(set.name, key, navigation.name, target.name, related.key.predicate, position: position)
                    } else {
                        created.append((navigation, target, related))
                    }
                }
            }
            var entry = QueueEntry(kind: parent == nil ? .create : .createRelated, method: "POST", set: set.name, key: key)
            if let parent {
                try addLinkRow(parent.set, parent.key, parent.navigation, set.name, key, position: Int(Int32.max))
                entry.targetSet = parent.set
                entry.targetKey = parent.key
                entry.navigation = parent.navigation
            }
            entry.combinable = combinable
            entry.headers = headers
            if !combinable {
                entry.body = try PreparedRequest.createBody(
                    entry, store: self, serviceRoot: URL(string: serviceRoot) ?? URL(fileURLWithPath: "/"))
            }
            try enqueue(entry)
            // Deep insert: related entities that are new are created after this one, related to it.
            for (navigation, target, related) in created {
                _ = try createLocal(
                    related, in: EntitySetDescriptor(name: target.name, entityType: related.entityType),
                    parent: (set.name, key, navigation.name), combinable: combinable, headers: headers)
            }
            return try self.row(set: set.name, key: key).map { try $0.entity(as: entity.entityType, resolver: typeResolver) } ?? entity
        }
    }

    /// Applies an update to the stored entity and queues it, combined with the entity's last queued create or
    /// update when allowed. Returns the stored entity.
    func updateLocal(
        _ entity: EntityValue, set: String, key: String, mode: UpdateMode, combinable: Bool, headers: [String: String]
    ) throws -> EntityValue {
        try db.transaction {
            guard let row = try row(set: set, key: key) else { throw Self.notFound("\(set)\(key) is not in the offline store") }
            var stored = try row.entity(as: entity.entityType, resolver: typeResolver)
            let changed =
                mode == .replace ? entity.entityType.properties.filter { entity[$0] != nil } : entity.changedProperties
            if changed.isEmpty { return stored }
            for property in changed { try stored.set(property, to: entity[property] ?? .null) }
            try snapshotOriginal(set: set, key: key)
            try writeValues(stored, set: set, key: key)
            try db.run("UPDATE entities SET pending = 1 WHERE eset = ? AND ekey = ?", [.text(set), .text(key)])
            let names = changed.map(\.name)
            let last = try queued(set: set, key: key).last { $0.set == set && $0.key == key }
            stored.acceptChanges()
            if combinable, let last, last.combinable, !last.wasInFlight {
                if (last.kind == .create || last.kind == .createRelated) && last.body == nil { return stored }
                if last.kind == .update && last.method == mode.rawValue && last.body == nil {
                    var merged = last
                    merged.properties = last.properties + names.filter { !last.properties.contains($0) }
                    try updateQueued(merged)
                    return stored
                }
            }
            var entry = QueueEntry(kind: .update, method: mode.rawValue, set: set, key: key)
            entry.properties = names
            entry.combinable = combinable
            entry.headers = headers
            if !combinable { entry.body = try updateBody(set: set, key: key, type: entity.entityType, properties: names, mode: mode) }
            try enqueue(entry)
            return stored
        }
    }

    /// The body of an update sending `properties` with their stored values.
    func updateBody(set: String, key: String, type: EntityTypeDescriptor, properties: [String], mode: UpdateMode) throws -> Data {
        guard let row = try row(set: set, key: key, includeDeleted: true) else {
            throw Self.notFound("\(set)\(key) is not in the offline store")
        }
        var entity = try row.entity(as: type, resolver: typeResolver)
        for name in properties {
            // Setting the stored value again marks it changed, so that the body carries it.
            guard let property = entity.entityType.property(named: name), let value = entity[property] else { continue }
            try entity.set(property, to: value)
        }
        return ODataJSONEncoder().encodeForUpdate(entity, mode: mode)
    }

    /// Deletes the entity locally and queues its `DELETE`; a local entity whose requests are all combinable
    /// disappears with its queued requests (create + delete: nothing is sent).
    func deleteLocal(set: String, key: String, combinable: Bool, optimize: Bool, headers: [String: String]) throws {
        try db.transaction {
            guard let row = try row(set: set, key: key) else { throw Self.notFound("\(set)\(key) is not in the offline store") }
            let entries = try queued(set: set, key: key)
            // A request sent without an answer may have been applied: it is not dropped or folded into.
            if optimize, combinable, row.isLocal, entries.allSatisfy({ $0.combinable && !$0.wasInFlight }) {
                try db.run(
                    "DELETE FROM queue WHERE (eset = ? AND ekey = ?) OR (tset = ? AND tkey = ?)",
                    [.text(set), .text(key), .text(set), .text(key)])
                try removeEntity(set: set, key: key)
                return
            }
            if optimize, combinable {
                for entry in entries
                where entry.kind == .update && entry.combinable && !entry.wasInFlight && entry.set == set && entry.key == key {
                    try dequeue(entry.id)
                }
            }
            try snapshotOriginal(set: set, key: key)
            try db.run("UPDATE entities SET deleted = 1, pending = 1 WHERE eset = ? AND ekey = ?", [.text(set), .text(key)])
            var entry = QueueEntry(kind: .delete, method: "DELETE", set: set, key: key)
            entry.combinable = combinable
            entry.headers = headers
            try enqueue(entry)
        }
    }

    /// Removes an entity with its relations and media.
    func removeEntity(set: String, key: String) throws {
        let address: [SQLValue] = [.text(set), .text(key)]
        try db.run("DELETE FROM entities WHERE eset = ? AND ekey = ?", address)
        try db.run("DELETE FROM links WHERE (eset = ? AND ekey = ?) OR (tset = ? AND tkey = ?)", address + address)
        try db.run("DELETE FROM media WHERE eset = ? AND ekey = ?", address)
        try db.run("DELETE FROM link_navs WHERE eset = ? AND ekey = ?", address)
    }

    /// Records that an entity's navigation is kept in `links` (downloaded expanded, or changed locally), so
    /// that it is no longer read through the foreign key.
    /// The targets' partner navigations (when there is one) are marked too.
    func markLinked(_ set: String, _ key: String, _ navigation: String, targetSet: String, targetKeys: [String]) throws {
        try db.run("INSERT OR IGNORE INTO link_navs(eset, ekey, nav) VALUES(?,?,?)", [.text(set), .text(key), .text(navigation)])
        guard let partner = partner(of: set, navigation: navigation) else { return }
        for target in targetKeys {
            try db.run(
                "INSERT OR IGNORE INTO link_navs(eset, ekey, nav) VALUES(?,?,?)", [.text(targetSet), .text(target), .text(partner.name)])
        }
    }

    /// Adds a relation row, and its reverse when the target's type has a partner navigation. Where a
    /// referential constraint relates the two, the dependent's foreign key takes the principal's key (navigation
    /// follows it); where it cannot (no constraint, a local principal), the navigations are marked as kept in `links`.
    func addLinkRow(_ set: String, _ key: String, _ navigation: String, _ targetSet: String, _ targetKey: String, position: Int) throws {
        try db.run(
            "INSERT OR IGNORE INTO links(eset, ekey, nav, tset, tkey, pos) VALUES(?,?,?,?,?,?)",
            [.text(set), .text(key), .text(navigation), .text(targetSet), .text(targetKey), .integer(Int64(position))])
        try addReverseLink(set, key, navigation, targetSet, targetKey, staged: false)
        let applied = try applyForeignKey(
            linked: true, set: set, key: key, navigation: navigation, targetSet: targetSet, targetKey: targetKey)
        if !applied { try markLinked(set, key, navigation, targetSet: targetSet, targetKeys: [targetKey]) }
    }
}
