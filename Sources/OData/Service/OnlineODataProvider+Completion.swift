import Foundation

/// Completion-handler forms of the provider's reads, metadata and function calls (the dynamic API).
/// Each calls its `async throws` twin in a task, calls the handler on `options.completionQueue`
/// and returns the task, which can be cancelled.
extension OnlineODataProvider {
    /// Completion-handler form of `fetchEntities(_:headers:options:)`.
    @discardableResult
    public func fetchEntities(
        _ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options requestOptions: RequestOptions = RequestOptions(),
        completionHandler: @escaping @Sendable (EntityList?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.fetchEntities(query, headers: headers, options: requestOptions) }
    }

    /// Completion-handler form of `fetchEntity(_:headers:options:)`.
    @discardableResult
    public func fetchEntity(
        _ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options requestOptions: RequestOptions = RequestOptions(),
        completionHandler: @escaping @Sendable (EntityValue?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.fetchEntity(query, headers: headers, options: requestOptions) }
    }

    /// Completion-handler form of `invokeFunction(_:headers:options:)`.
    @discardableResult
    public func invokeFunction(
        _ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options requestOptions: RequestOptions = RequestOptions(),
        completionHandler: @escaping @Sendable (FunctionResult?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.invokeFunction(query, headers: headers, options: requestOptions) }
    }

    /// Completion-handler form of `fetchCount(_:headers:)`.
    @discardableResult
    public func fetchCount(
        _ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), completionHandler: @escaping @Sendable (Int?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.fetchCount(query, headers: headers) }
    }

    /// Completion-handler form of `fetchProperty(_:of:headers:)`.
    @discardableResult
    public func fetchProperty(
        _ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @Sendable (EdmValue?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.fetchProperty(property, of: query, headers: headers) }
    }

    /// Completion-handler form of `fetchPropertyValue(_:of:headers:)`.
    @discardableResult
    public func fetchPropertyValue(
        _ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.fetchPropertyValue(property, of: query, headers: headers) }
    }

    /// Completion-handler form of `loadProperty(_:into:query:headers:)`: the handler gets a copy of
    /// `entity` with the navigation property loaded (a completion handler cannot write to an `inout`).
    @discardableResult
    public func loadProperty(
        _ navigation: NavigationDescriptor, into entity: EntityValue, query: DataQuery = DataQuery(),
        headers: HTTPHeaders = HTTPHeaders(), completionHandler: @escaping @Sendable (EntityValue?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) {
            var loaded = entity
            try await self.loadProperty(navigation, into: &loaded, query: query, headers: headers)
            return loaded
        }
    }

    /// Completion-handler form of `fetchMetadataDocument(headers:)`.
    @discardableResult
    public func fetchMetadataDocument(
        headers: HTTPHeaders = HTTPHeaders(), completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.fetchMetadataDocument(headers: headers) }
    }

    /// Completion-handler form of `loadDataModel(container:headers:)`.
    @discardableResult
    public func loadDataModel(
        container: String? = nil, headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @Sendable (DataModel?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.loadDataModel(container: container, headers: headers) }
    }

    /// Completion-handler form of `execute(_:)` (one raw request through the middleware chain).
    @discardableResult
    public func execute(
        _ request: HTTPRequest, completionHandler: @escaping @Sendable (HTTPResponse?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.execute(request) }
    }
}
