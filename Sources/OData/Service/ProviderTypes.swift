/// Options for one request.
public struct RequestOptions: Sendable {
    /// How an update is sent.
    public var updateMode: UpdateMode
    /// Send `X-HTTP-Method` tunnelling (POST) for MERGE, PATCH, PUT and DELETE.
    public var tunnelsHTTPMethod: Bool

    /// Default options: MERGE updates, no tunnelling.
    public init(updateMode: UpdateMode = .merge, tunnelsHTTPMethod: Bool = false) {
        self.updateMode = updateMode
        self.tunnelsHTTPMethod = tunnelsHTTPMethod
    }
}
