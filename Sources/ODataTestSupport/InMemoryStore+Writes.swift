import Foundation
import OData

/// Creates, updates, deletes and links in the store.
extension InMemoryStore {
    /// Stores a new entity (a missing single integer key gets the next free number) and deep-inserts
    /// or binds its loaded navigation properties: a related entity whose key exists in the target set
    /// is bound, any other is created there. A key that exists throws `.httpStatus` 409.
    mutating func create(_ entity: EntityValue, in set: EntitySetDescriptor) throws -> EntityValue {
        register(set)
        var value = entity
        if value.key.isIncomplete { try assignKey(&value, in: set) }
        let ref = EntityRef(set: set.name, key: value.key)
        guard index(of: ref) == nil else {
            throw ODataError(.httpStatus, "\(Self.uri(of: ref)) already exists", statusCode: 409)
        }
        let stored = Self.canonical(value, ref: ref, etag: nextETag())
        entities[set.name, default: []].append(stored)
        for navigation in value.entityType.navigationProperties where value.isLoaded(navigation) {
            let targetSet = try self.set(holding: navigation.targetType)
            var refs: [EntityRef] = []
            for related in value.relatedEntities(navigation) {
                let existing = related.key.isIncomplete ? nil : EntityRef(set: targetSet.name, key: related.key)
                if let existing, index(of: existing) != nil {
                    refs.append(existing)
                } else {
                    let created = try create(related, in: targetSet)
                    refs.append(EntityRef(set: targetSet.name, key: created.key))
                }
            }
            links[LinkSource(ref: ref, navigation: navigation.name)] = refs
        }
        return stored
    }

    /// Gives an entity without a key the next free value of its single integer key property.
    private func assignKey(_ entity: inout EntityValue, in set: EntitySetDescriptor) throws {
        let keys = set.entityType.keyProperties
        guard keys.count == 1, let key = keys.first, let type = key.type.primitiveType,
            [.int16, .int32, .int64, .byte, .sByte].contains(type)
        else { throw ODataError(.invalidRequest, "the new \(set.entityType.name) has no complete key") }
        let largest = (entities[set.name] ?? []).compactMap { Self.integer($0[key]) }.max() ?? 0
        let next = largest + 1
        switch type {
        case .int16: try entity.set(key, to: .int16(Int16(truncatingIfNeeded: next)))
        case .int32: try entity.set(key, to: .int32(Int32(truncatingIfNeeded: next)))
        case .byte: try entity.set(key, to: .byte(UInt8(truncatingIfNeeded: next)))
        case .sByte: try entity.set(key, to: .sByte(Int8(truncatingIfNeeded: next)))
        default: try entity.set(key, to: .int64(next))
        }
    }

    private static func integer(_ value: EdmValue?) -> Int64? {
        switch value {
        case .int16(let v)?: return Int64(v)
        case .int32(let v)?: return Int64(v)
        case .int64(let v)?: return v
        case .byte(let v)?: return Int64(v)
        case .sByte(let v)?: return Int64(v)
        default: return nil
        }
    }

    /// Applies an update (MERGE/PATCH: the changed properties; PUT: every non-key property) after
    /// checking the ETag; returns the entity with changes accepted and the new ETag.
    mutating func update(_ entity: EntityValue, in set: EntitySetDescriptor?, mode: UpdateMode) throws -> EntityValue {
        let ref = try ref(of: entity, in: set)
        guard let index = index(of: ref), var stored = entities[ref.set]?[index] else {
            throw Self.notFound("\(Self.uri(of: ref)) does not exist")
        }
        try Self.checkETag(entity.metadata.etag, stored: stored.metadata.etag)
        let properties = mode == .replace ? entity.entityType.properties.filter { !$0.isKey } : entity.changedProperties
        for property in properties {
            guard let target = stored.entityType.property(named: property.name) else { continue }
            try stored.set(target, to: entity[property] ?? .null)
        }
        stored.acceptChanges()
        stored.metadata.etag = nextETag()
        entities[ref.set]?[index] = stored
        var updated = entity
        updated.acceptChanges()
        updated.metadata.etag = stored.metadata.etag
        return updated
    }

    /// Deletes an entity after checking the ETag, with its links (both directions) and media.
    mutating func delete(_ entity: EntityValue, in set: EntitySetDescriptor?) throws {
        let ref = try ref(of: entity, in: set)
        let stored = try self.entity(ref)
        try Self.checkETag(entity.metadata.etag, stored: stored.metadata.etag)
        entities[ref.set]?.removeAll { $0.key == ref.key }
        links = links.filter { $0.key.ref != ref }.mapValues { $0.filter { $0 != ref } }
        media[ref] = nil
    }

    /// Adds (`replacing: false`, to-many) or sets (`replacing: true`, to-one) a link.
    mutating func link(_ source: EntityRef, _ navigation: NavigationDescriptor, to target: EntityRef, replacing: Bool) throws {
        guard navigation.isCollection != replacing else {
            let call = navigation.isCollection ? "addLink" : "setLink"
            throw ODataError(.invalidRequest, "\(navigation.name) is \(navigation.isCollection ? "to-many" : "to-one"): use \(call)")
        }
        _ = try entity(source)
        _ = try entity(target)
        let slot = LinkSource(ref: source, navigation: navigation.name)
        if replacing {
            links[slot] = [target]
        } else if !(links[slot] ?? []).contains(target) {
            links[slot, default: []].append(target)
        }
    }

    /// Removes the link to `target` (to-many) or the link itself (to-one).
    mutating func unlink(_ source: EntityRef, _ navigation: NavigationDescriptor, from target: EntityRef?) throws {
        _ = try entity(source)
        let slot = LinkSource(ref: source, navigation: navigation.name)
        guard navigation.isCollection else {
            links[slot] = nil
            return
        }
        guard let target else { throw ODataError(.invalidRequest, "removing a link of \(navigation.name) needs the target") }
        guard (links[slot] ?? []).contains(target) else {
            throw Self.notFound("\(Self.uri(of: source)) has no \(navigation.name) link to \(Self.uri(of: target))")
        }
        links[slot]?.removeAll { $0 == target }
    }
}
