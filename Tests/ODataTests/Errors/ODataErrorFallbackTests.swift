import Foundation
import ODataTestSupport
import XCTest

@testable import OData

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 30 item 5: one rule for errors the SDK did not raise (`ODataError(wrapping:)`), used wherever an
/// error of unknown origin becomes an `ODataError`: cancellation is `.cancelled`, a `URLError` timeout
/// `.timeout`, anything else `.transport` with the error as `underlyingError`.
final class ODataErrorFallbackTests: XCTestCase {
    private struct Unknown: Error, Equatable { let id: Int }

    func testTheOneRule() {
        XCTAssertEqual(ODataError(wrapping: CancellationError()).kind, .cancelled)
        XCTAssertTrue(ODataError(wrapping: CancellationError()).underlyingError is CancellationError)
        XCTAssertEqual(ODataError(wrapping: URLError(.cancelled)).kind, .cancelled)
        XCTAssertEqual(ODataError(wrapping: URLError(.timedOut)).kind, .timeout)
        XCTAssertEqual(ODataError(wrapping: URLError(.cannotConnectToHost)).kind, .transport)
        let unknown = ODataError(wrapping: Unknown(id: 7))
        XCTAssertEqual(unknown.kind, .transport)
        XCTAssertEqual(unknown.underlyingError as? Unknown, Unknown(id: 7))
        XCTAssertEqual(ODataError(wrapping: ODataError(.tooManyPages, "p")).kind, .tooManyPages)
    }

    /// A codec's own error while decoding an answer follows the same rule (it was `.decoding` there and
    /// `.transport` elsewhere), with the request and the response it is about.
    func testAnUnknownErrorWhileDecodingFollowsTheRule() {
        let request = HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1/svc/Items")!)
        let response = HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8), url: request.url)
        do {
            _ = try ResponseChecks.decode(response, request) { () throws -> Int in throw Unknown(id: 1) }
            XCTFail("the decoder's error was lost")
        } catch {
            XCTAssertEqual(error.kind, .transport)
            XCTAssertEqual(error.underlyingError as? Unknown, Unknown(id: 1))
            XCTAssertEqual(error.url, request.url)
            XCTAssertEqual(error.method, "GET")
            XCTAssertEqual(error.statusCode, 200)
            XCTAssertEqual(error.responseBody, Data("{}".utf8))
        }
        do {
            _ = try ResponseChecks.decode(response, request) { () throws -> Int in throw CancellationError() }
            XCTFail("the cancellation was lost")
        } catch {
            XCTAssertEqual(error.kind, .cancelled)
        }
    }

    /// A middleware of the user's that throws its own error, or is cancelled in its own wait, fails the call by the
    /// same rule, through a provider's typed call.
    func testAMiddlewaresErrorsFollowTheRule() async {
        let transport = MockTransport { request, _ in
            .make(200, ["Content-Type": "application/json"], body: #"{"d":{"results":[]}}"#, url: request.url)
        }
        let failing = ClosureMiddleware { _, _ in throw Unknown(id: 2) }
        let waiting = ClosureMiddleware { request, next in
            try await Task.sleep(nanoseconds: 30_000_000_000)
            return try await next(request)
        }
        let set = EntitySetDescriptor(name: "Items", entityType: TestItem.type)
        let failingProvider = OnlineODataProvider(
            serviceName: "S", serviceRoot: testRoot, options: .init(retryPolicy: .none, middlewares: [failing]), transport: transport)
        do {
            _ = try await failingProvider.send(.fetchEntities(DataQuery().from(set), options: .init()), headers: [:])
            XCTFail("the middleware's error was lost")
        } catch {
            XCTAssertEqual(error.kind, .transport)
            XCTAssertEqual(error.underlyingError as? Unknown, Unknown(id: 2))
        }
        let waitingProvider = OnlineODataProvider(
            serviceName: "S", serviceRoot: testRoot, options: .init(retryPolicy: .none, middlewares: [waiting]), transport: transport)
        let started = Date()
        let call = Task { () async -> ODataError? in
            do throws(ODataError) {
                _ = try await waitingProvider.send(.fetchEntities(DataQuery().from(set), options: .init()), headers: [:])
                return nil
            } catch {
                return error
            }
        }
        try? await Task.sleep(nanoseconds: 100_000_000)
        call.cancel()
        let failure = await BoundedWait.value(of: call, within: 5)
        XCTAssertEqual(failure??.kind, .cancelled, "a CancellationError from the middleware's wait is .cancelled")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }
}
