import OData

// The error types SAP code catches, as names for the one `ODataError` (no second hierarchy): SAP's
// `catch let error as DataServiceError` and `catch let error as DataNetworkError` both catch every
// `ODataError`, and `isNetworkError` tells them apart. README, "Porting from SAPOData".

/// SAP's `DataServiceError`: this module's `ODataError` (`message`, `status`, `response`).
public typealias DataServiceError = ODataError

/// SAP's `DataNetworkError`: this module's `ODataError`; `isNetworkError` is true for the failures SAP
/// reports with this type (no connection, a broken connection, a timeout).
public typealias DataNetworkError = ODataError

/// SAP's `ErrorResponse`: the server's OData error body (`code`, `message`, `target`, `details`).
public typealias ErrorResponse = ODataErrorBody

extension ODataError {
    /// SAP's `DataServiceError.status`: the HTTP status, 0 when no response arrived.
    public var status: Int { statusCode ?? 0 }

    /// SAP's `DataServiceError.response`: the server's OData error body, when the response held one.
    public var response: ErrorResponse? { serviceError }

    /// Whether the request failed in the network (SAP's `DataNetworkError`): no connection, a broken
    /// connection or a timeout, as opposed to an answer the server gave or a body that could not be read.
    public var isNetworkError: Bool { kind == .transport || kind == .timeout }
}
