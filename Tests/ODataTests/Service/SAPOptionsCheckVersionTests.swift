import ODataTestSupport
import XCTest

@testable import OData

/// `serviceOptions.checkVersion` over a scripted transport: an OData v3 answer is refused only while it is on.
final class SAPOptionsCheckVersionTests: XCTestCase {
    func testCheckVersionRefusesAnAnswerAboveODataV2() async throws {
        let page =
            #"{"d":{"results":[{"__metadata":{"uri":"http://127.0.0.1:9/svc/Customers('1')","type":"ESPM.Customer"},"CustomerId":"1"}]}}"#
        let transport = MockTransport { request, _ in
            let version = request.url.query?.contains("top=1") == true ? "3.0;" : "2.0"
            return .make(200, ["Content-Type": "application/json", "DataServiceVersion": version], body: page, url: request.url)
        }
        let provider = OnlineODataProvider(serviceName: "ESPM", serviceRoot: testRoot, transport: transport)
        let customers = try RecordedModels.load("ESPM").entitySet("Customers")
        let v3 = DataQuery().from(customers).top(1)
        _ = try await provider.send(.fetchEntities(v3, options: .init()), headers: [:])
        provider.serviceOptions.checkVersion = true
        _ = try await provider.send(.fetchEntities(DataQuery().from(customers), options: .init()), headers: [:])
        do {
            _ = try await provider.send(.fetchEntities(v3, options: .init()), headers: [:])
            XCTFail("a DataServiceVersion 3.0 answer must be refused while checkVersion is on")
        } catch {
            XCTAssertEqual(error.kind, .unsupportedOperation)
            XCTAssertTrue(error.message.contains("OData version 3.0"), error.message)
        }
        let copy = provider
        copy.serviceOptions.checkVersion = false
        XCTAssertFalse(provider.serviceOptions.checkVersion, "copies of a provider share its options, as SAP's class does")
        _ = try await provider.send(.fetchEntities(v3, options: .init()), headers: [:])
    }
}
