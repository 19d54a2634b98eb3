@_spi(Generated) import OData

/// What generated containers' synchronous methods call under the generator's `sapCompatibility` option
/// (`try service.fetchCustomers()` from a background queue, as SAP code does): one generic adapter, so that each
/// generated synchronous method is its async form run through it (`try self.blocking { try await self.fetch(…) }`)
/// and no runtime call needs a synchronous twin of its own. It blocks the calling thread; see `DataService`'s
/// synchronous forms for the deadlock caveat.
extension DataService {
    /// Runs `operation` (a generated method's async body) to completion on the cooperative pool while the calling
    /// thread waits, and returns its value or throws its error.
    @_spi(Generated)
    @available(*, noasync, message: "use the async form in an async context")
    public func blocking<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) throws -> Value {
        try Blocking.run(operation)
    }
}
