import ESPM
import Foundation
import OData
import XCTest

/// ESPM writes against pyslet, in JSON and in Atom (`Options.format = .atom`: the bodies are Atom entries
/// and `$links` `<uri>` documents with Atom/XML content types): create, deep insert, create related,
/// MERGE/PUT/PATCH/tunnelled updates with ETags and a typed 412, delete, `$links`, media, function imports
/// and hostile strings. (pyslet's Atom answers carry no ETags, so ETag checks run in JSON.)
final class PysletWriteTests: XCTestCase {
    /// The Content-Type of each request sent, by method.
    private final class Sent: @unchecked Sendable {
        private let lock = NSLock()
        private var contentTypes: [String: [String]] = [:]
        func record(_ request: HTTPRequest) {
            guard let type = request.headers["Content-Type"] else { return }
            lock.withLock { contentTypes[request.effectiveMethod, default: []].append(type) }
        }
        func types(_ method: String) -> [String] { lock.withLock { contentTypes[method] ?? [] } }
    }

    private var service: ESPMContainer<OnlineODataProvider>!

    override func setUp() async throws {
        service = try await writer(.json).service
    }

    /// A service on freshly reset pyslet data that writes in `format`, and what it sends.
    private func writer(_ format: PayloadFormat) async throws -> (service: ESPMContainer<OnlineODataProvider>, sent: Sent) {
        let root = try TestServers.pyslet()
        try await TestServers.resetPyslet(root)
        let sent = Sent()
        let recorder = ClosureMiddleware { request, next in
            sent.record(request)
            return try await next(request)
        }
        let options = OnlineODataProvider.Options(format: format, middlewares: [recorder])
        return (ESPMContainer(provider: TestServers.provider(serviceName: "ESPM", serviceRoot: root, options: options)), sent)
    }

    private func newCustomer(_ id: String) -> Customer {
        var customer = Customer()
        customer.customerID = id
        customer.firstName = "Ada"
        customer.lastName = "Lovelace"
        customer.city = "London"
        customer.dateOfBirth = LocalDateTime(utc: Date(timeIntervalSince1970: 1_700_000_000))
        return customer
    }

    func testCreateUpdateDeleteInJSONAndAtom() async throws {
        for format in [PayloadFormat.json, .atom] {
            let (service, sent) = try await writer(format)
            // The set is named in JSON and taken from the type in Atom: both forms are covered.
            let created =
                format == .json
                ? try await service.createEntity(newCustomer("X1"), in: ESPMContainerMetadata.EntitySets.customers)
                : try await service.createEntity(newCustomer("X1"))
            XCTAssertEqual(created.customerID, "X1")
            XCTAssertNotNil(created.entityValue.metadata.uri)
            XCTAssertFalse(created.entityValue.hasChanges)
            let reread = try await service.fetchCustomerWithKey(customerID: "X1")
            XCTAssertEqual(reread.dateOfBirth?.utc(), Date(timeIntervalSince1970: 1_700_000_000), "the date round-trips in \(format)")

            var changed = reread
            changed.city = "Paris"
            let merged = try await service.updateEntity(changed)
            var afterMerge = try await service.fetchCustomerWithKey(customerID: "X1")
            XCTAssertEqual(
                [afterMerge.city, afterMerge.firstName], ["Paris", "Ada"], "MERGE in \(format) sends only the changed property")

            if format == .json {
                try await checkETags(service, created: created, merged: merged, reread: reread, afterMerge: &afterMerge)
            } else {
                try await checkAtomPUT(service)
                XCTAssertEqual(sent.types("POST"), ["application/atom+xml;type=entry"])
                XCTAssertEqual(sent.types("MERGE"), ["application/atom+xml;type=entry"])
                XCTAssertEqual(sent.types("PUT"), ["application/atom+xml;type=entry"])
            }
            try await service.deleteEntity(afterMerge)
            do {
                _ = try await service.fetchCustomerWithKey(customerID: "X1")
                XCTFail("deleted")
            } catch {
                XCTAssertEqual(error.statusCode, 404)
            }
        }
    }

