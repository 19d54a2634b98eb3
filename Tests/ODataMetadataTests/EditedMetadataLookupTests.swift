import XCTest

@testable import ODataMetadata

/// The lookups of a `ServiceMetadata` whose schemas a caller has edited: they answer for the schemas as they are
/// now (the index used to be built once, at creation, and went stale).
final class EditedMetadataLookupTests: XCTestCase {
    func testLookupsFollowEditsToTheSchemas() throws {
        var espm = try Fixtures.corpus("ESPM.xml")
        let original = espm
        XCTAssertEqual(espm.entityType(named: "ESPM.Customer")?.name, "Customer")

        // Types removed: not found, and no trap on an index past the end of the shorter array.
        espm.schemas[0].entityTypes.removeAll { $0.name != "Stock" }
        XCTAssertNil(espm.entityType(named: "ESPM.Customer"))
        XCTAssertEqual(espm.entityType(named: "ESPM.Stock")?.name, "Stock")

        // A type renamed in place: found under its new name only.
        espm.schemas[0].entityTypes[0].name = "Inventory"
        XCTAssertNil(espm.entityType(named: "ESPM.Stock"))
        XCTAssertEqual(espm.entityType(named: "ESPM.Inventory")?.name, "Inventory")

        // The copy taken before the edits keeps its own answers.
        XCTAssertEqual(original.entityType(named: "ESPM.Customer")?.name, "Customer")
        XCTAssertEqual(original.entityType(named: "ESPM.Stock")?.name, "Stock")
        XCTAssertNil(original.entityType(named: "ESPM.Inventory"))
    }

    func testLookupsFollowReferencedSchemasAndReferencesSetLater() throws {
        var espm = try Fixtures.corpus("ESPM.xml")
        XCTAssertNil(espm.complexType(named: "Other.Address"))
        var other = espm.schemas[0]
        other.namespace = "Other"
        other.alias = nil
        for index in other.complexTypes.indices { other.complexTypes[index].namespace = "Other" }
        espm.referencedSchemas = [other]
        XCTAssertEqual(espm.complexType(named: "Other.Address")?.namespace, "Other")

        // An alias from an `edmx:Include` added afterwards resolves too.
        XCTAssertNil(espm.complexType(named: "O.Address"))
        espm.references = [
            SchemaReference(
                uri: "other.xml", includes: [SchemaUsing(namespace: "Other", alias: "O")], location: SourceLocation(line: 1, column: 1))
        ]
        XCTAssertEqual(espm.complexType(named: "O.Address")?.namespace, "Other")
    }

    func testConcurrentFirstLookupsAgree() async throws {
        let espm = try Fixtures.corpus("ESPM.xml")
        let names = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<8 { group.addTask { espm.entityType(named: "ESPM.SalesOrderItem")?.name } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(names, Array(repeating: "SalesOrderItem", count: 8))
    }
}
