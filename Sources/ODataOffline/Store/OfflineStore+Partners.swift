import Foundation
import OData
import ODataMetadata

extension OfflineStore {
    /// The navigation property that leads back from the target of `navigation` (declared on the entity type
    /// of `set`): the one of the same association with the roles swapped, with whether it is to-many; nil
    /// when the target type declares none.
    func partner(of set: String, navigation: String) -> (name: String, isCollection: Bool)? {
        let metadata = model.metadata
        guard let source = model.entitySet(named: set), let target = model.targetEntitySet(from: source, navigation: navigation),
            let sourceType = metadata.entityType(named: source.entityType.qualifiedName),
            let forward = sourceType.navigationProperty(named: navigation),
            let targetType = metadata.entityType(named: target.entityType.qualifiedName)
        else { return nil }
        let relationship = metadata.resolveAlias(forward.relationship)
        guard
            let back = targetType.navigationProperties.first(where: {
                metadata.resolveAlias($0.relationship) == relationship && $0.fromRole == forward.toRole && $0.toRole == forward.fromRole
            }), let descriptor = target.entityType.navigationProperty(named: back.name)
        else { return nil }
        return (back.name, descriptor.isCollection)
    }

    /// Stores the reverse of a relation (`target —partner→ source`) when the target's type has a partner
    /// navigation; a to-one partner points to this source only.
    func addReverseLink(_ set: String, _ key: String, _ navigation: String, _ targetSet: String, _ targetKey: String, staged: Bool)
        throws
    {
        guard let partner = partner(of: set, navigation: navigation) else { return }
        let table = staged ? "staged_links" : "links"
        let target: [SQLValue] = [.text(targetSet), .text(targetKey), .text(partner.name)]
        if !partner.isCollection {
            try db.run("DELETE FROM \(table) WHERE eset = ? AND ekey = ? AND nav = ?", target)
            if staged { try db.run("INSERT OR IGNORE INTO staged_navs(eset, ekey, nav) VALUES(?,?,?)", target) }
        }
        try db.run(
            "INSERT OR IGNORE INTO \(table)(eset, ekey, nav, tset, tkey, pos) VALUES(?,?,?,?,?,?)",
            target + [.text(set), .text(key), .integer(Int64(Int32.max))])
    }

    /// Removes the reverse of a relation.
    func removeReverseLink(_ set: String, _ key: String, _ navigation: String, _ targetSet: String, _ targetKey: String) throws {
        guard let partner = partner(of: set, navigation: navigation) else { return }
        try db.run(
            "DELETE FROM links WHERE eset = ? AND ekey = ? AND nav = ? AND tset = ? AND tkey = ?",
            [.text(targetSet), .text(targetKey), .text(partner.name), .text(set), .text(key)])
    }
}
