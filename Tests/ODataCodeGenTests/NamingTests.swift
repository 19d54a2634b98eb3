import XCTest

@testable import ODataCodeGen

/// SAP's naming rules, escaping and clash resolution.
final class NamingTests: XCTestCase {
    private let sap = NameTransformer(strategy: .sap)
    private let preserve = NameTransformer(strategy: .preserve)

    func testMembersAreLowerCamelWithTrailingIdAsID() {
        XCTAssertEqual(sap.memberName("CustomerId"), "customerID")
        XCTAssertEqual(sap.memberName("ProductId"), "productID")
        XCTAssertEqual(sap.memberName("Id"), "id")
        XCTAssertEqual(sap.memberName("EmployeeID"), "employeeID")
        XCTAssertEqual(sap.memberName("FirstName"), "firstName")
        XCTAssertEqual(sap.memberName("Paid"), "paid")
        XCTAssertEqual(sap.memberName("CustomerIdentifier"), "customerIdentifier")
        XCTAssertEqual(sap.memberName("Order_Details"), "orderDetails")
        XCTAssertEqual(sap.memberName("Alphabetical_list_of_products"), "alphabeticalListOfProducts")
        XCTAssertEqual(sap.memberName("ESPMContainer"), "espmContainer")
        XCTAssertEqual(sap.memberName("SAP_UUID"), "sapUUID")
        XCTAssertEqual(sap.memberName("A_SalesOrder"), "aSalesOrder")
        XCTAssertEqual(sap.memberName("Employees1"), "employees1")
    }

    func testTypesKeepTheirNamesWithUnderscoresDropped() {
        XCTAssertEqual(sap.typeName("SalesOrderHeader"), "SalesOrderHeader")
        XCTAssertEqual(sap.typeName("Order_Detail"), "OrderDetail")
        XCTAssertEqual(sap.typeName("c_Location"), "CLocation")
        XCTAssertEqual(sap.serviceName("EPM_REF_APPS_PO_APV_SRV_Entities"), "EPMREFAPPSPOAPVSRVEntities")
        XCTAssertEqual(sap.methodStem("Alphabetical_list_of_products"), "AlphabeticalListOfProducts")
    }

    func testLeadingDigitsNonASCIIAndEmptyNames() {
        XCTAssertEqual(sap.memberName("1stPlace"), "_1stPlace")
        XCTAssertEqual(sap.typeName("2Fast"), "_2Fast")
        XCTAssertEqual(sap.memberName("Größe"), "größe")
        XCTAssertEqual(sap.memberName("名前"), "名前")
        XCTAssertEqual(sap.memberName("___"), "unnamed")
        XCTAssertEqual(sap.memberName("a-b.c"), "aBC")
        XCTAssertEqual(preserve.memberName("a-b"), "a_b")
        XCTAssertEqual(preserve.memberName("Customer_Id"), "Customer_Id")
        XCTAssertEqual(preserve.memberName("9lives"), "_9lives")
        XCTAssertEqual(preserve.memberName("_"), "unnamed_")
    }

    func testKeywordsAreEscapedByTheRenderer() {
        XCTAssertEqual(SwiftIdentifier.escaped("class"), "`class`")
        XCTAssertEqual(SwiftIdentifier.escaped("default"), "`default`")
        XCTAssertEqual(SwiftIdentifier.escaped("customer"), "customer")
        XCTAssertEqual(SwiftRenderer.stringLiteral("a\"b\\c\n\u{202E}"), #""a\"b\\c\n\u{202E}""#)
    }

    func testScopeSuffixesClashesDeterministicallyAndNeverReusesAName() {
        var scope = NameScope(reserved: ["entityType"])
        XCTAssertEqual(scope.claim("customerID"), "customerID")
        XCTAssertEqual(scope.claim("customerID"), "customerID1")
        XCTAssertEqual(scope.claim("customerID"), "customerID2")
        XCTAssertEqual(scope.claim("customerID1"), "customerID11")
        XCTAssertEqual(scope.claim("entityType"), "entityType1")
        XCTAssertEqual(scope.claim("self"), "self1")
        XCTAssertEqual(scope.claim("Type"), "Type1")
        var methods = NameScope(reserved: [])
        XCTAssertEqual(methods.claim("fetchStock"), "fetchStock")
        XCTAssertEqual(methods.claimGroup("Stock") { ["fetch\($0)", "fetch\($0)WithKey"] }, "Stock1")
        XCTAssertFalse(methods.isFree("fetchStock1WithKey"))
    }

    func testNoTwoLandmineNamesCollideInAnyScope() throws {
        for strategy in NamingStrategy.allCases {
            let result = try CodeGenerator(configuration: GeneratorConfiguration(namingStrategy: strategy))
                .generate(try TestSupport.parse(try TestSupport.resource("Landmine.xml")))
            XCTAssertEqual(Set(result.files.map { $0.name.lowercased() }).count, result.files.count)
            for file in result.files {
                for section in file.contents.components(separatedBy: " enum ") {
                    let declared = section.split(separator: "\n").compactMap { line -> String? in
                        let text = line.trimmingCharacters(in: .whitespaces)
                        // Stored (`static let`) and computed (`static var`) statics share the scope.
                        guard text.hasPrefix("public static let ") || text.hasPrefix("public static var ") else { return nil }
                        return String(text.dropFirst("public static let ".count).prefix { $0 != ":" })
                    }
                    // Statics of one type live in one scope; duplicates would not compile.
                    let duplicates = Dictionary(grouping: declared, by: { $0 }).filter { $0.value.count > 1 && $0.key != "entityType" }
                    XCTAssertTrue(duplicates.isEmpty, "\(strategy) \(file.name): \(duplicates.keys.sorted())")
                }
            }
        }
    }

    func testRuntimeTypeNamesAreReservedAtModuleLevel() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx(
                types: """
                    <EntityType Name="DataQuery"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>
                    <EntityType Name="Provider"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>
                    """,
                container: #"<EntitySet Name="Queries" EntityType="T.DataQuery"/><EntitySet Name="Providers" EntityType="T.Provider"/>"#))
        XCTAssertEqual(result.files.map(\.name), ["+C.swift", "+CMetadata.swift", "DataQuery1.swift", "Provider1.swift"])
    }
}
