import Foundation
import XCTest

@testable import ODataMetadata

/// `odata-gen inspect`: the JSON rendering (unit-tested here) and the built command-line tool
/// (run as a process; `swift build` builds it before the tests, as scripts/test.sh does).
final class InspectCommandTests: XCTestCase {
    func testJSONHasTheDocumentedKeysAndQualifiedNames() throws {
        let text = try Fixtures.corpus("ODataDemo.xml").inspectionJSON().rendered()
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(json["dataServiceVersion"] as? String, "2.0")
        XCTAssertEqual((json["diagnostics"] as? [Any])?.count, 0)
        let schema = try XCTUnwrap((json["schemas"] as? [[String: Any]])?.first)
        XCTAssertEqual(schema["namespace"] as? String, "ODataDemo")
        let product = try XCTUnwrap((schema["entityTypes"] as? [[String: Any]])?.first { $0["name"] as? String == "Product" })
        for key in ["name", "baseType", "abstract", "hasStream", "key", "properties", "navigationProperties"] {
            XCTAssertNotNil(product[key], key)
        }
        let property = try XCTUnwrap((product["properties"] as? [[String: Any]])?.first { $0["name"] as? String == "Name" })
        for key in ["name", "type", "nullable", "maxLength", "precision", "scale", "concurrencyMode", "annotations"] {
            XCTAssertNotNil(property[key], key)
        }
        XCTAssertEqual((property["annotations"] as? [String: String])?["m:FC_TargetPath"], "SyndicationTitle")
        let navigation = try XCTUnwrap((product["navigationProperties"] as? [[String: Any]])?.first)
        XCTAssertEqual(navigation["targetType"] as? String, "ODataDemo.Category")
        XCTAssertEqual(navigation["multiplicity"] as? String, "0..1")
        let association = try XCTUnwrap((schema["associations"] as? [[String: Any]])?.first)
        XCTAssertNotNil(association["referentialConstraint"])
        XCTAssertEqual((association["ends"] as? [[String: Any]])?.first?.keys.contains("multiplicity"), true)
        let container = try XCTUnwrap((schema["entityContainers"] as? [[String: Any]])?.first)
        XCTAssertEqual(container["isDefault"] as? Bool, true)
        let function = try XCTUnwrap((container["functionImports"] as? [[String: Any]])?.first)
        XCTAssertEqual(function["returnType"] as? String, "Collection(ODataDemo.Product)")
        XCTAssertEqual(function["httpMethod"] as? String, "GET")
        let parameter = try XCTUnwrap((function["parameters"] as? [[String: Any]])?.first)
        XCTAssertEqual(parameter["mode"] as? String, "In")
        XCTAssertEqual(parameter["type"] as? String, "Edm.Int32")
    }

    func testJSONIsDeterministicAndEscaped() throws {
        let first = try Fixtures.corpus("API_SALES_ORDER_SRV.xml").inspectionJSON().rendered()
        let second = try Fixtures.corpus("API_SALES_ORDER_SRV.xml").inspectionJSON().rendered()
        XCTAssertEqual(first, second)
        XCTAssertEqual(JSONValue.string("a\"b\\c\n\u{1}").rendered(), "\"a\\\"b\\\\c\\n\\u0001\"\n")
        XCTAssertEqual(JSONValue.object([("k", .array([])), ("o", .object([]))]).rendered(), "{\n  \"k\": [],\n  \"o\": {}\n}\n")
    }

    func testEveryCorpusDocumentRendersValidJSON() throws {
        for expected in CorpusCountTests.corpus {
            let text = try Fixtures.corpus(expected.file).inspectionJSON().rendered()
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(text.utf8)), expected.file)
        }
    }

    func testCommandLineSummaryJSONAndErrors() throws {
        let espm = try Fixtures.url("ESPM.xml").path
        let summary = try run(["inspect", espm])
        XCTAssertEqual(summary.status, 0)
        XCTAssertTrue(summary.output.contains("entity types:      10"), summary.output)
        XCTAssertTrue(summary.output.contains("function imports:  4"), summary.output)
        let json = try run(["inspect", espm, "--json"])
        XCTAssertEqual(json.status, 0)
        XCTAssertEqual(json.output, try Fixtures.corpus("ESPM.xml").inspectionJSON().rendered())

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inspect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("empty.xml")
        let text = folder.appendingPathComponent("text.xml")
        let html = folder.appendingPathComponent("page.xml")
        try Data().write(to: empty)
        try Data("just words".utf8).write(to: text)
        try Data("<html><body/></html>".utf8).write(to: html)
        let cases: [(String, String)] = [
            (folder.appendingPathComponent("missing.xml").path, "no such file"),
            (folder.path, "is a directory"),
            (empty.path, "empty"),
            (text.path, "not well-formed XML"),
            (html.path, "not an EDMX metadata document"),
        ]
        for (path, expected) in cases {
            let result = try run(["inspect", path])
            XCTAssertNotEqual(result.status, 0, path)
            XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
            XCTAssertTrue(result.error.contains(expected), "\(path): \(result.error)")
            XCTAssertEqual(result.output, "")
        }
        let duplicate = folder.appendingPathComponent("duplicate.xml")
        try Data(Fixtures.edmx(#"<ComplexType Name="C"/><ComplexType Name="C"/>"#).utf8).write(to: duplicate)
        let lenient = try run(["inspect", duplicate.path])
        XCTAssertEqual(lenient.status, 0)
        XCTAssertTrue(lenient.output.contains("1 errors"), lenient.output)
        XCTAssertTrue(lenient.output.contains("5:24: error: ComplexType Test.C is declared again"), lenient.output)
        let strict = try run(["inspect", duplicate.path, "--strict"])
        XCTAssertNotEqual(strict.status, 0)
        XCTAssertTrue(strict.error.hasPrefix("odata-gen inspect: \(duplicate.path):5:"), strict.error)
        XCTAssertNotEqual(try run(["frobnicate"]).status, 0)
        XCTAssertNotEqual(try run(["inspect"]).status, 0)
        XCTAssertEqual(try run(["--help"]).status, 0)
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) { try runTool(arguments) }
}
