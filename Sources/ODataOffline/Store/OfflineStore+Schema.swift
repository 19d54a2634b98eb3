import Foundation
import OData
import ODataMetadata

extension OfflineStore {
    /// Creates the typed table of every entity set (with its key and foreign-key indexes) and checks the
    /// store's layout version: a store of version 1 (entities as JSON bodies) is migrated to typed columns in
    /// one transaction; a store of a newer version is refused with a typed error.
    func prepareTables() throws {
        let stored = try meta("schema_version").flatMap { Int(String(decoding: $0, as: UTF8.self)) }
        if let stored, stored > Self.schemaVersion {
            throw ODataError(
                .invalidRequest,
                "offline store \(db.path) has layout version \(stored), newer than this SDK's \(Self.schemaVersion): open it with a newer SDK"
            )
        }
        try db.transaction {
            for table in tables.values.sorted(by: { $0.set < $1.set }) {
                try db.execute(table.schema(foreignKeys: foreignKeyColumns(of: table)))
            }
            if stored == nil {
                let hasRows = (try db.query("SELECT count(*) FROM entities").first?.first?.integer ?? 0) > 0
                let columns = try db.query("PRAGMA table_info(entities)").compactMap { $0[1].text }
                if !columns.contains("unset") { try db.execute("ALTER TABLE entities ADD COLUMN unset TEXT") }
                if hasRows { try migrateJSONBodies() }
                try db.execute("DROP TABLE IF EXISTS staged_entities")
                try setMeta("schema_version", Data(String(Self.schemaVersion).utf8))
            }
        }
    }

    /// Version 1 → 2: each entity's JSON body (all its values) becomes its typed columns and extra JSON.
    private func migrateJSONBodies() throws {
        for table in tables.values {
            let rows = try db.query("SELECT ekey, body, type_name FROM entities WHERE eset = ?", [.text(table.set)])
            for row in rows {
                guard let key = row[0].text else { continue }
                let type = row[2].text.flatMap(typeResolver) ?? table.type
                let entity: EntityValue
                do {
                    entity = try ODataJSONDecoder(typeResolver: typeResolver).decodeEntity(row[1].data ?? Data(), entityType: type)
                } catch {
                    throw ODataError(
                        .decoding, "offline store: migrating \(table.set)\(key) to typed columns failed: \(error)", underlyingError: error)
                }
                try writeValues(entity, set: table.set, key: key)
            }
        }
    }

    /// The property lists of a set's type that are the dependent end of a referential constraint (indexed).
    func foreignKeyColumns(of table: EntityTable) -> [[String]] {
        let metadata = model.metadata
        var names = Set([table.type.qualifiedName])
        if let base = table.type.baseTypeName { names.insert(base) }
        var result: [[String]] = []
        for association in metadata.associations {
            guard let constraint = association.referentialConstraint,
                let end = association.ends.first(where: { $0.role == constraint.dependentRole }),
                names.contains(metadata.resolveAlias(end.type)), !result.contains(constraint.dependentProperties)
            else { continue }
            result.append(constraint.dependentProperties)
        }
        return result
    }

    /// The property pairs that relate the entity of `set` to the targets of `navigation` through a
    /// referential constraint (source property, target property), and whether the source is the principal
    /// end; nil when the association has none.
    func foreignKey(of set: String, navigation: String) -> (pairs: [(source: String, target: String)], sourceIsPrincipal: Bool)? {
        let metadata = model.metadata
        guard let source = model.entitySet(named: set),
            let sourceType = metadata.entityType(named: source.entityType.qualifiedName)
                ?? source.entityType.baseTypeName.flatMap({ metadata.entityType(named: $0) }),
            let forward = sourceType.navigationProperty(named: navigation),
            let association = metadata.association(named: metadata.resolveAlias(forward.relationship)),
            let constraint = association.referentialConstraint,
            constraint.principalProperties.count == constraint.dependentProperties.count
        else { return nil }
        if forward.fromRole == constraint.principalRole && forward.toRole == constraint.dependentRole {
            return (zip(constraint.principalProperties, constraint.dependentProperties).map { ($0, $1) }, true)
        }
        if forward.fromRole == constraint.dependentRole && forward.toRole == constraint.principalRole {
            return (zip(constraint.dependentProperties, constraint.principalProperties).map { ($0, $1) }, false)
        }
        return nil
    }

    /// Keeps the foreign-key columns in step with a local relation change, as the server does: the dependent's
    /// foreign key takes the principal's values when linked, and null when unlinked. Returns false where it
    /// cannot: no referential constraint, a principal with a local key, a foreign key that is not nullable.
    @discardableResult
    func applyForeignKey(
        linked: Bool, set: String, key: String, navigation: String, targetSet: String, targetKey: String?
    ) throws -> Bool {
        guard let (pairs, sourceIsPrincipal) = foreignKey(of: set, navigation: navigation) else { return false }
        let (dependentSet, dependentKey, principalSet, principalKey): (String, String?, String, String?) =
            sourceIsPrincipal ? (targetSet, targetKey, set, key) : (set, key, targetSet, targetKey)
        guard let dependentKey, let dependent = try row(set: dependentSet, key: dependentKey, includeDeleted: true) else { return false }
        var values: [(column: String, value: SQLValue)] = []
        let principal = try principalKey.flatMap { try row(set: principalSet, key: $0, includeDeleted: true) }
        for pair in pairs {
            let (dependentName, principalName) = sourceIsPrincipal ? (pair.target, pair.source) : (pair.source, pair.target)
            guard let column = dependent.table.columnIndex[dependentName] else { return false }
            let descriptor = dependent.table.columns[column]
            if linked {
                guard let principal, let from = principal.table.columnIndex[principalName] else { return false }
                values.append((descriptor.name, principal.values[from]))
            } else {
                guard descriptor.property.isNullable, !descriptor.property.isKey else { return false }
                values.append((descriptor.name, .null))
            }
        }
        try db.run(
            "UPDATE \(dependent.table.name) SET \(values.map { $0.column + " = ?" }.joined(separator: ", ")) "
                + "WHERE id = (SELECT id FROM entities WHERE eset = ? AND ekey = ?)",
            values.map(\.value) + [.text(dependentSet), .text(dependentKey)])
        return true
    }
}
