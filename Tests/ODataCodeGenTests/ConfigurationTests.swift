import Foundation
import XCTest

@testable import ODataCodeGen

/// `odata-generator-config.json` and the options it controls.
final class ConfigurationTests: XCTestCase {
    private func decode(_ json: String) throws -> GeneratorConfiguration {
        try GeneratorConfiguration.decode(Data(json.utf8), source: "test.json")
    }

    private func errorMessage(_ json: String) -> String? {
        do {
            _ = try decode(json)
            return nil
        } catch {
            return (error as? GeneratorError)?.message ?? "\(error)"
        }
    }

    func testEveryKeyDecodes() throws {
        let configuration = try decode(
            """
            {"serviceClassName": "Shop", "container": "ESPMContainer", "accessLevel": "package",
             "namingStrategy": "preserve", "renames": {"ESPM.Customer": "Client"}, "entitySets": ["Customers"],
             "functionImports": ["ResetSampleData"], "fileLayout": "sharded", "shardCount": 4, "sapCompatibility": true}
            """)
        XCTAssertEqual(
            configuration,
            GeneratorConfiguration(
                serviceClassName: "Shop", container: "ESPMContainer", accessLevel: .package, namingStrategy: .preserve,
                renames: ["ESPM.Customer": "Client"], entitySets: ["Customers"], functionImports: ["ResetSampleData"],
                fileLayout: .sharded, shardCount: 4, sapCompatibility: true))
        XCTAssertEqual(try decode("{}"), GeneratorConfiguration())
    }

