import Foundation
import ODataCurl
import XCTest

@testable import OData

/// What the page-streaming suites share: a `SlowFeedServer` started for each test, a provider on it without
/// retries, and the two streaming transports each test runs over.
class SlowFeedTestCase: XCTestCase {
    static let items = DataQuery().from(EntitySetDescriptor(name: "Items", entityType: TestItem.type))

    static let transports: [(String, @Sendable () -> any ODataTransport)] = [
        ("curl", { CurlTransport() }), ("URLSession", { URLSessionTransport() }),
    ]

    var server: SlowFeedServer!

    override func setUpWithError() throws {
        server = SlowFeedServer()
        try server.start()
    }

    override func tearDown() {
        server.stop()
    }

    func provider(_ transport: any ODataTransport) -> OnlineODataProvider {
        OnlineODataProvider(
            serviceName: "Test", serviceRoot: server.url("/svc/"), options: .init(retryPolicy: .none), transport: transport)
    }
}
