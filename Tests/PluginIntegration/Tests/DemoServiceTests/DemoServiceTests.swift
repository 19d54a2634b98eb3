import DemoService
import Foundation
import OData
import ODataTestSupport
import XCTest

/// The plugin generated the configured API into this package's DemoService target.
final class DemoServiceTests: XCTestCase {
    func testConfiguredNamesAndTypedCalls() async throws {
        let resources = try XCTUnwrap(Bundle.module.url(forResource: "Resources", withExtension: nil))
        let provider = RecordedProvider(
            [
                "GET Products?$filter=Rating%20gt%203&$top=2": "empty-feed.json",
                "GET Suppliers(7)": "supplier-7.json",
                "GET GetProductsByRating?rating=4": "empty-feed.json",
            ], directory: resources)
        let service = DemoService(provider: provider)
        _ = try await service.fetchProducts(matching: DataQuery().filter(Product.rating.greaterThan(3)).top(2))
        let supplierSeven = try await service.fetchSupplierWithKey(id: 7)
        XCTAssertEqual(supplierSeven.id, 7)
        _ = try await service.productsRated(rating: 4)
        XCTAssertEqual(
            provider.requests,
            [
                "GET Products?$filter=Rating%20gt%203&$top=2",
                "GET Suppliers(7)",
                "GET GetProductsByRating?rating=4",
            ])
        var supplier = Supplier()
        supplier.version = 2
        supplier.address = Address()
        supplier.address?.city = "Redmond"
        XCTAssertEqual(supplier.address?.city, "Redmond")
        XCTAssertEqual(Supplier.version.name, "Concurrency")
        XCTAssertEqual(DemoServiceMetadata.FunctionImports.productsRated.httpMethod, "GET")
    }

    /// ODataDemo (WCF Data Services) maps `Product.Name` to `<title>` and `Description` to `<summary>` with
    /// `FC_KeepInContent="false"`: its Atom entries carry them there only, and the generated type reads them.
    func testAGeneratedTypeReadsCustomizableFeedValuesFromAtom() throws {
        let atom = """
            <entry xml:base="http://127.0.0.1/V2/OData/OData.svc/" xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices" \
            xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" xmlns="http://www.w3.org/2005/Atom">
              <id>http://127.0.0.1/V2/OData/OData.svc/Products(0)</id>
              <title type="text">Bread</title>
              <summary type="text">Whole grain bread</summary>
              <updated>2026-12-02T10:00:00Z</updated>
              <author><name /></author>
              <link rel="edit" title="Product" href="Products(0)" />
              <category term="ODataDemo.Product" scheme="http://schemas.microsoft.com/ado/2007/08/dataservices/scheme" />
              <content type="application/xml">
                <m:properties>
                  <d:ID m:type="Edm.Int32">0</d:ID>
                  <d:ReleaseDate m:type="Edm.DateTime">1992-01-01T00:00:00</d:ReleaseDate>
                  <d:DiscontinuedDate m:null="true" />
                  <d:Rating m:type="Edm.Int32">4</d:Rating>
                  <d:Price m:type="Edm.Decimal">2.5</d:Price>
                </m:properties>
              </content>
            </entry>
            """
        let entity = try ODataAtomDecoder().decodeEntity(Data(atom.utf8), entityType: Product.entityType)
        let product = Product(entityValue: entity)
        XCTAssertEqual(product.name, "Bread")
        XCTAssertEqual(product.description1, "Whole grain bread")
        XCTAssertEqual(product.rating, 4)
        XCTAssertEqual(product.id, 0)
    }
}
