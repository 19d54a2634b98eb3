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

/// What a data service needs from whatever carries its requests: an online service over HTTP,
/// or a test double. Generated containers are generic over it (`ESPMContainer<OnlineODataProvider>`).
public protocol DataServiceProvider: Sendable {
    /// The service's name, for logs and errors.
    var serviceName: String { get }

    /// Reads a collection (entity set, navigation, or entity-returning function) with the query's options.
    func fetchEntities(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws -> EntityList

    /// Reads one entity (by key, or a to-one navigation); throws when there is none.
    func fetchEntity(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws -> EntityValue

    /// Invokes a function import (`query.invocation`) and returns its decoded result:
    /// `.null` for none, a primitive, `.complex`, or `.collection`; entity results come back in `EntityList`.
    func invokeFunction(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws -> FunctionResult
}
