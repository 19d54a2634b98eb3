import Foundation

/// What a data service needs from whatever carries its requests: an online service over HTTP
/// (`OnlineODataProvider`), an offline store, or an in-memory test double. Generated containers are
/// generic over it (`ESPMContainer<OnlineODataProvider>`) and call nothing else.
///
/// A provider implements one thing: `send(_:headers:)`, which runs one `DataServiceOperation` and returns that
/// operation's `Output`, typed at compile time (a page for `.fetchEntities`, a count for `.fetchCount`, …): it
/// switches over `operation.kind` and hands each case's result to the case's `answer`. A provider that supports
/// only some operations answers the rest in a `default:` with `operation.unsupported(by:)` (`ODataError`
/// `.unsupportedOperation`); there are no silent defaults. A provider whose next links need resolving, or whose
/// paging has another bound, says so in `pagingPolicy` (the default takes links as they are, at most 10,000 pages).
///
/// ```swift
/// struct Fixtures: DataServiceProvider {
///     let serviceName = "Fixtures"
///     let customers: [EntityValue]
///     func send<Output>(_ operation: DataServiceOperation<Output>, headers: HTTPHeaders) async throws(ODataError) -> Output {
///         switch operation.kind {
///         case .fetchEntities(let query, _, let answer) where query.entitySet?.name == "Customers":
///             answer(EntityList(entities: customers))
///         default: throw operation.unsupported(by: serviceName)
///         }
///     }
/// }
/// let customers = try await Fixtures(customers: []).send(.fetchEntities(DataQuery().from(customersSet)))
/// ```
///
/// `send` throws `ODataError` only (`throws(ODataError)`: the compiler holds the rule; an implementation turns
/// any other error into one with `ODataError(wrapping:)`).
public protocol DataServiceProvider: Sendable {
    /// The service's name, for logs and errors.
    var serviceName: String { get }

    /// How `pages(_:)` and `entities(_:)` bound this provider's server-driven paging: by default links as they are
    /// and at most 10,000 pages (see `PagingPolicy`).
    var pagingPolicy: PagingPolicy { get }

    /// Runs one operation and returns its output (`headers` are added to the operation's requests, if any).
    func send<Output>(_ operation: DataServiceOperation<Output>, headers: HTTPHeaders) async throws(ODataError) -> Output
}

extension DataServiceProvider {
    /// Runs one operation without extra headers.
    @inlinable
    public func send<Output>(_ operation: DataServiceOperation<Output>) async throws(ODataError) -> Output {
        try await send(operation, headers: HTTPHeaders())
    }
}
