import Foundation
import XCTest

@testable import ODataMetadata

/// `odata-gen inspect --json` of OData 3.0 and 4.0 documents: today's fields plus what those versions add.
final class InspectV4Tests: XCTestCase {
    private func json(_ metadata: ServiceMetadata) throws -> [String: Any] {
        let text = metadata.inspectionJSON().rendered()
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func named(_ list: Any?, _ name: String) throws -> [String: Any] {
        try XCTUnwrap((list as? [[String: Any]])?.first { $0["name"] as? String == name }, name)
    }

    func testSchemaHasEnumTypesTypeDefinitionsActionsAndFunctions() throws {
        let root = try json(Fixtures.parse(CSDL4Tests.document(CSDL4Tests.library)))
        XCTAssertEqual(root["version"] as? String, "4.0")
        XCTAssertEqual(root["edmxVersion"] as? String, "4.0")
        let schema = try XCTUnwrap((root["schemas"] as? [[String: Any]])?.first)
        let genre = try named(schema["enumTypes"], "Genre")
        XCTAssertEqual(genre["underlyingType"] as? String, "Edm.Byte")
        XCTAssertEqual(genre["isFlags"] as? Bool, false)
        XCTAssertEqual((genre["members"] as? [[String: Any]])?.map { $0["value"] as? Int }, [1, 2])
        XCTAssertEqual(try named(schema["enumTypes"], "Access")["isFlags"] as? Bool, true)
        let money = try named(schema["typeDefinitions"], "Money")
        XCTAssertEqual(money["underlyingType"] as? String, "Edm.Decimal")
        XCTAssertEqual(money["scale"] as? String, "variable")
        let borrow = try named(schema["actions"], "Borrow")
        XCTAssertEqual(borrow["isBound"] as? Bool, true)
        XCTAssertEqual(borrow["entitySetPath"] as? String, "book/Author")
        let parameters = try XCTUnwrap(borrow["parameters"] as? [[String: Any]])
        XCTAssertEqual(parameters.map { $0["type"] as? String }, ["Lib.Book", "Edm.Int32"])
        XCTAssertEqual(parameters.map { $0["nullable"] as? Bool }, [false, true])
        XCTAssertEqual((borrow["returnType"] as? [String: Any])?["type"] as? String, "Lib.Author")
        let functions = try XCTUnwrap(schema["functions"] as? [[String: Any]])
        XCTAssertEqual(functions.map { $0["name"] as? String }, ["Search", "Search", "Total"])
        XCTAssertEqual(functions.map { $0["isComposable"] as? Bool }, [true, false, false])
        XCTAssertEqual(functions[1]["qualifiedName"] as? String, "Lib.Search")
    }

    func testTypesNavigationAndContainer() throws {
        let root = try json(Fixtures.parse(CSDL4Tests.document(CSDL4Tests.library)))
        let schema = try XCTUnwrap((root["schemas"] as? [[String: Any]])?.first)
        let book = try named(schema["entityTypes"], "Book")
        XCTAssertEqual(book["baseType"] as? String, "Lib.Item")
        XCTAssertEqual(book["openType"] as? Bool, true)
        XCTAssertEqual(try named(book["properties"], "Genre")["type"] as? String, "Lib.Genre")
        XCTAssertEqual(try named(book["properties"], "Isbn")["type"] as? String, "Lib.Isbn")
        let author = try named(book["navigationProperties"], "Author")
        XCTAssertEqual(author["partner"] as? String, "Books")
        XCTAssertEqual(author["containsTarget"] as? Bool, false)
        XCTAssertEqual(author["targetType"] as? String, "Lib.Author")
        XCTAssertEqual(try named(book["navigationProperties"], "Chapters")["containsTarget"] as? Bool, true)
        let address = try named(schema["complexTypes"], "Address")
        XCTAssertEqual(address["abstract"] as? Bool, true)
        XCTAssertEqual(address["openType"] as? Bool, true)
        let container = try XCTUnwrap((schema["entityContainers"] as? [[String: Any]])?.first)
        let books = try named(container["entitySets"], "Books")
        XCTAssertEqual((books["navigationPropertyBindings"] as? [[String: String]]), [["path": "Author", "target": "Authors"]])
        let favourite = try named(container["singletons"], "Favourite")
        XCTAssertEqual(favourite["type"] as? String, "Lib.Book")
        XCTAssertEqual(try named(container["actionImports"], "ResetAll")["action"] as? String, "Lib.Reset")
        let search = try named(container["functionImports"], "Search")
        XCTAssertEqual(search["function"] as? String, "Lib.Search")
        XCTAssertEqual(search["kind"] as? String, "Function")
    }

    func testOData3ImportsShowTheirKindAndMethod() throws {
        let root = try json(Fixtures.parse(OData3DocumentTests.document(OData3DocumentTests.shop)))
        XCTAssertEqual(root["version"] as? String, "3.0")
        let schema = try XCTUnwrap((root["schemas"] as? [[String: Any]])?.first)
        XCTAssertEqual(try named(schema["enumTypes"], "Colour")["underlyingType"] as? String, "Edm.Int16")
        let container = try XCTUnwrap((schema["entityContainers"] as? [[String: Any]])?.first)
        let mix = try named(container["functionImports"], "Mix")
        XCTAssertEqual(mix["kind"] as? String, "Action")
        XCTAssertEqual(mix["effectiveHTTPMethod"] as? String, "POST")
        XCTAssertTrue(mix["httpMethod"] is NSNull)
        XCTAssertEqual(try named(container["functionImports"], "Polish")["isBound"] as? Bool, true)
    }

    func testVersion2DocumentsKeepTheirFields() throws {
        let root = try json(Fixtures.corpus("ODataDemo.xml"))
        XCTAssertNil(root["version"])
        let schema = try XCTUnwrap((root["schemas"] as? [[String: Any]])?.first)
        XCTAssertNil(schema["enumTypes"])
        XCTAssertEqual(
            Set(schema.keys),
            ["namespace", "alias", "entityTypes", "complexTypes", "associations", "entityContainers", "annotationTargets"])
    }

    func testCommandLineReferenceOption() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inspect-v4-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shelf = folder.appendingPathComponent("shelf.xml")
        let common = folder.appendingPathComponent("common.xml")
        try Data(
            CSDL4Tests.document(
                #"<EntityType Name="Shelf"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/><Property Name="Place" Type="C.Place"/></EntityType>"#,
                references:
                    #"<edmx:Reference Uri="https://example.com/common.xml"><edmx:Include Namespace="Common" Alias="C"/></edmx:Reference>"#
            ).utf8
        ).write(to: shelf)
        try Data(
            #"<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices><Schema Namespace="Common" xmlns="http://docs.oasis-open.org/odata/ns/edm"><ComplexType Name="Place"/></Schema></edmx:DataServices></edmx:Edmx>"#
                .utf8
        ).write(to: common)
        let alone = try runTool(["inspect", shelf.path])
        XCTAssertEqual(alone.status, 0)
        XCTAssertTrue(alone.output.contains("[reference-not-given]"), alone.output)
        let given = try runTool(["inspect", shelf.path, "--reference", common.path, "--json"])
        XCTAssertEqual(given.status, 0, given.error)
        XCTAssertTrue(given.output.contains(#""type": "Common.Place""#), given.output)
        XCTAssertFalse(given.output.contains("reference-not-given"), given.output)
        let missing = try runTool(["inspect", shelf.path, "--reference", folder.appendingPathComponent("none.xml").path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.error.contains("none.xml: no such file"), missing.error)
    }
}

/// Runs the built `odata-gen` (next to the test bundle).
func runTool(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    let binary = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("odata-gen")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        throw NSError(
            domain: "InspectV4Tests", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(binary.path) is missing: run `swift build`"])
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
}