    /// JSON: ETags change with each write, a stale one gets a typed 412, PATCH, a tunnelled MERGE and PUT apply.
    private func checkETags(
        _ service: ESPMContainer<OnlineODataProvider>, created: Customer, merged: Customer, reread: Customer, afterMerge: inout Customer
    ) async throws {
        let etag = try XCTUnwrap(created.entityValue.metadata.etag)
        XCTAssertNotEqual(merged.entityValue.metadata.etag, etag)
        var stale = reread
        stale.city = "Rome"
        do {
            _ = try await service.updateEntity(stale)
            XCTFail("expected 412 for the stale ETag")
        } catch {
            XCTAssertEqual(error.kind, .preconditionFailed)
        }

        afterMerge.street = "Patch Lane"
        let patched = try await service.updateEntity(afterMerge, options: RequestOptions(updateMode: .patch))
        var tunnelled = patched
        tunnelled.houseNumber = "7"
        let viaPost = try await service.updateEntity(tunnelled, options: RequestOptions(tunnelsHTTPMethod: true))
        var replaced = viaPost
        replaced.firstName = "Augusta"
        _ = try await service.updateEntity(replaced, options: RequestOptions(updateMode: .replace))
        afterMerge = try await service.fetchCustomerWithKey(customerID: "X1")
        XCTAssertEqual(
            [afterMerge.firstName, afterMerge.city, afterMerge.street, afterMerge.houseNumber], ["Augusta", "Paris", "Patch Lane", "7"])

        do {
            try await service.deleteEntity(reread)
            XCTFail("a delete with a stale ETag must fail")
        } catch {
            XCTAssertEqual(error.kind, .preconditionFailed)
        }
    }

    /// Atom: PUT on a seeded customer. pyslet refuses an Atom PUT whose UpdatedTimestamp differs from the
    /// stored one (403 ConstraintError; JSON is not checked), and a customer created by a client has none stored.
    private func checkAtomPUT(_ service: ESPMContainer<OnlineODataProvider>) async throws {
        var seeded = try await service.fetchCustomerWithKey(customerID: "C000002")
        let seededLastName = seeded.lastName
        seeded.firstName = "Augusta"
        seeded.city = nil
        _ = try await service.updateEntity(seeded, options: RequestOptions(updateMode: .replace))
        let replaced = try await service.fetchCustomerWithKey(customerID: "C000002")
        XCTAssertEqual(replaced.firstName, "Augusta")
        XCTAssertNil(replaced.city)
        XCTAssertEqual(replaced.lastName, seededLastName)
    }

    func testCreateRelatedDeepInsertAndLinksInJSONAndAtom() async throws {
        for (format, orderID) in [(PayloadFormat.json, "600000001"), (.atom, "600000002")] {
            let (service, sent) = try await writer(format)
            let customer = try await service.fetchCustomerWithKey(customerID: "C000003")
            var order = SalesOrderHeader()
            order.salesOrderID = orderID
            order.customerID = "C000003"
            order.lifeCycleStatus = "N"
            order.lifeCycleStatusName = "New"
            var item = SalesOrderItem()
            item.itemNumber = 10
            item.salesOrderID = orderID
            item.productID = "HT-1000"
            item.quantity = BigDecimal(2)
            item.setRelatedEntity(try await service.fetchProductWithKey(productID: "HT-1000"), for: SalesOrderItem.productDetails)
            order.setRelated([item], for: SalesOrderHeader.items)
            let created = try await service.createRelatedEntity(order, in: customer, property: Customer.salesOrders)
            XCTAssertEqual(created.salesOrderID, orderID)
            let items = try await service.fetchSalesOrderItems(matching: DataQuery().filter(SalesOrderItem.salesOrderID == orderID))
            XCTAssertEqual(items.map(\.itemNumber), [10], "the inline item was deep-inserted from the \(format) entry")

            var links = try await service.fetchLinks(from: customer, property: Customer.salesOrders)
            XCTAssertTrue(links.uris.contains { $0.hasSuffix("SalesOrderHeaders('\(orderID)')") }, "\(links.uris)")
            let other = try await service.fetchCustomerWithKey(customerID: "C000004")
            try await service.setLink(from: created, property: SalesOrderHeader.customerDetails, to: other)
            XCTAssertEqual(sent.types("PUT"), [format == .atom ? "application/xml" : "application/json"])
            var moved = try await service.fetchSalesOrderHeaderWithKey(salesOrderID: orderID)
            try await service.loadProperty(SalesOrderHeader.customerDetails, into: &moved)
            XCTAssertEqual(moved.customerDetails?.customerID, "C000004")
            links = try await service.fetchLinks(from: customer, property: Customer.salesOrders)
            XCTAssertFalse(links.uris.contains { $0.hasSuffix("SalesOrderHeaders('\(orderID)')") }, "\(links.uris)")
        }
    }

