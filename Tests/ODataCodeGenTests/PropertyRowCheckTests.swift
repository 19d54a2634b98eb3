import ODataMetadata
import XCTest

@testable import ODataCodeGen

/// The generator writes a descriptor row only when the runtime will read it back as meant.
final class PropertyRowCheckTests: XCTestCase {
    private func plan(_ url: URL) throws -> ServicePlan {
        var planner = ServicePlanner(metadata: try TestSupport.parse(url), configuration: GeneratorConfiguration())
        return try planner.plan()
    }

    /// Every property of every corpus document gets a row, and each row reads back as the row the generator meant.
    func testEveryCorpusRowRoundTrips() throws {
        var checked = 0
        for url in try TestSupport.corpus() {
            let plan = try plan(url)
            let tables = plan.entityTypes.map(\.properties) + plan.complexTypes.map(\.properties)
            let complexNames = plan.complexTypes.map(\.edm.qualifiedName)
            for properties in tables {
                for property in properties {
                    let location = "\(url.lastPathComponent): \(property.edm.name)"
                    let text = try XCTUnwrap(PropertyMembers.checkedRow(property, complexTypes: complexNames), location)
                    XCTAssertEqual(try PropertyRow.parse(text), PropertyMembers.row(property), location)
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    /// A property whose row would not read back, or whose type the table call could not resolve, is never
    /// written as a row: its type's table takes the `OData.PropertyDescriptor(…)` calls.
    func testARowThatWouldNotReadBackIsNotWritten() throws {
        let types = """
            <ComplexType Name="Address"><Property Name="City" Type="Edm.String"/></ComplexType>
            <EntityType Name="Product">
              <Key><PropertyRef Name="ID"/></Key>
              <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
              <Property Name="Ship" Type="T.Address"/>
            </EntityType>
            """
        let metadata = try MetadataParser.parse(
            TestSupport.edmx(types: types, container: #"<EntitySet Name="Products" EntityType="T.Product"/>"#))
        var planner = ServicePlanner(metadata: metadata, configuration: GeneratorConfiguration())
        let product = try XCTUnwrap(try planner.plan().entityTypes.first)
        let id = product.properties[0]
        let ship = product.properties[1]
        XCTAssertEqual(PropertyMembers.checkedRow(id, complexTypes: []), "ID Edm.Int32 Nullable=false Key")
        XCTAssertEqual(PropertyMembers.checkedRow(ship, complexTypes: ["T.Address"]), "Ship T.Address")
        // The complex type must be among those the table call passes.
        XCTAssertNil(PropertyMembers.checkedRow(ship, complexTypes: []))

        var spaced = id
        spaced.edm.name = "Product ID"
        XCTAssertNil(PropertyMembers.checkedRow(spaced, complexTypes: []))
        var mapped = id
        mapped.feedMapping = FeedCustomization(targetPath: "SyndicationTitle", namespacePrefix: "a b")
        XCTAssertNil(PropertyMembers.checkedRow(mapped, complexTypes: []))
        mapped.feedMapping = FeedCustomization(targetPath: "SyndicationTitle", namespacePrefix: "ab")
        XCTAssertEqual(
            PropertyMembers.checkedRow(mapped, complexTypes: []),
            "ID Edm.Int32 Nullable=false Key FC_TargetPath=SyndicationTitle FC_NsPrefix=ab")
        var unknown = id
        unknown.edm.type = .unresolved("T.Missing")
        XCTAssertNil(PropertyMembers.checkedRow(unknown, complexTypes: []))

        let table = SwiftRenderer().expr(PropertyMembers.table([spaced, ship]), 0)
        XCTAssertTrue(table.contains(#"OData.PropertyDescriptor(name: "Product ID""#), table)
        XCTAssertFalse(table.contains("PropertyDescriptor.table"), table)
    }
}
