import Dispatch
import Foundation
import XCTest

@testable import ODataCodeGen

/// `strictQueryCapabilities`: filtering or sorting on a property the service marks `sap:filterable="false"` /
/// `sap:sortable="false"` does not compile; instances still read and write it.
final class StrictQueryCapabilityTests: XCTestCase {
    static let document = TestSupport.edmx(
        types: """
            <EntityType Name="Thing">
              <Key><PropertyRef Name="ID"/></Key>
              <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
              <Property Name="Note" Type="Edm.String" sap:filterable="false"/>
              <Property Name="Blob" Type="Edm.String" sap:sortable="false"/>
            </EntityType>
            """,
        container: #"<EntitySet Name="Things" EntityType="T.Thing"/>"#)

    private static let strict = GeneratorConfiguration(strictQueryCapabilities: true)

    func testRestrictedPropertiesGetRestrictedDescriptors() throws {
        let text = try TestSupport.file(try TestSupport.generate(Self.document, Self.strict), "Thing.swift")
        XCTAssertContains(
            text,
            "public static var note: OData.QueryRestrictedProperty<Swift.String, OData.SetPermissions.Forbidden, OData.SetPermissions.Allowed>"
        )
        XCTAssertContains(
            text,
            "public static var blob: OData.QueryRestrictedProperty<Swift.String, OData.SetPermissions.Allowed, OData.SetPermissions.Forbidden>"
        )
        XCTAssertContains(text, "public static var id: OData.TypedProperty<Swift.Int>")
        let relaxed = try TestSupport.file(try TestSupport.generate(Self.document), "Thing.swift")
        XCTAssertContains(relaxed, "public static var note: OData.TypedProperty<Swift.String>")
    }

    func testFilteringOrSortingWhereTheServiceForbidsItDoesNotCompile() throws {
        let strictFiles = try TestSupport.generate(Self.document, Self.strict).files
        let relaxedFiles = try TestSupport.generate(Self.document).files
        @Sendable func usage(_ body: String) -> GeneratedFile {
            GeneratedFile(name: "Usage.swift", contents: "import OData\nfunc use(_ thing: inout Thing) -> DataQuery {\n\(body)\n}\n")
        }
        let allowed = """
                let note: String? = thing.note
                thing.note = note
                thing.blob = thing.blob
                return DataQuery().filter(Thing.blob.equal("x")).orderBy(Thing.note).select(Thing.blob.property)
            """
        let forbiddenFilter = "    return DataQuery().filter(Thing.note.equal(\"x\"))"
        let forbiddenSort = "    return DataQuery().orderBy(Thing.blob)"
        let jobs: [(files: [GeneratedFile], body: String)] = [
            (strictFiles, allowed), (strictFiles, forbiddenFilter), (strictFiles, forbiddenSort),
            (relaxedFiles, forbiddenFilter), (relaxedFiles, forbiddenSort),
        ]
        let results = Results(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            do {
                results.set(index, try Compiler.typecheck(jobs[index].files + [usage(jobs[index].body)], moduleName: "Strict"))
            } catch {
                results.set(index, "could not run swiftc: \(error)")
            }
        }
        XCTAssertNil(results.get(0), "the allowed uses must compile in strict mode")
        XCTAssertContains(results.get(1) ?? "", "error:")
        XCTAssertContains(results.get(1) ?? "", "SetPermissions.Forbidden")
        XCTAssertContains(results.get(2) ?? "", "error:")
        XCTAssertContains(results.get(2) ?? "", "PropertyPathConvertible")
        XCTAssertNil(results.get(3), "without strict mode filtering on any property compiles")
        XCTAssertNil(results.get(4), "without strict mode sorting on any property compiles")
    }

    func testARealDocumentCompilesInStrictMode() throws {
        let url = try TestSupport.corpusDocument("API_SALES_ORDER_SRV.xml")
        let result = try CodeGenerator(configuration: Self.strict).generate(try TestSupport.parse(url))
        XCTAssertTrue(TestSupport.allText(result).contains("OData.QueryRestrictedProperty<"))
        if let problem = try Compiler.typecheck(result.files, moduleName: "StrictSalesOrder") { XCTFail(problem) }
    }
}
