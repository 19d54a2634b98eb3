import Foundation
import OData

/// A request the upload could not apply: what was sent, what the server said and the entity it was about.
/// Delete it with `OfflineODataProvider.deleteErrorArchiveEntry(_:)`, which also reverts its local change.
public struct OfflineODataErrorArchiveEntry: Sendable, Identifiable {
    /// The entry's id in the store.
    public let id: Int64
    /// The HTTP method sent (`POST`, `MERGE`, `DELETE`, …).
    public let requestMethod: String
    /// The request URL, relative to the service root.
    public let requestURL: String
    /// The request body (JSON for entities, the raw bytes for media), nil when there was none.
    public let requestBody: Data?
    /// The HTTP status, nil when the request was held back (its entity had an earlier failure).
    public let httpStatusCode: Int?
    /// The server's error code, when it gave one.
    public let code: String?
    /// The server's message, or why the request was held back.
    public let message: String
    /// The local version of the entity the request was about, when it still exists.
    public let affectedEntity: EntityValue?
    /// For a `412 Precondition Failed`: the server's current version of the entity ("theirs").
    public let serverEntity: EntityValue?
    /// The entity set of the affected entity.
    public let entitySetName: String?
}
