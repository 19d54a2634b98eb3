import Foundation
import XCTest

@testable import OData

/// Issue 14 item 2: one redirect policy. Transports never follow redirects; the pipeline follows
/// same-origin ones, refuses another origin by default (naming both), and when allowed sends no secrets there.
final class RedirectPolicyTests: XCTestCase {
    private let model = RecordedModels.load("ESPM")
    private static let customers =
        #"{"d":{"results":[{"__metadata":{"type":"ESPM.Customer"},"CustomerId":"1","City":"Walldorf"}]}}"#

    private func provider(_ server: FaultServer, policy: RedirectPolicy = RedirectPolicy(), headers: HTTPHeaders = [:])
        -> OnlineODataProvider
    {
        var options = OnlineODataProvider.Options(
            defaultHeaders: headers, authentication: .basic(user: "ada", password: "secret"), handlesCSRF: false)
        options.redirectPolicy = policy
        options.retryPolicy = RetryPolicy(maxAttempts: 1)
        return OnlineODataProvider(serviceName: "ESPM", serviceRoot: server.root.appendingPathComponent("svc/"), options: options)
    }

    private func fetchCustomers(_ provider: OnlineODataProvider, headers: HTTPHeaders = [:]) async throws -> EntityList {
        try await provider.send(.fetchEntities(DataQuery().from(try model.entitySet("Customers")), options: .init()), headers: headers)
    }

    func testCrossOriginRedirectIsRefusedNamingBothOrigins() async throws {
        let other = try FaultServer { _ in .json(Self.customers) }
        let service = try FaultServer { _ in .redirect(302, to: other.root.absoluteString + "svc/Customers") }
        defer {
            service.stop()
            other.stop()
        }
        do {
            _ = try await fetchCustomers(provider(service))
            XCTFail("followed a redirect to another origin")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .crossOriginRedirect)
            XCTAssertTrue(error.message.contains("http://127.0.0.1:\(service.port)"), error.message)
            XCTAssertTrue(error.message.contains("http://127.0.0.1:\(other.port)"), error.message)
            XCTAssertEqual(error.statusCode, 302)
        }
        XCTAssertEqual(other.requests.count, 0, "nothing may reach the other origin")
        XCTAssertEqual(service.requests.count, 1)
    }

    func testSameOriginRedirectIsFollowedWithCredentials() async throws {
        let server = try FaultServer { request in
            request.target.hasPrefix("/svc/Customers") ? .redirect(301, to: "/moved/Customers") : .json(Self.customers)
        }
        defer { server.stop() }
        let list = try await fetchCustomers(provider(server))
        XCTAssertEqual(list.entities.first?["City"], .string("Walldorf"))
        XCTAssertEqual(server.requests.map(\.target), ["/svc/Customers", "/moved/Customers"])
        XCTAssertEqual(server.requests.last?.headers["authorization"], "Basic " + Data("ada:secret".utf8).base64EncodedString())
    }

    func testAllowedCrossOriginRedirectCarriesNoSecrets() async throws {
        let other = try FaultServer { _ in .json(Self.customers) }
        let service = try FaultServer { _ in .redirect(307, to: other.root.absoluteString + "svc/Customers") }
        defer {
            service.stop()
            other.stop()
        }
        let policy = RedirectPolicy(allowsCrossOrigin: true, secretHeaders: ["APIKey"])
        let provider = provider(service, policy: policy, headers: ["APIKey": "k", "X-Keep": "1"])
        let list = try await fetchCustomers(provider, headers: ["Cookie": "SAP_SESSIONID=1", "X-CSRF-Token": "t"])
        XCTAssertEqual(list.entities.count, 1)
        let home = try XCTUnwrap(service.requests.first)
        XCTAssertNotNil(home.headers["authorization"])
        XCTAssertEqual(home.headers["apikey"], "k")
        let away = try XCTUnwrap(other.requests.first)
        for secret in ["authorization", "cookie", "x-csrf-token", "apikey"] {
            XCTAssertNil(away.headers[secret], "\(secret) travelled to the other origin")
        }
        XCTAssertEqual(away.headers["x-keep"], "1")
    }

    func testRedirectLoopEndsWithATypedError() async throws {
        let server = try FaultServer { request in .redirect(302, to: request.target) }
        defer { server.stop() }
        do {
            _ = try await fetchCustomers(provider(server))
            XCTFail("no end of redirects")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .tooManyRedirects)
        }
        XCTAssertEqual(server.requests.count, 6)
    }

    func testSeeOtherAfterPostContinuesAsGetWithoutBody() async throws {
        let server = try FaultServer { request in
            request.method == "POST" ? .redirect(303, to: "/svc/Result") : .json("{\"d\":{}}")
        }
        defer { server.stop() }
        var request = HTTPRequest(method: "POST", url: server.root.appendingPathComponent("svc/Do"), body: .data(Data("x".utf8)))
        request.headers["Content-Type"] = "text/plain"
        _ = try await provider(server).execute(request)
        XCTAssertEqual(server.requests.map(\.method), ["POST", "GET"])
        XCTAssertEqual(server.requests.last?.body, Data())
        XCTAssertNil(server.requests.last?.headers["content-type"])
    }

    func testURLSessionTransportReturnsTheRedirectAsItCame() async throws {
        let server = try FaultServer { request in
            request.target == "/a" ? .redirect(302, to: "/b") : .json("{}")
        }
        defer { server.stop() }
        let response = try await URLSessionTransport().send(HTTPRequest(method: "GET", url: server.root.appendingPathComponent("a")))
        XCTAssertEqual(response.statusCode, 302)
        XCTAssertEqual(response.headers["Location"], "/b")
        XCTAssertEqual(server.requests.count, 1)
    }

    func testNextLinkToAnotherOriginFollowsTheSamePolicy() async throws {
        let other = try FaultServer { _ in .json(Self.customers) }
        let service = try FaultServer { _ in .json(Self.customers) }
        defer {
            service.stop()
            other.stop()
        }
        let next = other.root.absoluteString + "svc/Customers?$skiptoken=2"
        XCTAssertThrowsError(try provider(service).url(for: next)) { error in
            XCTAssertEqual((error as? ODataError)?.kind, .crossOriginNextLink)
            XCTAssertTrue("\(error)".contains("http://127.0.0.1:\(other.port)"), "\(error)")
            XCTAssertTrue("\(error)".contains("http://127.0.0.1:\(service.port)"), "\(error)")
        }
        let allowing = provider(service, policy: RedirectPolicy(allowsCrossOrigin: true))
        _ = try await allowing.execute(HTTPRequest(method: "GET", url: try allowing.url(for: next)))
        XCTAssertNil(try XCTUnwrap(other.requests.first).headers["authorization"])
    }
}
