import Foundation
import XCTest

@testable import OData

/// Issue 14 item 4: paging always ends. An endless `__next` chain stops at `Options.maximumPages`
/// with a typed error; a repeated link is refused before its page is delivered again.
final class PagingLimitTests: XCTestCase {
    private let model = RecordedModels.load("ESPM")

    private static func page(_ id: Int, next: String?) -> String {
        let nextPart = next.map { #","__next":"\#($0)""# } ?? ""
        return #"{"d":{"results":[{"__metadata":{"type":"ESPM.Customer"},"CustomerId":"\#(id)"}]\#(nextPart)}}"#
    }

    private func provider(_ server: FaultServer, maximumPages: Int? = nil) -> OnlineODataProvider {
        var options = OnlineODataProvider.Options(handlesCSRF: false)
        if let maximumPages { options.maximumPages = maximumPages }
        return OnlineODataProvider(serviceName: "ESPM", serviceRoot: server.root.appendingPathComponent("svc/"), options: options)
    }

    func testTheDefaultPageLimitIsDocumentedTenThousand() {
        XCTAssertEqual(OnlineODataProvider.Options().maximumPages, 10_000)
    }

    func testAnEndlessChainOfNewSkipTokensEndsAtThePageLimit() async throws {
        let counter = Counter()
        let server = try FaultServer { _ in
            let n = counter.next()
            return .json(Self.page(n, next: "Customers?$skiptoken=\(n + 1)"))
        }
        defer { server.stop() }
        var pages = 0
        do {
            for try await _ in provider(server, maximumPages: 25).pages(DataQuery().from(try model.entitySet("Customers"))) {
                pages += 1
                if pages > 100 { break }  // bound the test itself if the limit did not work
            }
            XCTFail("endless paging ended without an error after \(pages) pages")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .tooManyPages)
            XCTAssertTrue(error.message.contains("after 25 pages"), error.message)
        }
        XCTAssertEqual(pages, 25)
        XCTAssertEqual(server.requests.count, 25)
    }

    func testANextLinkEqualToTheRequestIsRefusedBeforeThePageRepeats() async throws {
        let root = Box()
        let server = try FaultServer { _ in .json(Self.page(1, next: root.value + "svc/Customers")) }
        defer { server.stop() }
        root.value = server.root.absoluteString
        var ids: [EdmValue?] = []
        do {
            for try await entity in provider(server).entities(DataQuery().from(try model.entitySet("Customers"))) {
                ids.append(entity["CustomerId"])
                if ids.count > 10 { break }
            }
            XCTFail("a repeating next link was followed")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .repeatedNextLink)
        }
        XCTAssertEqual(ids, [.string("1")], "the first page was delivered more than once")
        XCTAssertEqual(server.requests.count, 1)
    }

    func testALinkCycleIsRefusedWhenItComesBack() async throws {
        let server = try FaultServer { request in
            request.target.contains("skiptoken=B")
                ? .json(Self.page(2, next: "Customers?$skiptoken=A")) : .json(Self.page(1, next: "Customers?$skiptoken=B"))
        }
        defer { server.stop() }
        var pages = 0
        do {
            for try await _ in provider(server).pages(DataQuery().from(try model.entitySet("Customers"))) {
                pages += 1
                if pages > 10 { break }
            }
            XCTFail("a cycle of next links was followed")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .repeatedNextLink)
        }
        XCTAssertEqual(pages, 3)
        XCTAssertEqual(server.requests.count, 3)
    }
}

/// A thread-safe counter for fault-server handlers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock { () -> Int in
            value += 1
            return value
        }
    }
}

/// A thread-safe string set after the server started (its own port).
final class Box: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = ""

    var value: String {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
