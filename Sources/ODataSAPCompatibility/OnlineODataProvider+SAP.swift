import Foundation
import OData

extension OnlineODataProvider {
    /// SAP's `OnlineODataProvider(serviceName:serviceRoot:)` with the root as a `String`, as SAP's samples write
    /// it; it does not throw. A root that is not an absolute http(s) URL is reported by the first request
    /// instead: every request fails with `ODataError` `.invalidRequest` naming the root, and nothing is sent
    /// (the provider's `serviceRoot` is then `http://invalid.invalid/`, a name that never resolves). Swift-native
    /// code uses `init(serviceName:serviceRoot:options:transport:) throws`, which reports it at once.
    public init(serviceName: String, serviceRoot: String) {
        if let root = try? OnlineODataProvider(serviceName: serviceName, serviceRoot: serviceRoot, options: Options(), transport: nil) {
            self = root
            return
        }
        let error = ODataError(.invalidRequest, "service root is not an absolute http(s) URL: \(serviceRoot)")
        self.init(
            serviceName: serviceName, serviceRoot: URL(string: "http://invalid.invalid/")!, options: Options(),
            transport: RefusingTransport(error: error))
    }
}

/// The transport of a provider made from a root that is not a URL: every request fails with the same error.
private struct RefusingTransport: ODataTransport {
    let error: ODataError

    func send(_ request: HTTPRequest) async throws -> HTTPResponse { throw error }
}
