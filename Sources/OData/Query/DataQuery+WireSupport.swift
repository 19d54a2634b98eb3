import ODataMetadata

/// What this runtime's wire cannot send yet. The wire speaks OData v2 (and the OData 3.0 services that answer
/// v2 requests); generated code for OData v4 services and for bound operations is final, and its calls answer
/// `ODataError.Kind.unsupportedOperation` until the v4 wire exists, instead of sending a v2 request to a v4
/// service.
enum WireSupport {
    /// Whether a version is OData 4.0 or later: `ODataVersion.isV4` without its comparison (which ranks both
    /// versions by searching `allCases`), since every request asks.
    @inline(__always)
    static func isV4(_ version: ODataVersion) -> Bool {
        switch version {
        case .v1, .v2, .v3: false
        case .v4, .v401: true
        }
    }

    /// Throws `.unsupportedOperation` for a set or singleton of an OData v4 service.
    static func check(_ entitySet: EntitySetDescriptor) throws(ODataError) {
        guard !isV4(entitySet.protocolVersion) else {
            throw ODataError(
                .unsupportedOperation,
                "\(entitySet.isSingleton ? "singleton" : "entity set") \(entitySet.name) belongs to an OData "
                    + "\(entitySet.protocolVersion.rawValue) service; this runtime sends OData v2 requests only (the v4 wire is not there yet)"
            )
        }
    }

    /// Throws `.unsupportedOperation` for an operation of an OData v4 service, or a bound operation.
    static func check(_ invocation: FunctionInvocation) throws(ODataError) {
        let function = invocation.function
        let kind = function.kind == .action ? "action" : "function"
        if isV4(function.protocolVersion) {
            throw ODataError(
                .unsupportedOperation,
                "\(kind) \(function.operationName ?? function.name) belongs to an OData \(function.protocolVersion.rawValue) "
                    + "service; this runtime sends OData v2 requests only (the v4 wire is not there yet)")
        }
        if invocation.binding != nil {
            throw ODataError(
                .unsupportedOperation, "bound \(kind) \(function.name): this runtime does not call bound operations yet")
        }
    }
}

extension DataQuery {
    /// Throws `.unsupportedOperation` when the query addresses what the wire cannot send yet (see `WireSupport`).
    func checkWireSupport() throws(ODataError) {
        if let invocation {
            try WireSupport.check(invocation)
        } else if let entitySet {
            try WireSupport.check(entitySet)
        }
    }
}