    func testUnknownKeyIsAnErrorThatNamesIt() {
        let message = errorMessage(#"{"serviceName": "X"}"#)
        XCTAssertEqual(message?.hasPrefix(#"test.json: unknown key "serviceName" (known keys: "serviceClassName""#), true, message ?? "")
        XCTAssertContains(message ?? "", #""strictQueryCapabilities", "sapCompatibility")"#)
    }

    func testBadValuesAreErrorsThatSayWhatIsAllowed() {
        XCTAssertEqual(
            errorMessage(#"{"accessLevel": "open"}"#),
            #"test.json: "accessLevel" must be one of "public", "package", "internal", not "open""#)
        XCTAssertEqual(errorMessage(#"{"shardCount": 0}"#), #"test.json: "shardCount" must be between 1 and 4096, not 0"#)
        XCTAssertEqual(errorMessage(#"{"entitySets": "Customers"}"#), #"test.json: "entitySets" must be an array of strings"#)
        XCTAssertEqual(
            errorMessage(#"{"renames": {"ESPM.Customer": "not valid"}}"#),
            #"test.json: rename of "ESPM.Customer" must be a Swift identifier, not "not valid""#)
        XCTAssertEqual(errorMessage("{"), "test.json: invalid JSON: The given data was not valid JSON.")
        XCTAssertEqual(errorMessage(#"{"sapCompatibility": "yes"}"#), #"test.json: "sapCompatibility" must be true or false"#)
    }

    /// Without `sapCompatibility` each operation is generated as `async` plus its completion form, and nothing
    /// synchronous (so top-level `try await` has one candidate); with it, SAP's synchronous twin too, from
    /// `ODataSAPCompatibility`, which only the service's file imports.
    func testSAPCompatibilityAddsTheSynchronousTwinsAndTheirImport() throws {
        let plain = try TestSupport.file(try espm(GeneratorConfiguration()), "+ESPMContainer.swift")
        XCTAssertNotContains(plain, "noasync")
        XCTAssertNotContains(plain, "ODataSAPCompatibility")
        let operations = plain.components(separatedBy: ") async throws(OData.ODataError) -> ").count - 1
        XCTAssertEqual(operations, 35)
        XCTAssertEqual(plain.components(separatedBy: "    open func ").count - 1, 2 * operations)

        let result = try espm(GeneratorConfiguration(sapCompatibility: true))
        let service = try TestSupport.file(result, "+ESPMContainer.swift")
        XCTAssertContains(service, "import Foundation\n@_spi(Generated) import OData\n@_spi(Generated) import ODataSAPCompatibility\n")
        XCTAssertEqual(service.components(separatedBy: "    @available(*, noasync").count - 1, operations)
        XCTAssertEqual(service.components(separatedBy: "    open func ").count - 1, 3 * operations)
        XCTAssertContains(service, "    ) throws -> [Customer] {\n        try self.blocking { try await self.fetch(Customer.self,")
        for file in result.files where file.name != "+ESPMContainer.swift" {
            XCTAssertNotContains(file.contents, "ODataSAPCompatibility")
        }
        let sharded = try espm(GeneratorConfiguration(fileLayout: .sharded, shardCount: 2, sapCompatibility: true))
        XCTAssertEqual(
            sharded.files.filter { $0.contents.contains("import ODataSAPCompatibility") }.map(\.name), ["GeneratedService.swift"])
    }

    private func espm(_ configuration: GeneratorConfiguration) throws -> GenerationResult {
        try CodeGenerator(configuration: configuration).generate(try TestSupport.parse(try TestSupport.corpusDocument("ESPM.xml")))
    }

    func testSubsetPullsInEveryTypeTheSetsNeed() throws {
        let result = try espm(GeneratorConfiguration(entitySets: ["Customers"]))
        // Customer → SalesOrderHeader → SalesOrderItem → Product → Stock, Supplier → PurchaseOrderHeader → PurchaseOrderItem; Address.
        XCTAssertEqual(
            result.files.map(\.name),
            [
                "+ESPMContainer.swift", "+ESPMContainerMetadata.swift", "Customer.swift", "Supplier.swift", "Product.swift",
                "Stock.swift", "PurchaseOrderHeader.swift", "PurchaseOrderItem.swift", "SalesOrderHeader.swift",
                "SalesOrderItem.swift", "Address.swift",
            ])
        let service = try TestSupport.file(result, "+ESPMContainer.swift")
        XCTAssertContains(service, "open func fetchCustomers(")
        XCTAssertNotContains(service, "open func fetchProducts(")
        XCTAssertContains(service, "open func resetSampleData(")
        let noImports = try espm(GeneratorConfiguration(entitySets: ["Customers"], functionImports: []))
        XCTAssertNotContains(try TestSupport.file(noImports, "+ESPMContainer.swift"), "resetSampleData")
        let withImport = try espm(GeneratorConfiguration(entitySets: ["Stock"], functionImports: ["ResetSampleData"]))
        XCTAssertContains(try TestSupport.file(withImport, "+ESPMContainer.swift"), "open func resetSampleData(")
        XCTAssertThrowsError(try espm(GeneratorConfiguration(entitySets: ["Nope"]))) { error in
            XCTAssertEqual("\(error)", #"entity set "Nope" (from "entitySets") is not in container ESPMContainer"#)
        }
    }

    func testServiceNameRenamesAccessLevelAndLayouts() throws {
        let result = try espm(
            GeneratorConfiguration(
                serviceClassName: "Shop", accessLevel: .internal,
                renames: [
                    "ESPM.Customer": "Client", "ESPM.Customer/FirstName": "givenName", "ESPMContainer/Customers": "clients",
                    "Nothing/Here": "x",
                ]))
        let service = try TestSupport.file(result, "+Shop.swift")
        XCTAssertContains(
            service, "class Shop<Provider: OData.DataServiceProvider>: OData.DataService<Provider>, @unchecked Swift.Sendable {")
        XCTAssertNotContains(service, "open ")
        XCTAssertContains(service, "    func fetchClients(\n")
        XCTAssertContains(service, "    func fetchClientWithKey(\n        customerID: Swift.String?,")
        XCTAssertContains(try TestSupport.file(result, "Client.swift"), "    static var givenName: OData.TypedProperty<Swift.String> {")
        XCTAssertContains(try TestSupport.file(result, "+ShopMetadata.swift"), "static let clients: OData.EntitySetDescriptor")
        XCTAssertEqual(result.diagnostics.map(\.message), [#"rename "Nothing/Here" matches no generated element"#])

        let sharded = try espm(GeneratorConfiguration(fileLayout: .sharded, shardCount: 4))
        XCTAssertEqual(
            sharded.files.map(\.name),
            [
                "GeneratedService.swift", "GeneratedMetadata.swift", "GeneratedTypes0.swift", "GeneratedTypes1.swift",
                "GeneratedTypes2.swift", "GeneratedTypes3.swift",
            ])
        let single = try espm(GeneratorConfiguration(fileLayout: .singleFile))
        XCTAssertEqual(single.files.map(\.name), ["ESPMContainer.swift"])
        XCTAssertContains(single.files[0].contents, "public struct Address: OData.ComplexTypeProtocol {")
    }

    func testMissingContainerIsAnError() throws {
        XCTAssertThrowsError(try espm(GeneratorConfiguration(container: "Other"))) { error in
            XCTAssertEqual("\(error)", #"no entity container named "Other" (the document has: ESPMContainer)"#)
        }
    }
}
