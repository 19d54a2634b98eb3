import Foundation

/// What a data service needs from whatever carries its requests: an online service over HTTP
/// (`OnlineODataProvider`), an offline store, or an in-memory test double. Generated containers are
/// generic over it (`ESPMContainer<OnlineODataProvider>`) and call nothing else.
///
/// A provider implements two things: its `serviceName`, and `perform(_:headers:)`, which carries out one
/// `DataServiceOperation` and answers with the `DataServiceResult` case the operation names. A provider that
/// supports only some operations answers the rest in a `default:` with `operation.unsupported(by:)`
/// (`ODataError` `.unsupportedOperation`); there are no silent defaults. The calls a data service makes
/// (`fetchEntities`, `createEntity`, … one per operation) are extensions over `perform`.
///
/// ```swift
/// struct Fixtures: DataServiceProvider {
///     let serviceName = "Fixtures"
///     let customers: [EntityValue]
///     func perform(_ operation: DataServiceOperation, headers: HTTPHeaders) async throws(ODataError) -> DataServiceResult {
///         switch operation {
///         case .fetchEntities(let query, _) where query.entitySet?.name == "Customers": .entities(EntityList(entities: customers))
///         default: throw operation.unsupported(by: serviceName)
///         }
///     }
/// }
/// ```
///
/// Every requirement throws `ODataError` only (`throws(ODataError)`: the compiler holds the rule; an
/// implementation turns any other error into one with `ODataError(wrapping:)`).
public protocol DataServiceProvider: Sendable {
    /// The service's name, for logs and errors.
    var serviceName: String { get }

    /// Carries out one operation and answers with the result case the operation's documentation names.
    func perform(_ operation: DataServiceOperation, headers: HTTPHeaders) async throws(ODataError) -> DataServiceResult

    /// Decodes the entities of a successful batch read of `query` (from `RequestBatch.queryResult(at:)`); a failed
    /// read throws its error. The default decodes the part by its `Content-Type` (JSON or Atom) with the shared
    /// batch-part codec (`BatchPartCodec`); a provider that resolves derived types or knows its service root
    /// passes them to the same codec.
    func entities(from part: BatchPartResponse, for query: DataQuery) throws(ODataError) -> EntityList
}

extension DataServiceProvider {
    /// Decodes a batch read's entities by the part's `Content-Type`, without a service root or type resolver.
    public func entities(from part: BatchPartResponse, for query: DataQuery) throws(ODataError) -> EntityList {
        try BatchPartCodec.entities(from: part, for: query, serviceRoot: nil, typeResolver: nil)
    }
}
