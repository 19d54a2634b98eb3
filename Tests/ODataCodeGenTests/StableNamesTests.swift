import Foundation
import ODataMetadata
import XCTest

@testable import ODataCodeGen

/// The lock file keeps Swift names stable across regenerations; `odata-gen diff` reports API changes.
final class StableNamesTests: XCTestCase {
    private static let newType = """
              <EntityType Name="customer_">
                <Key><PropertyRef Name="Id"/></Key>
                <Property Name="Id" Type="Edm.Int32" Nullable="false"/>
              </EntityType>
              <EntityType Name="Customer">
        """

    private func landmine(withNewType: Bool) throws -> ServiceMetadata {
        var text = try String(contentsOf: try TestSupport.resource("Landmine.xml"), encoding: .utf8)
        if withNewType { text = text.replacingOccurrences(of: "<EntityType Name=\"Customer\">", with: Self.newType) }
        return try MetadataParser.parse(text)
    }

    /// A type added earlier in the document renames `Customer1` to `Customer2` without a lock, and not with one.
    func testTheLockKeepsNamesWhenATypeIsAddedEarlier() throws {
        let before = try CodeGenerator().generate(try landmine(withNewType: false))
        XCTAssertEqual(before.api.entries["EntityType Land.Mine.Customer"]?.name, "Customer")
        XCTAssertEqual(before.api.entries["EntityType Land.Mine.customer"]?.name, "Customer1")
        let unlocked = try CodeGenerator().api(try landmine(withNewType: true))
        XCTAssertEqual(unlocked.entries["EntityType Land.Mine.customer_"]?.name, "Customer")
        XCTAssertEqual(unlocked.entries["EntityType Land.Mine.customer"]?.name, "Customer2")
        let lock = NameLock(api: before.api)
        let locked = try CodeGenerator(lock: lock).generate(try landmine(withNewType: true))
        XCTAssertEqual(locked.api.entries["EntityType Land.Mine.Customer"]?.name, "Customer")
        XCTAssertEqual(locked.api.entries["EntityType Land.Mine.customer"]?.name, "Customer1")
        XCTAssertEqual(locked.api.entries["EntityType Land.Mine.customer_"]?.name, "Customer2")
        XCTAssertTrue(APIDiff.changes(from: before.api, to: locked.api).allSatisfy { $0.kind == .added && !$0.isBreaking })
        // Through a file, byte-identical, and the locked output still compiles.
        let decoded = try NameLock.decode(try lock.encoded(), source: "lock")
        XCTAssertEqual(decoded, lock)
        XCTAssertEqual(try lock.encoded(), try NameLock(api: try CodeGenerator().api(try landmine(withNewType: false))).encoded())
        if let problem = try Compiler.typecheck(locked.files, moduleName: "Locked") { XCTFail(problem) }
    }

    func testARenameInTheConfigurationWinsOverTheLock() throws {
        let lock = NameLock(api: try CodeGenerator().api(try landmine(withNewType: false)))
        let configuration = GeneratorConfiguration(renames: ["Land.Mine.customer": "LowerCustomer"])
        let api = try CodeGenerator(configuration: configuration, lock: lock).api(try landmine(withNewType: true))
        XCTAssertEqual(api.entries["EntityType Land.Mine.customer"]?.name, "LowerCustomer")
    }

    /// ESPM with removed properties (Customer's and Supplier's PhoneNumber), a changed type, a new required parameter and a new entity set.
    func testTheDiffOfARealDocumentMarksWhatBreaks() throws {
        let url = try TestSupport.corpusDocument("ESPM.xml")
        let original = try String(contentsOf: url, encoding: .utf8)
        let changed =
            original
            .replacingOccurrences(
                of:
                    "<Property Name=\"PhoneNumber\" Type=\"Edm.String\" Nullable=\"true\" MaxLength=\"30\"/>\n                <Property Name=\"PostalCode\"",
                with: "<Property Name=\"PostalCode\""
            )
            .replacingOccurrences(
                of: "<Property Name=\"QuantityLessMin\" Type=\"Edm.Boolean\"", with: "<Property Name=\"QuantityLessMin\" Type=\"Edm.Int32\""
            )
            .replacingOccurrences(
                of: "<Parameter Name=\"newStatus\" Type=\"Edm.String\" Nullable=\"false\"/>",
                with:
                    "<Parameter Name=\"newStatus\" Type=\"Edm.String\" Nullable=\"false\"/><Parameter Name=\"reason\" Type=\"Edm.String\" Nullable=\"false\"/>"
            )
            .replacingOccurrences(
                of: "<EntitySet Name=\"Stock\" EntityType=\"ESPM.Stock\"",
                with: "<EntitySet Name=\"Inventory\" EntityType=\"ESPM.Stock\"/><EntitySet Name=\"Stock\" EntityType=\"ESPM.Stock\"")
        XCTAssertNotEqual(changed, original)
        let old = try CodeGenerator().api(try MetadataParser.parse(original))
        let new = try CodeGenerator(lock: NameLock(api: old)).api(try MetadataParser.parse(changed))
        let lines = APIDiff.changes(from: old, to: new).map(\.description)
        XCTAssertEqual(
            lines,
            [
                "         added entity set method ESPMContainer.fetchInventory (EntitySet ESPMContainer/Inventory)",
                "         added entity set handle ESPMContainerMetadata.EntitySets.inventory (EntitySetHandle ESPMContainer/Inventory)",
                "BREAKING added parameter ESPMContainer.updateSalesOrderStatus.reason (Parameter ESPMContainer/UpdateSalesOrderStatus/reason)",
                "BREAKING removed property Customer.phoneNumber (Property ESPM.Customer/PhoneNumber)",
                "BREAKING type changed property Stock.quantityLessMin: Swift.Bool -> Swift.Int (Property ESPM.Stock/QuantityLessMin)",
                "BREAKING removed property Supplier.phoneNumber (Property ESPM.Supplier/PhoneNumber)",
            ], lines.joined(separator: "\n"))
    }

    func testOptionalityChanges() {
        let parameter = APIEntry(kind: .parameter, name: "id", owner: "S.f", type: "Swift.String", isOptional: true)
        var required = parameter
        required.isOptional = false
        let toRequired = APIDiff.changes(from: GeneratedAPI(entries: ["P": parameter]), to: GeneratedAPI(entries: ["P": required]))
        XCTAssertEqual(toRequired.map(\.kind), [.becameRequired])
        XCTAssertEqual(toRequired.map(\.isBreaking), [true])
        let toOptional = APIDiff.changes(from: GeneratedAPI(entries: ["P": required]), to: GeneratedAPI(entries: ["P": parameter]))
        XCTAssertEqual(toOptional.map(\.isBreaking), [false])
        let property = APIEntry(kind: .property, name: "note", owner: "T", type: "Swift.String", isOptional: true)
        var nonNull = property
        nonNull.isOptional = false
        XCTAssertEqual(
            APIDiff.changes(from: GeneratedAPI(entries: ["Q": property]), to: GeneratedAPI(entries: ["Q": nonNull])).map(\.isBreaking),
            [false])
    }
}
