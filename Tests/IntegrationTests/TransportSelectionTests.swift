import Foundation
import OData
import ODataCurl
import XCTest

/// The suite runs twice (scripts/test.sh): over `URLSessionTransport`, then with
/// `ODATA_TEST_TRANSPORT=curl` over `CurlTransport`. This proves each run uses the transport it claims.
final class TransportSelectionTests: XCTestCase {
    func testProvidersUseTheSelectedTransport() throws {
        let provider = TestServers.provider(serviceName: "GWSAMPLE_BASIC", serviceRoot: try TestServers.gwsample())
        if TestServers.usesCurl {
            XCTAssertTrue(provider.pipeline.transport is CurlTransport, "\(type(of: provider.pipeline.transport))")
        } else {
            XCTAssertTrue(provider.pipeline.transport is URLSessionTransport, "\(type(of: provider.pipeline.transport))")
        }
    }

    func testCurlTransportKeepsTheProviderTimeouts() throws {
        let options = OnlineODataProvider.Options(transportConfiguration: .init(requestTimeout: 0.5, resourceTimeout: 7))
        let provider = TestServers.provider(serviceName: "GWSAMPLE_BASIC", serviceRoot: try TestServers.gwsample(), options: options)
        guard let curl = provider.pipeline.transport as? CurlTransport else { return }
        XCTAssertEqual(curl.configuration.requestTimeout, 0.5)
        XCTAssertEqual(curl.configuration.resourceTimeout, 7)
    }
}
