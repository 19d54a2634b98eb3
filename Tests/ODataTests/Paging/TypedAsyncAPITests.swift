import Foundation
import ODataTestSupport
import XCTest

@testable import OData

/// Issue 30 item 5: the public async calls that were untyped throw `ODataError` (the compiler checks it: each
/// `catch` below reads `error.kind` without a cast), and the paging sequences are `AsyncSequence`s whose
/// `Failure` is `ODataError`.
final class TypedAsyncAPITests: XCTestCase {
    private static let items = DataQuery().from(EntitySetDescriptor(name: "Items", entityType: TestItem.type))

    /// Compiles only for a sequence whose failures are `ODataError`.
    private func requireTypedFailure<Sequence: AsyncSequence>(_: Sequence.Type) where Sequence.Failure == ODataError {}

    /// A provider whose server answers every request with 503 and an OData error.
    private func busyProvider() -> OnlineODataProvider {
        let transport = MockTransport { request, _ in
            .make(
                503, ["Content-Type": "application/json"], body: #"{"error":{"code":"BUSY","message":{"value":"busy"}}}"#, url: request.url)
        }
        return OnlineODataProvider(serviceName: "S", serviceRoot: testRoot, options: .init(retryPolicy: .none), transport: transport)
    }

    func testThePagingSequencesFailWithODataError() async {
        requireTypedFailure(EntityPages.self)
        requireTypedFailure(PagedEntities.self)
        let provider = busyProvider()
        do {
            for try await _ in provider.pages(Self.items) { XCTFail("no page") }
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error.kind, .httpStatus)
            XCTAssertEqual(error.statusCode, 503)
        }
        do {
            for try await _ in provider.entities(Self.items) { XCTFail("no entity") }
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error.serviceError?.code, "BUSY")
        }
        var iterator = provider.entities(Self.items).makeAsyncIterator()
        do {
            _ = try await iterator.next()
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error.kind, .httpStatus)
        }
    }

    func testThePageLoaderAndCountFailWithODataError() async {
        let provider = busyProvider()
        let loader = EntityPageLoader(provider: provider, query: Self.items, pageSize: 5)
        do {
            try await loader.loadNextPage()
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error.kind, .httpStatus)
        }
        do {
            try await loader.refresh()
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error.statusCode, 503)
        }
        let service = DataService(provider: provider)
        do {
            let count: Int = try await service.count(matching: Self.items)  // SAP's Int64 count(_:) is in ODataSAPCompatibility
            XCTFail("counted \(count)")
        } catch {
            XCTAssertEqual(error.kind, .httpStatus)
        }
    }
}
