import Foundation
import ODataMetadata
import XCTest

@testable import OData
@testable import ODataCodeGen

/// Patches through `odata-gen generate`, the plugins' discovery and the dynamic API.
final class PatchCommandLineTests: XCTestCase {
    /// Runs the built odata-gen; returns the exit status and standard output + error.
    static func odataGen(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try Compiler.modulesDirectory().deletingLastPathComponent().appendingPathComponent("odata-gen")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("odata-patch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testPatchesFromTheConfigurationAndTheCommandLine() throws {
        let work = try temporaryDirectory()
        let document = try TestSupport.resource("patches/API_TEST_SRV.xml").path
        let patches = try TestSupport.resource("patches/API_TEST_SRV.patches.json")
        let copy = work.appendingPathComponent("fix.json")
        try FileManager.default.copyItem(at: patches, to: copy)
        let config = work.appendingPathComponent("odata-generator-config.json")
        try Data(#"{"metadataPatches": "fix.json"}"#.utf8).write(to: config)
        let viaConfig = try Self.odataGen([
            "generate", document, "--output", work.appendingPathComponent("a").path, "--config", config.path,
        ])
        XCTAssertEqual(viaConfig.status, 0, viaConfig.output)
        XCTAssertFalse(viaConfig.output.contains("Edm.Float"), viaConfig.output)
        let unpatched = try Self.odataGen(["generate", document, "--output", work.appendingPathComponent("b").path])
        XCTAssertContains(unpatched.output, "Edm.Float")
        let viaFlag = try Self.odataGen(["generate", document, "--output", work.appendingPathComponent("c").path, "--patches", copy.path])
        XCTAssertEqual(viaFlag.status, 0)
        XCTAssertFalse(viaFlag.output.contains("Edm.Float"), viaFlag.output)
        let stale = try Self.odataGen([
            "generate", try TestSupport.corpusDocument("ESPM.xml").path, "--output", work.appendingPathComponent("d").path,
            "--patches", copy.path,
        ])
        XCTAssertEqual(stale.status, 1)
        XCTAssertContains(
            stale.output,
            "fix.json: patch 0 (setProperty API_TEST_SRV.A_TestEntityType/FloatProperty): the document has no entity or complex type")
    }

    func testThePluginsFindThePatchFileNextToTheMetadata() throws {
        let work = try temporaryDirectory()
        let edmx = work.appendingPathComponent("Service.edmx")
        try Data("<edmx:Edmx/>".utf8).write(to: edmx)
        XCTAssertNil(try MetadataLocator(files: [edmx], targetName: "T").patches)
        let patches = work.appendingPathComponent(MetadataPatchSet.conventionalFileName)
        try Data("{}".utf8).write(to: patches)
        XCTAssertEqual(try MetadataLocator(files: [edmx], targetName: "T").patches, patches)
        XCTAssertEqual(MetadataLocator.patchesName, MetadataPatchSet.conventionalFileName)
    }

    func testTheDynamicAPISeesThePatchedModel() throws {
        let document = try Data(contentsOf: try TestSupport.resource("patches/pyodata_EXAMPLE_SRV.xml"))
        let patches = try MetadataPatchSet(contentsOf: try TestSupport.resource("patches/pyodata_EXAMPLE_SRV.patches.json"))
        let raw = try DataModel(document: document, patches: [])
        XCTAssertNil(raw.entitySet(named: "Employees"))
        let model = try DataModel(document: document, patches: [patches])
        let employees = try model.entitySet("Employees")
        XCTAssertEqual(employees.entityType.qualifiedName, "EXAMPLE_SRV_SETS.Employee")
        let wrong = MetadataPatchSet(source: "w.json", patches: [MetadataPatch(op: .setDefaultContainer, target: "EXAMPLE_SRV.Missing")])
        XCTAssertThrowsError(try DataModel(document: document, patches: [wrong])) {
            XCTAssertEqual(
                ($0 as? DataModelError)?.message,
                "w.json: patch 0 (setDefaultContainer EXAMPLE_SRV.Missing): the document has no entity container EXAMPLE_SRV.Missing")
        }
    }
}
