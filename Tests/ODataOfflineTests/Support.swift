import ESPM
import Foundation
import OData
import ODataOffline
import Synchronization
import XCTest

/// Shared helpers of the offline tests.
enum OfflineFixtures {
    /// The ESPM `$metadata` document of the repository.
    static func espmMetadata() throws -> Data { try repositoryFile("Metadata/ESPM.xml") }

    /// The OData 3.0 catalog document of the repository, the one `scripts/servers/v3_server.py` serves.
    static func catalogV3Metadata() throws -> Data { try repositoryFile("Metadata/CatalogV3.xml") }

    /// A file of the repository, found from this file's path.
    private static func repositoryFile(_ path: String) throws -> Data {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try Data(contentsOf: root.appendingPathComponent(path))
    }

    /// The key the sync and espm-demo tests encrypt their stores with: `$ODATA_TEST_STORE_KEY` (scripts/test.sh runs
    /// the offline suite once without it and once with it), nil (plain stores) when unset.
    static var storeKey: String? {
        ProcessInfo.processInfo.environment["ODATA_TEST_STORE_KEY"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A fresh temporary folder for store files, inside the test process's own folder (`TestProcessFolder`), which is
    /// removed when the process exits. (Made directly in the system's temporary directory and never removed, the
    /// folders of one run of the suite, about 110 with their stores, stayed behind: 1.1 GB on a machine after a day.)
    static func temporaryFolder() throws -> URL {
        let folder = TestProcessFolder.url.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A customer with the given id and names.
    static func customer(_ id: String?, first: String, last: String, city: String = "Berlin", country: String = "DE") -> Customer {
        var customer = Customer()
        customer.customerID = id
        customer.firstName = first
        customer.lastName = last
        customer.city = city
        customer.country = country
        customer.dateOfBirth = LocalDateTime(year: 1980, month: 5, day: 17)
        return customer
    }

    /// A sales order of a customer.
    static func salesOrder(_ id: String?, customer: String, amount: Double, status: String = "N") -> SalesOrderHeader {
        var order = SalesOrderHeader()
        order.salesOrderID = id
        order.customerID = customer
        order.netAmount = BigDecimal(Int(amount))
        order.currencyCode = "EUR"
        order.lifeCycleStatus = status
        order.lifeCycleStatusName = status == "N" ? "New" : "Other"
        return order
    }
}

/// The folder of this test process's temporary store folders, made on first use and removed with everything in it
/// when the process exits (`exit`, as the test runner ends; a process killed by a signal leaves it).
enum TestProcessFolder {
    static let url: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("odata-offline-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: TestProcessFolder.url) }
        return url
    }()
}

/// A transport that answers from a closure and records every request: a scripted service for sync tests.
final class ScriptedTransport: ODataTransport {
    typealias Handler = @Sendable (HTTPRequest) throws -> HTTPResponse
    private let state: Mutex<(handler: Handler, requests: [HTTPRequest])>

    init(_ handler: @escaping Handler) { state = Mutex((handler, [])) }

    /// The requests so far, in order.
    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// The requests other than `$metadata` reads.
    var dataRequests: [HTTPRequest] { requests.filter { !$0.url.path.hasSuffix("$metadata") } }

    /// Replaces the handler.
    func answer(_ handler: @escaping Handler) { state.withLock { $0.handler = handler } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let handler = state.withLock { state in
            state.requests.append(request)
            return state.handler
        }
        return try handler(request)
    }

    /// A JSON response.
    static func json(_ text: String, status: Int = 200, for request: HTTPRequest, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var headers = headers
        headers["Content-Type"] = "application/json"
        return HTTPResponse(statusCode: status, headers: headers, body: Data(text.utf8), url: request.url)
    }

    /// The ESPM `$metadata`, or nil for another request.
    static func metadata(for request: HTTPRequest) throws -> HTTPResponse? {
        guard request.url.path.hasSuffix("$metadata") else { return nil }
        return HTTPResponse(
            statusCode: 200, headers: ["Content-Type": "application/xml"], body: try OfflineFixtures.espmMetadata(), url: request.url)
    }
}
