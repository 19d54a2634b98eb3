import ESPM
import Foundation
import OData
import ODataSAPCompatibility
import ODataTestSupport
import XCTest

/// The generated ESPM module, compiled by the build plugin, driven against payloads recorded from the
/// pyslet ESPM server (see Resources/payloads/SOURCES.md): the exact requests and the decoded values.
final class ESPMServiceTests: XCTestCase {
    private func service(_ payloads: [String: String]) -> (ESPMContainer<RecordedProvider>, RecordedProvider) {
        let provider = RecordedProvider(payloads, directory: payloadDirectory, serviceName: "ESPM")
        return (ESPMContainer(provider: provider), provider)
    }

    func testOverviewCustomersWithExpandedSalesOrdersAsync() async throws {
        let (service, provider) = service(["GET Customers?$expand=SalesOrders&$top=3": "customers_expand_top3.json"])
        let query = DataQuery().expand(Customer.salesOrders).top(3)
        let customers = try await service.fetchCustomers(matching: query)
        XCTAssertEqual(provider.requests, ["GET Customers?$expand=SalesOrders&$top=3"])
        XCTAssertEqual(customers.map(\.customerID), ["C000001", "C000002", "C000003"])
        let first = try XCTUnwrap(customers.first)
        XCTAssertEqual(first.firstName, "Anna")
        XCTAssertEqual(first.lastName, "Müller")
        XCTAssertEqual(first.city, "Walldorf")
        XCTAssertEqual(first.address?.street, "Hauptstraße")
        XCTAssertEqual(first.salesOrders.map(\.salesOrderID).prefix(2), ["500000001", "500000061"])
        XCTAssertEqual(first.salesOrders.first?.netAmount?.doubleValue(), 66581.44)
        XCTAssertEqual(first.salesOrders.first?.currencyCode, "EUR")
        XCTAssertEqual(first.dateOfBirth?.utc(), Date(timeIntervalSince1970: -631_152_000))
        let sorted = customers.sorted { $0.salesOrders.count > $1.salesOrders.count }
        XCTAssertGreaterThanOrEqual(sorted[0].salesOrders.count, sorted[2].salesOrders.count)
    }

    func testOverviewWithCompletionHandlerAndTopProducts() async throws {
        let (service, provider) = service(["GET Products?$top=5": "products_top5.json"])
        let products: [Product] = try await withCheckedThrowingContinuation { continuation in
            service.fetchProducts(matching: DataQuery().top(5)) { result, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: result ?? []) }
            }
        }
        XCTAssertEqual(provider.requests, ["GET Products?$top=5"])
        XCTAssertEqual(products.count, 5)
        XCTAssertEqual(products[0].productID, "HT-1000")
        XCTAssertEqual(products[0].categoryName, "Notebooks")
        XCTAssertEqual(products[0].price?.intValue(), 2283)
        XCTAssertEqual(products[0].price?.doubleValue(), 2283.003)
        XCTAssertEqual(products[0].entityValue.metadata.mediaReadLink, "http://127.0.0.1:35945/ESPM.svc/Products('HT-1000')/$value")
    }

    func testDetailByKeyWithCompletionHandler() async throws {
        let (service, provider) = service(["GET Customers('C000001')?$expand=SalesOrders": "customer_C000001_expand.json"])
        let customerId: String! = "C000001"
        let query = DataQuery().expand(Customer.salesOrders)
        let customer: Customer = try await withCheckedThrowingContinuation { continuation in
            service.fetchCustomerWithKey(customerID: customerId, query: query) { result, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: result!) }
            }
        }
        XCTAssertEqual(provider.requests, ["GET Customers('C000001')?$expand=SalesOrders"])
        XCTAssertEqual(customer.customerID, "C000001")
        XCTAssertEqual(customer.postalCode, "15592")
        XCTAssertEqual(customer.country, "DE")
        XCTAssertFalse(customer.salesOrders.isEmpty)
        XCTAssertTrue(customer.salesOrders.allSatisfy { $0.customerID == "C000001" })
        XCTAssertEqual(customer.id, Customer.key(customerID: "C000001"))
    }

    func testCompositeKeyAndClashingSingleMethod() async throws {
        let (service, provider) = service([
            "GET SalesOrderItems(ItemNumber=10,SalesOrderId='500000001')": "salesorderitem_10_500000001.json",
            "GET Stock('HT-1000')": "stock_HT-1000.json",
        ])
        let item = try await service.fetchSalesOrderItemWithKey(itemNumber: 10, salesOrderID: "500000001")
        XCTAssertEqual(item.itemNumber, 10)
        XCTAssertEqual(item.productID, "HT-1029")
        XCTAssertEqual(item.netAmount?.doubleValue(), 14177.14)
        let stock = try await service.fetchStock1WithKey(productID: "HT-1000")
        XCTAssertEqual(stock.productID, "HT-1000")
        XCTAssertNotNil(stock.quantity)
        XCTAssertEqual(
            provider.requests,
            [
                "GET SalesOrderItems(ItemNumber=10,SalesOrderId='500000001')", "GET Stock('HT-1000')",
            ])
    }

    func testSearchOnServerAndInMemoryAgree() async throws {
        let searchURL = "GET Customers?$filter=substringof('ll',FirstName)%20or%20substringof('ll',LastName)"
        let (service, provider) = service([
            searchURL: "customers_search_ll.json", "GET Customers": "customers_all.json",
        ])
        let terms = "ll"
        let searchQuery = DataQuery().filter(Customer.firstName.contains(terms).or(Customer.lastName.contains(terms)))
        let found = try await service.fetchCustomers(matching: searchQuery)
        let all = try await service.fetchCustomers(matching: DataQuery())
        let local = try all.filterWithQuery(searchQuery)
        XCTAssertEqual(provider.requests, [searchURL, "GET Customers"])
        XCTAssertEqual(found.map(\.customerID), ["C000001", "C000011", "C000021", "C000031", "C000041", "C000051"])
        XCTAssertEqual(local.map(\.customerID), found.map(\.customerID))
    }

    func testFunctionImportIsSentWithItsMethodAndTypedParameters() async throws {
        let (service, provider) = service(["POST UpdateSalesOrderStatus?id='500000001'&newStatus='P'": "function_true.json"])
        let updated = try await service.updateSalesOrderStatus(id: "500000001", newStatus: "P")
        XCTAssertTrue(updated)
        XCTAssertEqual(provider.requests, ["POST UpdateSalesOrderStatus?id='500000001'&newStatus='P'"])
    }

    func testEntitiesAreValuesWithChangeTrackingCopyAndOld() {
        var customer = Customer()
        XCTAssertNil(customer.firstName)
        customer.firstName = "Ann"
        let copy = customer.copy()
        customer.lastName = "Lee"
        XCTAssertNil(copy.lastName)
        XCTAssertEqual(customer.entityValue.changedProperties.map(\.name), ["FirstName", "LastName"])
        XCTAssertNil(customer.old.firstName)
        XCTAssertEqual(ESPMContainerMetadata.EntitySets.products.isCreatable, false)
        XCTAssertEqual(ESPMContainerMetadata.EntityTypes.customer, Customer.entityType)
        XCTAssertEqual(ESPMContainerMetadata.ActionImports.updateSalesOrderStatus.httpMethod, "POST")
    }
}
