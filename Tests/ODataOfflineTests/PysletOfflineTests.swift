import ESPM
import Foundation
import OData
import ODataOffline
import XCTest

/// The offline store against ESPM on pyslet (page size 5 for the download): local answers compared with the
/// server's and the in-memory evaluator's, offline writes, reopening with the service unreachable, upload
/// and the server state afterwards.
final class PysletOfflineTests: XCTestCase {
    private var pagingRoot: URL!
    private var root: URL!

    override func setUp() async throws {
        pagingRoot = try OfflineServers.url("ODATA_TEST_PYSLET_PAGING_URL")
        root = try OfflineServers.url("ODATA_TEST_PYSLET_URL")
        try await OfflineServers.control("POST", pagingRoot.appendingPathComponent("_harness/reset"))
        try await OfflineServers.control("POST", root.appendingPathComponent("_harness/reset"))
    }

    private func provider(_ serviceRoot: URL, folder: URL) async throws -> OfflineODataProvider {
        var parameters = OfflineODataParameters()
        parameters.storeEncryptionKey = OfflineFixtures.storeKey
        parameters.storeName = "espm"
        parameters.storePath = folder
        let provider = OfflineODataProvider(serviceRoot: serviceRoot, parameters: parameters)
        try provider.add(definingQuery: OfflineODataDefiningQuery(name: "customers", query: "Customers?$expand=SalesOrders"))
        try provider.add(
            definingQuery: OfflineODataDefiningQuery(
                name: "orders", query: DataQuery().from(ESPMContainerMetadata.EntitySets.salesOrderHeaders)))
        try await provider.open()
        return provider
    }

