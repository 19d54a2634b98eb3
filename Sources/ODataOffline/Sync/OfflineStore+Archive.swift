import Foundation
import OData

extension OfflineStore {
    /// The error archive, oldest first.
    func archiveEntries() throws -> [OfflineODataErrorArchiveEntry] {
        try db.query("SELECT id, method, url, body, status, code, message, eset, ekey, server_body FROM archive ORDER BY id").map { row in
            let set = row[7].text
            let key = row[8].text ?? ""
            var affected: EntityValue?
            var server: EntityValue?
            if let set, let descriptor = model.entitySet(named: set) {
                affected = try self.row(set: set, key: key, includeDeleted: true).map {
                    try $0.entity(as: descriptor.entityType, resolver: typeResolver)
                }
                if let stored = row[9].data, let server0 = try? serverEntity(stored, type: descriptor.entityType) { server = server0 }
            }
            return OfflineODataErrorArchiveEntry(
                id: row[0].integer ?? 0, requestMethod: row[1].text ?? "", requestURL: row[2].text ?? "", requestBody: row[3].data,
                httpStatusCode: row[4].integer.map(Int.init), code: row[5].text, message: row[6].text ?? "", affectedEntity: affected,
                serverEntity: server, entitySetName: set)
        }
    }

    /// The server's version of an entity kept with a 412 archive entry.
    func serverEntity(_ stored: Data, type: EntityTypeDescriptor) throws -> EntityValue? {
        guard let object = try JSONSerialization.jsonObject(with: stored) as? [String: String], let body = object["body"] else {
            return nil
        }
        var entity = try ODataJSONDecoder(typeResolver: typeResolver).decodeEntity(Data(body.utf8), entityType: type)
        if let etag = object["etag"], !etag.isEmpty { entity.metadata.etag = etag }
        return entity
    }

    /// Deletes an archive entry and reverts its entity's local change once nothing else of it is pending:
    /// to the server's version kept with a 412, else to the state before the change (a local entity is removed).
    func deleteArchiveEntry(id: Int64) throws {
        try db.transaction {
            guard let row = try db.query("SELECT eset, ekey, server_body FROM archive WHERE id = ?", [.integer(id)]).first else {
                throw Self.notFound("no error archive entry \(id)")
            }
            try db.run("DELETE FROM archive WHERE id = ?", [.integer(id)])
            guard let set = row[0].text, let key = row[1].text else { return }
            let remaining =
                try db.query(
                    "SELECT (SELECT count(*) FROM queue WHERE eset = ?1 AND ekey = ?2) + (SELECT count(*) FROM archive WHERE eset = ?1 AND ekey = ?2)",
                    [.text(set), .text(key)]
                ).first?.first?.integer ?? 0
            if let stored = row[2].data, let descriptor = model.entitySet(named: set),
                let server = try serverEntity(stored, type: descriptor.entityType)
            {
                try db.run(
                    "UPDATE entities SET original = ?, original_etag = ?, has_original = 1 WHERE eset = ? AND ekey = ?",
                    [.json(EntityRow.body(of: server)), .optional(server.metadata.etag), .text(set), .text(key)])
            }
            if remaining == 0 { try undo(set: set, key: key) }
        }
    }
}
