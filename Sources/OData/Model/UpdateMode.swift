/// How an update is sent.
public enum UpdateMode: String, Sendable, Hashable {
    /// `MERGE` with only changed properties (OData v2's partial update; the default).
    case merge = "MERGE"
    /// `PATCH` with only changed properties.
    case patch = "PATCH"
    /// `PUT` with every property (full replace).
    case replace = "PUT"
}
