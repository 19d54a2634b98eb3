import BusinessPartnerAPI
import Foundation
import GWSampleBasic
import OData
import XCTest

/// mock-sap driven through typed containers that our generator produced at build time from the
/// services' own `$metadata` (targets `GWSampleBasic` and `BusinessPartnerAPI`): typed reads with
/// filter/orderby/top/expand, create/update/delete through CSRF, a typed `$batch` changeset, a stale
/// ETag (412) and SAP's error envelope.
final class MockSAPTypedTests: XCTestCase {
    private var service: GWSampleBasicService<OnlineODataProvider>!

    override func setUp() async throws {
        try await TestServers.resetMockSAP()
        service = GWSampleBasicService(
            provider: TestServers.provider(serviceName: "GWSAMPLE_BASIC", serviceRoot: try TestServers.gwsample()))
    }

    func testTypedReadsWithFilterOrderByTopAndExpand() async throws {
        let suppliers = try await service.fetchBusinessPartnerSet(
            matching: DataQuery().filter(BusinessPartner.businessPartnerRole == "01").orderBy(BusinessPartner.companyName, .descending)
                .top(3))
        XCTAssertEqual(suppliers.map(\.companyName), ["TECUM", "Panorama Studios", "Laurent"])
        XCTAssertTrue(suppliers.allSatisfy { $0.businessPartnerRole == "01" })
        XCTAssertEqual(suppliers.first?.address?.city, "Hamburg", "complex property decoded")
        XCTAssertNotNil(suppliers.first?.changedAt, "Edm.DateTime decoded into LocalDateTime")

        let sap = try await service.fetchBusinessPartnerWithKey(
            businessPartnerID: "0100000000", query: DataQuery().expand(BusinessPartner.toSalesOrders, BusinessPartner.toContacts))
        XCTAssertEqual(sap.companyName, "SAP")
        XCTAssertFalse(sap.toSalesOrders.isEmpty, "expanded to-many navigation decoded")
        XCTAssertTrue(sap.toSalesOrders.allSatisfy { $0.customerID == "0100000000" })
        XCTAssertTrue(sap.toContacts.allSatisfy { $0.businessPartnerID == "0100000000" })
        XCTAssertNotNil(sap.toSalesOrders.first?.grossAmount)

        let count = try await service.count(matching: DataQuery().from(GWSampleBasicServiceMetadata.EntitySets.businessPartnerSet))
        XCTAssertEqual(count, 8)

        let partners = BusinessPartnerService(
            provider: TestServers.provider(
                serviceName: "API_BUSINESS_PARTNER_SRV",
                serviceRoot: try TestServers.mockSAP().appendingPathComponent("sap/opu/odata/sap/API_BUSINESS_PARTNER_SRV/")))
        let organisations = try await partners.fetchABusinessPartner(
            matching: DataQuery().filter(ABusinessPartnerType.businessPartnerCategory == "2").orderBy(ABusinessPartnerType.businessPartner)
                .top(2).expand(ABusinessPartnerType.toBusinessPartnerAddress))
        XCTAssertEqual(organisations.count, 2)
        XCTAssertEqual(organisations.first?.businessPartner, "1000001")
        XCTAssertEqual(organisations.first?.businessPartnerFullName, "Becker Berlin")
        XCTAssertEqual(organisations.first?.businessPartnerIsBlocked, false)
        XCTAssertNotNil(organisations.first?.entityValue.metadata.etag)
        XCTAssertEqual(organisations.map { $0.toBusinessPartnerAddress.map(\.cityName) }, [["Walldorf"], ["Palo Alto"]])
        XCTAssertEqual(organisations.last?.toBusinessPartnerAddress.first?.businessPartner, "1000002")
    }
}
