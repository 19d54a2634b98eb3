import ODataTestSupport
import XCTest

@_spi(Generated) @testable import OData

/// A function import whose answer has another shape than declared fails generated code's call with
/// `ODataError` `.unexpectedResult`, the `FunctionResultError` as its detail (never the detail type alone).
final class FunctionResultErrorWrappingTests: XCTestCase {
    func testGeneratedInvocationsThrowODataError() async throws {
        let transport = MockTransport { request, _ in
            .make(200, ["Content-Type": "application/json"], body: #"{"d":{"Count":"many"}}"#, url: request.url)
        }
        let service = DataService(
            provider: OnlineODataProvider(serviceName: "S", serviceRoot: testRoot, transport: transport))
        let function = FunctionImportDescriptor(name: "Count", returnType: .primitive(.string))
        do {
            _ = try await service.invokeValue(Int.self, DataQuery().invoke(function), headers: [:], options: .init())
            XCTFail("a string answered for an Int")
        } catch {
            XCTAssertEqual(error.kind, .unexpectedResult)
            XCTAssertTrue(error.underlyingError is FunctionResultError, "\(error)")
        }
    }
}
