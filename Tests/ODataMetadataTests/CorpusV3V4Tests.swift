import XCTest

@testable import ODataMetadata

/// Every real OData 4 and 3 document of the corpus (`Tests/Corpus/metadata/v4`, `…/v3`) parses with the counts
/// its SOURCES.md gives, and without errors but those the documents really have.
final class CorpusV3V4Tests: XCTestCase {
    struct Expected {
        let file: String
        let version: ODataVersion
        // Entity types, complex types, enum types, type definitions, actions, functions.
        let types: [Int]
        // Entity sets, singletons, action imports, function imports, references.
        let container: [Int]
        /// The error codes the document really earns.
        var errors: [String] = []
    }

    static let corpus: [Expected] = [
        Expected(file: "v4/AspNetCoreOData_Library.xml", version: .v4, types: [20, 9, 2, 0, 14, 15], container: [10, 1, 7, 7, 0]),
        Expected(file: "v4/CAP_Library.xml", version: .v4, types: [18, 8, 0, 0, 20, 37], container: [16, 1, 7, 7, 4]),
        Expected(
            file: "v4/Dataverse_DynamicsCRM_subset.xml", version: .v4, types: [6, 116, 30, 0, 70, 125], container: [4, 0, 65, 49, 2]),
        Expected(file: "v4/ESPM_v4.xml", version: .v4, types: [10, 1, 1, 0, 4, 0], container: [10, 0, 4, 0, 1]),
        Expected(file: "v4/ExchangeMail_v4.xml", version: .v4, types: [13, 8, 11, 0, 14, 0], container: [1, 1, 0, 0, 0]),
        Expected(file: "v4/MicrosoftGraph_v1.0_GovSG.xml", version: .v4, types: [91, 97, 22, 0, 30, 12], container: [22, 6, 0, 0, 0]),
        Expected(file: "v4/Northwind_v4.xml", version: .v4, types: [26, 0, 0, 0, 0, 0], container: [26, 0, 0, 0, 0]),
        Expected(file: "v4/ODataDemo_v4.xml", version: .v4, types: [10, 1, 0, 0, 2, 0], container: [7, 0, 1, 0, 0]),
        Expected(file: "v4/Olingo_ODataWCFService_v4.xml", version: .v4, types: [22, 4, 3, 0, 9, 13], container: [12, 6, 4, 6, 0]),
        Expected(file: "v4/RAP_DMO_Travel_sd_travel_mduu.xml", version: .v4, types: [14, 8, 0, 0, 17, 0], container: [14, 0, 0, 0, 12]),
        Expected(
            file: "v4/Redfish_Resource_v1.xml", version: .v4, types: [8, 25, 11, 4, 0, 0], container: [0, 0, 0, 0, 5],
            errors: ["reference-not-given", "reference-not-given"]),
        Expected(
            file: "v4/S4HANACloud_CE_SALESORDER_0001.xml", version: .v401, types: [13, 1, 0, 0, 2, 0], container: [9, 0, 0, 0, 17]),
        Expected(file: "v4/TripPinServiceRW.xml", version: .v4, types: [9, 4, 1, 0, 2, 4], container: [4, 1, 1, 1, 0]),
        Expected(file: "v4/Vocabulary_Org.OData.Core.V1.xml", version: .v4, types: [0, 18, 3, 8, 0, 0], container: [0, 0, 0, 0, 1]),
        Expected(file: "v3/v3_1C_StandardODATA.xml", version: .v3, types: [94, 43, 45, 0, 0, 0], container: [94, 0, 0, 4, 0]),
        Expected(
            file: "v3/v3_SharePointOnline_subset.xml", version: .v3, types: [5, 176, 0, 0, 0, 0], container: [5, 0, 0, 591, 0],
            errors: ["duplicate-name"]),
        Expected(
            file: "v3/v3_WCFDataServices_AstoriaActionOverloading.xml", version: .v3, types: [32, 7, 0, 0, 0, 0],
            container: [24, 0, 0, 12, 0]),
        Expected(
            file: "v3/v3_WCFDataServices_SimpleODataNorthwind.xml", version: .v3, types: [11, 1, 0, 0, 0, 0], container: [9, 0, 0, 8, 0]),
        Expected(file: "v3/v3_WebApiOData_ActionsSample.xml", version: .v3, types: [1, 0, 0, 0, 0, 0], container: [1, 0, 0, 6, 0]),
    ]

    func testEveryDocumentHasItsCountsAndNoUnexpectedErrors() throws {
        for expected in Self.corpus {
            let metadata = try Fixtures.corpus(expected.file)
            XCTAssertEqual(metadata.version, expected.version, expected.file)
            let schemas = metadata.schemas
            func count(_ items: (Schema) -> Int) -> Int { schemas.reduce(0) { $0 + items($1) } }
            let types = [
                count { $0.entityTypes.count }, count { $0.complexTypes.count }, count { $0.enumTypes.count },
                count { $0.typeDefinitions.count }, count { $0.actions.count }, count { $0.functions.count },
            ]
            XCTAssertEqual(types, expected.types, expected.file)
            let containers = metadata.entityContainers
            let container = [
                containers.reduce(0) { $0 + $1.entitySets.count }, containers.reduce(0) { $0 + $1.singletons.count },
                containers.reduce(0) { $0 + $1.actionImports.count }, containers.reduce(0) { $0 + $1.functionImports.count },
                metadata.references.count,
            ]
            XCTAssertEqual(container, expected.container, expected.file)
            XCTAssertEqual(metadata.diagnostics.filter { $0.severity == .error }.map(\.code), expected.errors, expected.file)
        }
    }

    func testEveryV4NavigationResolvesToAnEntityType() throws {
        for expected in Self.corpus where expected.version.isV4 && expected.errors.isEmpty {
            let metadata = try Fixtures.corpus(expected.file)
            for type in metadata.entityTypes {
                for navigation in type.navigationProperties {
                    XCTAssertNotNil(navigation.targetType, "\(expected.file): \(type.qualifiedName)/\(navigation.name)")
                    XCTAssertNotNil(navigation.multiplicity, "\(expected.file): \(type.qualifiedName)/\(navigation.name)")
                }
            }
        }
    }

    func testSharePointOverloadsAndTheRealDuplicate() throws {
        let metadata = try Fixtures.corpus("v3/v3_SharePointOnline_subset.xml")
        let duplicate = try XCTUnwrap(metadata.diagnostics("duplicate-name").first)
        XCTAssertTrue(duplicate.message.contains("Parameter named DecodedUrl"), duplicate.message)
        // Overloaded imports (the same name bound to different types) are kept, each with its kind.
        let update = metadata.defaultContainer?.functionImports.filter { $0.name == "Update" } ?? []
        XCTAssertGreaterThan(update.count, 1)
        XCTAssertTrue(update.allSatisfy(\.isBound))
    }
}
