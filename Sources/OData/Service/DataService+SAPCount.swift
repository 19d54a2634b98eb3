import Foundation

/// SAP's `count(_:)`: the number of entities a query addresses as `Int64`, SAP's type for counts, beside
/// `count(matching:)` (which returns `Int`). README, "Porting from SAPOData".
extension DataService {
    /// SAP's `count(_:headers:options:)`: the number of entities `query` addresses (`/$count`), as `Int64`.
    public func count(_ query: DataQuery, headers: HTTPHeaders? = nil, options: RequestOptions? = nil) async throws -> Int64 {
        Int64(try await provider.send(.fetchCount(query), headers: headers ?? HTTPHeaders()))
    }

    /// Completion-handler form of `count(_:headers:options:)`, called on the main actor.
    @discardableResult
    public func count(
        _ query: DataQuery, headers: HTTPHeaders? = nil, options: RequestOptions? = nil,
        completionHandler: @escaping @MainActor (Int64?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.count(query, headers: headers, options: options) }
    }
}
