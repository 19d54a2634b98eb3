import ESPM
import Foundation
import OData
import XCTest

/// ESPM writes against pyslet: create, deep insert, create related, MERGE/PUT/PATCH/tunnelled updates
/// with ETags and a typed 412, delete, `$links`, media, function imports and hostile strings.
final class PysletWriteTests: XCTestCase {
    private var service: ESPMContainer<OnlineODataProvider>!

    override func setUp() async throws {
        let root = try TestServers.pyslet()
        try await TestServers.resetPyslet(root)
        service = ESPMContainer(provider: TestServers.provider(serviceName: "ESPM", serviceRoot: root))
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

    func testCreateUpdateDeleteWithETags() async throws {
        let created = try await service.createEntity(newCustomer("X1"), in: ESPMContainerMetadata.EntitySets.customers)
        XCTAssertEqual(created.customerID, "X1")
        XCTAssertNotNil(created.entityValue.metadata.uri)
        let etag = try XCTUnwrap(created.entityValue.metadata.etag)
        XCTAssertFalse(created.entityValue.hasChanges)
        let reread = try await service.fetchCustomerWithKey(customerID: "X1")
        XCTAssertEqual(reread.dateOfBirth?.utc(), Date(timeIntervalSince1970: 1_700_000_000), "/Date(ms)/ round-trips")

        var changed = reread
        changed.city = "Paris"
        let merged = try await service.updateEntity(changed)
        XCTAssertNotEqual(merged.entityValue.metadata.etag, etag)
        var afterMerge = try await service.fetchCustomerWithKey(customerID: "X1")
        XCTAssertEqual(afterMerge.city, "Paris")
        XCTAssertEqual(afterMerge.firstName, "Ada", "MERGE sends only the changed property")

        var stale = reread
        stale.city = "Rome"
        do {
            _ = try await service.updateEntity(stale)
            XCTFail("expected 412 for the stale ETag")
        } catch let error as ODataError {
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
        let final = try await service.fetchCustomerWithKey(customerID: "X1")
        XCTAssertEqual([final.firstName, final.city, final.street, final.houseNumber], ["Augusta", "Paris", "Patch Lane", "7"])

        do {
            try await service.deleteEntity(reread)
            XCTFail("a delete with a stale ETag must fail")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .preconditionFailed)
        }
        try await service.deleteEntity(final)
        do {
            _ = try await service.fetchCustomerWithKey(customerID: "X1")
            XCTFail("deleted")
        } catch let error as ODataError {
            XCTAssertEqual(error.statusCode, 404)
        }
    }

    func testCreateRelatedDeepInsertAndLinks() async throws {
        let customer = try await service.fetchCustomerWithKey(customerID: "C000003")
        var order = SalesOrderHeader()
        order.salesOrderID = "600000001"
        order.customerID = "C000003"
        order.lifeCycleStatus = "N"
        order.lifeCycleStatusName = "New"
        var item = SalesOrderItem()
        item.itemNumber = 10
        item.salesOrderID = "600000001"
        item.productID = "HT-1000"
        item.quantity = BigDecimal(2)
        let product = try await service.fetchProductWithKey(productID: "HT-1000")
        item.setRelatedEntity(product, for: SalesOrderItem.productDetails)
        order.setRelated([item], for: SalesOrderHeader.items)
        let created = try await service.createRelatedEntity(order, in: customer, property: Customer.salesOrders)
        XCTAssertEqual(created.salesOrderID, "600000001")
        let items = try await service.fetchSalesOrderItems(
            matching: DataQuery().filter(SalesOrderItem.salesOrderID == "600000001"))
        XCTAssertEqual(items.map(\.itemNumber), [10])

        let links = try await service.provider.fetchLinks(from: customer.entityValue, property: Customer.salesOrders.descriptor)
        XCTAssertTrue(links.uris.contains { $0.hasSuffix("SalesOrderHeaders('600000001')") })

        let other = try await service.fetchCustomerWithKey(customerID: "C000004")
        try await service.provider.setLink(
            from: created.entityValue, property: SalesOrderHeader.customerDetails.descriptor, to: other.entityValue)
        var moved = try await service.fetchSalesOrderHeaderWithKey(salesOrderID: "600000001")
        try await service.loadProperty(SalesOrderHeader.customerDetails, into: &moved)
        XCTAssertEqual(moved.customerDetails?.customerID, "C000004")
    }

    func testMediaDownloadUploadAndCreateWithSlug() async throws {
        let product = try await service.fetchProductWithKey(productID: "HT-1000")
        let media = try await service.provider.fetchMedia(of: product.entityValue)
        XCTAssertEqual(String(decoding: media.data, as: UTF8.self), "image of HT-1000\n")
        XCTAssertEqual(media.contentType, "image/png")

        let empty = try await service.fetchProductWithKey(productID: "HT-1010")
        let none = try await service.provider.fetchMedia(of: empty.entityValue)
        XCTAssertTrue(none.data.isEmpty)

        let source = FileManager.default.temporaryDirectory.appendingPathComponent("odata-upload-\(UUID().uuidString)")
        let payload = Data((0..<300_000).map { UInt8($0 % 251) })
        try payload.write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        try await service.provider.uploadMedia(of: empty.entityValue, body: .file(source), contentType: "application/octet-stream")
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("odata-download-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: target) }
        try await service.provider.downloadMedia(of: empty.entityValue, to: target)
        XCTAssertEqual(try Data(contentsOf: target), payload)

        let created = try await service.provider.createMedia(
            in: ESPMContainerMetadata.EntitySets.products, body: .data(Data("PNG".utf8)), contentType: "image/png",
            slug: "('HT-9000')")
        var newProduct = Product(entityValue: created)
        XCTAssertEqual(newProduct.productID, "HT-9000")
        newProduct.name = "Made by media POST"
        newProduct.supplierID = "S000001"
        _ = try await service.updateEntity(newProduct)
        let reread = try await service.fetchProductWithKey(productID: "HT-9000")
        XCTAssertEqual(reread.name, "Made by media POST")
        let stored = try await service.provider.fetchMedia(of: reread.entityValue)
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
