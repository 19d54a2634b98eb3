import XCTest

@testable import ODataMetadata

/// Every real document of the corpus parses leniently with the expected counts
/// (entity types, entity sets, complex types, associations, function imports, composite keys).
final class CorpusCountTests: XCTestCase {
    struct Expected {
        let file: String
        let dataServiceVersion: String
        let entityTypes, entitySets, complexTypes, associations, functionImports, compositeKeys: Int
        let httpMethod: String?
    }

    static let corpus: [Expected] = [
        Expected(
            file: "ESPM.xml", dataServiceVersion: "1.0", entityTypes: 10, entitySets: 10, complexTypes: 1, associations: 8,
            functionImports: 4, compositeKeys: 2, httpMethod: "POST"),
        Expected(
            file: "ESPM-annotated.xml", dataServiceVersion: "1.0", entityTypes: 10, entitySets: 10, complexTypes: 1, associations: 8,
            functionImports: 4, compositeKeys: 2, httpMethod: "POST"),
        Expected(
            file: "Northwind.xml", dataServiceVersion: "1.0", entityTypes: 26, entitySets: 26, complexTypes: 0, associations: 11,
            functionImports: 0, compositeKeys: 11, httpMethod: nil),
        Expected(
            file: "ODataDemo.xml", dataServiceVersion: "2.0", entityTypes: 3, entitySets: 3, complexTypes: 1, associations: 2,
            functionImports: 1, compositeKeys: 0, httpMethod: "GET"),
        Expected(
            file: "Olingo_RefScenario.xml", dataServiceVersion: "2.0", entityTypes: 22, entitySets: 21, complexTypes: 2, associations: 4,
            functionImports: 7, compositeKeys: 1, httpMethod: "GET"),
        Expected(
            file: "API_SALES_ORDER_SRV.xml", dataServiceVersion: "2.0", entityTypes: 11, entitySets: 11, complexTypes: 1, associations: 21,
            functionImports: 2, compositeKeys: 10, httpMethod: "POST"),
        Expected(
            file: "API_PRODUCT_SRV.xml", dataServiceVersion: "2.0", entityTypes: 32, entitySets: 32, complexTypes: 0, associations: 32,
            functionImports: 0, compositeKeys: 27, httpMethod: nil),
        Expected(
            file: "SFSF_PLTUserManagement.xml", dataServiceVersion: "2.0", entityTypes: 2, entitySets: 2, complexTypes: 0, associations: 7,
            functionImports: 2, compositeKeys: 0, httpMethod: "GET"),
        Expected(
            file: "EPM_REF_APPS_PO_APV_SRV.xml", dataServiceVersion: "2.0", entityTypes: 3, entitySets: 3, complexTypes: 1, associations: 2,
            functionImports: 2, compositeKeys: 1, httpMethod: "POST"),
        Expected(
            file: "CUAN_BUSINESS_DOCUMENT_IMP_SRV.xml", dataServiceVersion: "2.0", entityTypes: 7, entitySets: 7, complexTypes: 0,
            associations: 6, functionImports: 0, compositeKeys: 5, httpMethod: nil),
        Expected(
            file: "YY1_BPSOCIALMEDIA_CDS.xml", dataServiceVersion: "2.0", entityTypes: 2, entitySets: 2, complexTypes: 0, associations: 1,
            functionImports: 1, compositeKeys: 0, httpMethod: "POST"),
    ]

    func testEveryCorpusDocumentHasTheExpectedCounts() throws {
        for expected in Self.corpus {
            let metadata = try Fixtures.corpus(expected.file)
            let containers = metadata.entityContainers
            let label = expected.file
            XCTAssertEqual(metadata.edmxVersion, "1.0", label)
            XCTAssertEqual(metadata.dataServiceVersion, expected.dataServiceVersion, label)
            XCTAssertEqual(metadata.entityTypes.count, expected.entityTypes, label)
            XCTAssertEqual(containers.reduce(0) { $0 + $1.entitySets.count }, expected.entitySets, label)
            XCTAssertEqual(metadata.complexTypes.count, expected.complexTypes, label)
            XCTAssertEqual(metadata.associations.count, expected.associations, label)
            let imports = containers.flatMap(\.functionImports)
            XCTAssertEqual(imports.count, expected.functionImports, label)
            XCTAssertEqual(metadata.entityTypes.filter { $0.key.count > 1 }.count, expected.compositeKeys, label)
            for function in imports { XCTAssertEqual(function.httpMethod ?? "GET", expected.httpMethod, "\(label) \(function.name)") }
            XCTAssertEqual(metadata.diagnostics.filter { $0.severity >= .warning }, [], label)
        }
    }

    func testEveryCorpusDocumentIsStrictModeClean() throws {
        for expected in Self.corpus {
            XCTAssertNoThrow(try Fixtures.corpus(expected.file, options: .strict), expected.file)
        }
    }

    func testEveryNavigationPropertyResolves() throws {
        for expected in Self.corpus {
            let metadata = try Fixtures.corpus(expected.file)
            for type in metadata.entityTypes {
                for navigation in type.navigationProperties {
                    let target = try XCTUnwrap(navigation.targetType, "\(expected.file) \(type.name).\(navigation.name)")
                    XCTAssertNotNil(metadata.entityType(named: target), "\(expected.file) \(target)")
                    XCTAssertNotNil(navigation.multiplicity)
                }
                for property in type.properties {
                    if case .unresolved(let name) = property.type { XCTFail("\(expected.file) \(type.name).\(property.name): \(name)") }
                }
            }
        }
    }
}