    func testMediaDownloadUploadAndCreateWithSlug() async throws {
        let product = try await service.fetchProductWithKey(productID: "HT-1000")
        let media = try await service.provider.send(.fetchMedia(of: product.entityValue))
        XCTAssertEqual(String(decoding: media.data, as: UTF8.self), "image of HT-1000\n")
        XCTAssertEqual(media.contentType, "image/png")

        let empty = try await service.fetchProductWithKey(productID: "HT-1010")
        let none = try await service.provider.send(.fetchMedia(of: empty.entityValue))
        XCTAssertTrue(none.data.isEmpty)

        let source = FileManager.default.temporaryDirectory.appendingPathComponent("odata-upload-\(UUID().uuidString)")
        let payload = Data((0..<300_000).map { UInt8($0 % 251) })
        try payload.write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        _ = try await service.provider.send(
            .uploadMedia(of: empty.entityValue, body: .file(source), contentType: "application/octet-stream"))
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("odata-download-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: target) }
        _ = try await service.provider.send(.downloadMedia(of: empty.entityValue, to: target))
        XCTAssertEqual(try Data(contentsOf: target), payload)

        let created = try await service.provider.send(
            .createMedia(
                in: ESPMContainerMetadata.EntitySets.products, body: .data(Data("PNG".utf8)), contentType: "image/png",
                slug: "('HT-9000')"))
        var newProduct = Product(entityValue: created)
        XCTAssertEqual(newProduct.productID, "HT-9000")
        newProduct.name = "Made by media POST"
        newProduct.supplierID = "S000001"
        _ = try await service.updateEntity(newProduct)
        let reread = try await service.fetchProductWithKey(productID: "HT-9000")
        XCTAssertEqual(reread.name, "Made by media POST")
        let stored = try await service.provider.send(.fetchMedia(of: reread.entityValue))
        XCTAssertEqual(stored.data, Data("PNG".utf8))
    }

    func testFunctionImportsWithTheirDeclaredMethod() async throws {
        let updated = try await service.updateSalesOrderStatus(id: "500000001", newStatus: "C")
        XCTAssertTrue(updated)
        let order = try await service.fetchSalesOrderHeaderWithKey(salesOrderID: "500000001")
        XCTAssertEqual(order.lifeCycleStatus, "C")
        let unknown = try await service.updateSalesOrderStatus(id: "nope", newStatus: "C")
        XCTAssertFalse(unknown)
        let generated = try await service.generateSampleSalesOrders()
        XCTAssertTrue(generated)
        let more = try await service.count(matching: DataQuery().from(ESPMContainerMetadata.EntitySets.salesOrderHeaders))
        XCTAssertEqual(more, 153)
        let reset = try await service.resetSampleData()
        XCTAssertTrue(reset)
        let back = try await service.count(matching: DataQuery().from(ESPMContainerMetadata.EntitySets.salesOrderHeaders))
        XCTAssertEqual(back, 150)
    }

    func testHostileStringsRoundTripAsKeysAndFilterValues() async throws {
        let hostile = ["it's", "a&b", "#hash", "100%", "1+1", "a/b", "Ünïcødé ✓", "q?x=1", "sp ace", "$top"]
        for (index, text) in hostile.enumerated() {
            var category = ProductCategory()
            category.category = text
            category.categoryName = text
            category.mainCategory = "Hostile \(index)"
            _ = try await service.createEntity(category, in: ESPMContainerMetadata.EntitySets.productCategories)
            let byKey = try await service.fetchProductCategoryWithKey(category: text)
            XCTAssertEqual(byKey.categoryName, text)
            let filtered = try await service.fetchProductCategories(matching: DataQuery().filter(ProductCategory.categoryName == text))
            XCTAssertEqual(filtered.map(\.category), [text], text)
        }
        let seeded = try await service.fetchProductCategoryWithKey(category: "Tools & 'Co' #1 %/+ Ünï")
        XCTAssertEqual(seeded.categoryName, "Hostile name")
    }
}