    func testLocalAnswersMatchTheServer() async throws {
        let offline = try await provider(pagingRoot, folder: try OfflineFixtures.temporaryFolder())
        try await offline.download()
        let local = ESPMContainer(provider: offline)
        let server = ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: root))
        let allCustomers = try await local.fetchCustomers()
        XCTAssertEqual(allCustomers.count, 60, "every page was downloaded")
        let customerQueries: [DataQuery] = [
            DataQuery(),
            DataQuery().filter(Customer.country.equal("DE")),
            DataQuery().filter(Customer.lastName.startsWith("M").or(Customer.city.equal("Paris"))),
            DataQuery().filter(Customer.firstName.contains("a")).orderBy(Customer.city, .descending).orderBy(Customer.customerID),
            DataQuery().orderBy(Customer.lastName).orderBy(Customer.customerID).skip(5).top(10),
            DataQuery().filter(Customer.city.toLower().equal("london")),
            DataQuery().filter(Customer.country.notEqual("US").and(Customer.city.notEqual("Paris"))),  // pyslet answers 'not' with 405
            DataQuery().filter(Customer.emailAddress.endsWith("1@example.com")),
            DataQuery().filter(Customer.firstName.length().greaterThan(4)).top(7),
            DataQuery().filter(Customer.dateOfBirth.lessThan(try XCTUnwrap(LocalDateTime(year: 1975, month: 1, day: 1)))),
        ]
        for query in customerQueries {
            let mine = try await local.fetchCustomers(matching: query).map(\.customerID)
            let theirs = try await server.fetchCustomers(matching: query).map(\.customerID)
            let oracle = try allCustomers.filterWithQuery(query).map(\.customerID)
            XCTAssertEqual(mine, theirs, "server: \(query.relativeURLString)")
            XCTAssertEqual(mine, oracle, "evaluator: \(query.relativeURLString)")
        }
        let orderQueries: [DataQuery] = [
            DataQuery().filter(SalesOrderHeader.lifeCycleStatus.equal("N")),
            DataQuery().filter(SalesOrderHeader.customerID.equal("C000001")).orderBy(SalesOrderHeader.createdAt, .descending)
                .orderBy(SalesOrderHeader.salesOrderID),
            DataQuery().from(ESPMContainerMetadata.EntitySets.customers).withKey(Customer.key(customerID: "C000002"))
                .navigate(Customer.salesOrders),
        ]
        for query in orderQueries {
            let mine = try await local.fetchSalesOrderHeaders(matching: query).map(\.salesOrderID)
            let theirs = try await server.fetchSalesOrderHeaders(matching: query).map(\.salesOrderID)
            XCTAssertEqual(mine, theirs, "server: \(query.relativeURLString)")
            XCTAssertFalse(mine.isEmpty, "\(query.relativeURLString) selects something")
        }
        let expanded = try await local.fetchCustomerWithKey(customerID: "C000001", query: DataQuery().expand(Customer.salesOrders))
        let serverExpanded = try await server.fetchCustomerWithKey(customerID: "C000001", query: DataQuery().expand(Customer.salesOrders))
        XCTAssertEqual(
            expanded.salesOrders.compactMap(\.salesOrderID).sorted(), serverExpanded.salesOrders.compactMap(\.salesOrderID).sorted())
        XCTAssertEqual(expanded.entityValue.metadata.etag, serverExpanded.entityValue.metadata.etag)
        let count = try await offline.send(.fetchCount(DataQuery().from(ESPMContainerMetadata.EntitySets.salesOrderHeaders)))
        XCTAssertEqual(count, 150)
    }

    func testNavigationThroughForeignKeysAcrossDefiningQueries() async throws {
        var parameters = OfflineODataParameters()
        parameters.storeEncryptionKey = OfflineFixtures.storeKey
        parameters.storeName = "espm-fk"
        parameters.storePath = try OfflineFixtures.temporaryFolder()
        let offline = OfflineODataProvider(serviceRoot: pagingRoot, parameters: parameters)
        try offline.add(definingQuery: OfflineODataDefiningQuery(name: "customers", query: "Customers"))
        try offline.add(definingQuery: OfflineODataDefiningQuery(name: "orders", query: "SalesOrderHeaders"))
        try await offline.open()
        try await offline.download()
        let local = ESPMContainer(provider: offline)
        let server = ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: root))
        let headers = ESPMContainerMetadata.EntitySets.salesOrderHeaders
        let customers = ESPMContainerMetadata.EntitySets.customers
        let orderIDs = try await server.fetchSalesOrderHeaders(matching: DataQuery().top(40)).compactMap(\.salesOrderID)
        XCTAssertEqual(orderIDs.count, 40)
        for id in orderIDs.enumerated().filter({ $0.offset % 7 == 0 }).map(\.element) {
            let toCustomer = DataQuery().from(headers).withKey(SalesOrderHeader.key(salesOrderID: id)).navigate(
                SalesOrderHeader.customerDetails)
            let mine = try await local.fetchCustomers(matching: toCustomer).map(\.customerID)
            let theirs = try await server.fetchCustomers(matching: toCustomer).map(\.customerID)
            XCTAssertEqual(mine, theirs, "\(id)/CustomerDetails through CustomerId")
            XCTAssertEqual(mine.count, 1)
        }
        for id in ["C000001", "C000002", "C000017"] {
            let toOrders = DataQuery().from(customers).withKey(Customer.key(customerID: id)).navigate(Customer.salesOrders)
            let mine = try await local.fetchSalesOrderHeaders(matching: toOrders).map(\.salesOrderID)
            let theirs = try await server.fetchSalesOrderHeaders(matching: toOrders).map(\.salesOrderID)
            XCTAssertEqual(mine, theirs, "\(id)/SalesOrders through CustomerId")
        }
        let expand = DataQuery().expand(SalesOrderHeader.customerDetails).orderBy(SalesOrderHeader.salesOrderID).top(12)
        let expandedHere = try await local.fetchSalesOrderHeaders(matching: expand).map { $0.customerDetails?.customerID }
        let expandedThere = try await server.fetchSalesOrderHeaders(matching: expand).map { $0.customerDetails?.customerID }
        XCTAssertEqual(expandedHere, expandedThere)
        XCTAssertFalse(expandedHere.contains(nil), "every order's customer was found through the foreign key")
    }

    func testOfflineWritesSurviveReopenAndUpload() async throws {
        let folder = try OfflineFixtures.temporaryFolder()
        var offline = try await provider(pagingRoot, folder: folder)
        try await offline.download()
        var local = ESPMContainer(provider: offline)
        let customers = ESPMContainerMetadata.EntitySets.customers
        let created = try await offline.send(
            .createEntity(
                OfflineFixtures.customer("OFFX1", first: "Off", last: "Line").entityValue, in: customers))
        var paris = try await local.fetchCustomerWithKey(customerID: "C000003")
        paris.city = "Lyon"
        _ = try await offline.send(.updateEntity(paris.entityValue))
        _ = try await offline.send(
            .createRelatedEntity(
                OfflineFixtures.salesOrder("SOX1", customer: "OFFX1", amount: 12).entityValue, in: created,
                property: Customer.salesOrders.descriptor))
        try await offline.close()

        offline = try await provider(URL(string: "http://127.0.0.1:9/ESPM.svc/")!, folder: folder)
        local = ESPMContainer(provider: offline)
        let lyon = try await local.fetchCustomers(matching: DataQuery().filter(Customer.city.equal("Lyon")))
        XCTAssertEqual(lyon.map(\.customerID), ["C000003"], "the reopened store answers with the service unreachable")
        let withOrder = try await local.fetchCustomerWithKey(customerID: "OFFX1", query: DataQuery().expand(Customer.salesOrders))
        XCTAssertEqual(withOrder.salesOrders.compactMap(\.salesOrderID), ["SOX1"])
        do {
            try await offline.upload()
            XCTFail("an upload to an unreachable service succeeded")
        } catch {
            XCTAssertEqual(error.kind, .transport)
        }
        try await offline.close()

        offline = try await provider(pagingRoot, folder: folder)
        let result = try await offline.upload()
        let archive = try await offline.errorArchive()
        XCTAssertEqual(result, OfflineODataUploadResult(succeeded: 3, failed: 0, notSent: 0), "\(archive.map(\.message))")
        let server = ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: pagingRoot))
        let onServer = try await server.fetchCustomerWithKey(customerID: "OFFX1", query: DataQuery().expand(Customer.salesOrders))
        XCTAssertEqual(onServer.lastName, "Line")
        XCTAssertEqual(onServer.salesOrders.compactMap(\.salesOrderID), ["SOX1"])
        let changed = try await server.fetchCustomerWithKey(customerID: "C000003")
        XCTAssertEqual(changed.city, "Lyon")
        XCTAssertEqual(changed.firstName, paris.firstName, "MERGE kept the other properties")

        try await offline.download()
        local = ESPMContainer(provider: offline)
        var uploaded = try await local.fetchCustomerWithKey(customerID: "OFFX1")
        XCTAssertFalse(try offline.hasPendingChanges(uploaded.entityValue))
        uploaded.city = "Bonn"
        _ = try await offline.send(.updateEntity(uploaded.entityValue))
        try await offline.send(.deleteEntity(try await local.fetchSalesOrderHeaderWithKey(salesOrderID: "SOX1").entityValue))
        let second = try await offline.upload()
        XCTAssertEqual(second.succeeded, 2)
        let bonn = try await server.fetchCustomerWithKey(customerID: "OFFX1", query: DataQuery().expand(Customer.salesOrders))
        XCTAssertEqual(bonn.city, "Bonn")
        XCTAssertTrue(bonn.salesOrders.isEmpty)
        let serverCount = try await server.provider.send(.fetchCount(DataQuery().from(customers)))
        try await offline.download()
        let localCount = try await offline.send(.fetchCount(DataQuery().from(customers)))
        XCTAssertEqual(localCount, serverCount)
    }

    func testSeedStoreCopiedAndSyncedWithTheServiceElsewhere() async throws {
        let seedFolder = try OfflineFixtures.temporaryFolder()
        let seed = try await provider(pagingRoot, folder: seedFolder)
        try await seed.download()
        try await seed.close()
        let appFolder = try OfflineFixtures.temporaryFolder()
        try FileManager.default.copyItem(
            at: seedFolder.appendingPathComponent("espm.sqlite"), to: appFolder.appendingPathComponent("espm.sqlite"))

        let copy = try await provider(root, folder: appFolder)
        let local = ESPMContainer(provider: copy)
        var customer = try await local.fetchCustomerWithKey(customerID: "C000004")
        customer.city = "Seeded"
        _ = try await copy.send(.updateEntity(customer.entityValue))
        let result = try await copy.upload()
        XCTAssertEqual(result.succeeded, 1)
        let elsewhere = ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: root))
        let changed = try await elsewhere.fetchCustomerWithKey(customerID: "C000004")
        XCTAssertEqual(changed.city, "Seeded", "the copied store synced with the service at its new address")
        let original = ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: pagingRoot))
        let untouched = try await original.fetchCustomerWithKey(customerID: "C000004")
        XCTAssertNotEqual(untouched.city, "Seeded")
        try await copy.download()
        let count = try await copy.send(.fetchCount(DataQuery().from(ESPMContainerMetadata.EntitySets.customers)))
        XCTAssertEqual(count, 60)
    }
}

/// The servers the test command starts (see scripts/servers.sh); a missing variable fails the test.
enum OfflineServers {
    static func url(_ variable: String, file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        guard let text = ProcessInfo.processInfo.environment[variable], let url = URL(string: text) else {
            XCTFail("\(variable) is not set: run the tests with scripts/servers.sh run swift test", file: file, line: line)
            throw ODataError(.invalidRequest, "\(variable) is not set")
        }
        return url
    }

    /// A control-plane request outside the SDK (reset), failing on a non-2xx answer.
    static func control(_ method: String, _ url: URL, json: String? = nil) async throws {
        let transport = URLSessionTransport()
        var request = HTTPRequest(method: method, url: url, body: json.map { .data(Data($0.utf8)) } ?? .none)
        if json != nil { request.headers["Content-Type"] = "application/json" }
        let response = try await transport.send(request)
        guard (200..<300).contains(response.statusCode) else {
            throw ODataError(.httpStatus, "\(method) \(url) answered \(response.statusCode)")
        }
    }
}
