import Foundation
import ODataMetadata
import XCTest

@testable import ODataCodeGen

/// `odata-gen generate`, run as a process: help, output handling, configuration and errors.
final class CommandLineTests: XCTestCase {
    private var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("odata-gen-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    /// Runs odata-gen; returns the exit status and standard output + error.
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let tool = try Compiler.modulesDirectory().deletingLastPathComponent().appendingPathComponent("odata-gen")
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private func write(_ text: String, _ name: String) throws -> String {
        let url = work.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func testHelpDocumentsEveryOptionAndEveryConfigurationKey() throws {
        let (status, help) = try run(["generate", "--help"])
        XCTAssertEqual(status, 0)
        for flag in [
            "--output", "--config", "--service-name", "--container", "--access-level", "--naming", "--rename",
            "--entity-set", "--function-import", "--layout", "--shards", "--strict", "--quiet", "--help",
        ] {
            XCTAssertContains(help, flag)
        }
        for key in GeneratorConfiguration.CodingKeys.allCases { XCTAssertContains(help, "config: \(key.rawValue)") }
    }

    /// A document above the size from which the tool grows its heap in 32 MB huge-page steps (`ProcessHeap`, 512 KB)
    /// is inspected exactly as the library reads it, and generates.
    func testLargeDocumentIsInspectedAsTheLibraryReadsItAndGenerates() throws {
        var types = ""
        var sets = ""
        for index in 0..<700 {
            var properties = #"<Property Name="ID" Type="Edm.String" Nullable="false" MaxLength="10" sap:label="Key"/>"#
            for field in 0..<8 {
                properties +=
                    #"<Property Name="Field\#(field)" Type="Edm.Decimal" Precision="16" Scale="3" sap:label="Field \#(field) of \#(index)"/>"#
            }
            types += #"<EntityType Name="Type\#(index)"><Key><PropertyRef Name="ID"/></Key>\#(properties)</EntityType>"# + "\n"
            sets += #"<EntitySet Name="Set\#(index)" EntityType="Large.Type\#(index)"/>"#
        }
        let document = """
            <?xml version="1.0" encoding="utf-8"?>
            <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx" \
            xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" xmlns:sap="http://www.sap.com/Protocols/SAPData">
            <edmx:DataServices m:DataServiceVersion="2.0"><Schema Namespace="Large" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
            \(types)<EntityContainer Name="LargeContainer" m:IsDefaultEntityContainer="true">\(sets)</EntityContainer>
            </Schema></edmx:DataServices></edmx:Edmx>
            """
        XCTAssertGreaterThan(document.utf8.count, 600_000)
        let path = try write(document, "large.xml")
        let inspected = try run(["inspect", "--json", path])
        XCTAssertEqual(inspected.status, 0, inspected.output)
        let expected = try MetadataParser.parse(Array(document.utf8)).inspectionJSON().rendered()
        XCTAssertEqual(inspected.output.trimmingCharacters(in: .newlines), expected.trimmingCharacters(in: .newlines))
        let output = work.appendingPathComponent("large-out")
        let generated = try run(["generate", path, "--output", output.path, "--quiet"])
        XCTAssertEqual(generated.status, 0, generated.output)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("Type699.swift").path))
    }

    func testGeneratesKeepsUnchangedFilesAndRemovesOnlyStaleGeneratedOnes() throws {
        let espm = try TestSupport.corpusDocument("ESPM.xml").path
        let output = work.appendingPathComponent("out")
        XCTAssertEqual(try run(["generate", espm, "--output", output.path]).status, 0)
        let customer = output.appendingPathComponent("Customer.swift")
        let before = try FileManager.default.attributesOfItem(atPath: customer.path)[.modificationDate] as? Date
        let stale = output.appendingPathComponent("Old.swift")
        try Data(("// " + CodeGenerator.header[0] + "\n").utf8).write(to: stale)
        let own = output.appendingPathComponent("Mine.swift")
        try Data("// hand-written\n".utf8).write(to: own)
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertEqual(try run(["generate", espm, "--output", output.path, "--quiet"]).status, 0)
        let after = try FileManager.default.attributesOfItem(atPath: customer.path)[.modificationDate] as? Date
        XCTAssertEqual(before, after, "an unchanged file must not be rewritten")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: own.path))
    }

    func testFlagsOverrideTheConfigurationFile() throws {
        let espm = try TestSupport.corpusDocument("ESPM.xml").path
        let config = try write(#"{"serviceClassName": "FromFile", "entitySets": ["Stock"]}"#, "config.json")
        let output = work.appendingPathComponent("out")
        let result = try run(["generate", espm, "-o", output.path, "--config", config, "--service-name", "FromFlag"])
        XCTAssertEqual(result.status, 0, result.output)
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        // Stock → Product → Supplier → PurchaseOrderHeader → PurchaseOrderItem; Address through Supplier.
        XCTAssertEqual(
            names,
            [
                "+FromFlag.swift", "+FromFlagMetadata.swift", "Address.swift", "Product.swift",
                "PurchaseOrderHeader.swift", "PurchaseOrderItem.swift", "Stock.swift", "Supplier.swift",
            ])
    }

    func testErrorsNameTheProblemAndTheFile() throws {
        let espm = try TestSupport.corpusDocument("ESPM.xml").path
        let config = try write(#"{"layout": "perType"}"#, "bad.json")
        let badConfig = try run(["generate", espm, "-o", work.path, "--config", config])
        XCTAssertEqual(badConfig.status, 1)
        XCTAssertContains(badConfig.output, "error: \(config): unknown key \"layout\"")

        let broken = try write("<edmx:Edmx xmlns:edmx=\"http://schemas.microsoft.com/ado/2007/06/edmx\"><unclosed>", "broken.xml")
        let badDocument = try run(["generate", broken, "-o", work.path])
        XCTAssertEqual(badDocument.status, 1)
        XCTAssertContains(badDocument.output, "error: \(broken)")
        XCTAssertContains(badDocument.output, "cannot read the metadata document")

        let usage = try run(["generate", espm, "--colour"])
        XCTAssertEqual(usage.status, 64)
        XCTAssertContains(usage.output, "unknown option --colour")
        XCTAssertEqual(try run(["generate", espm]).status, 64, "--output is required")
        XCTAssertContains(
            try run(["generate", espm, "-o", work.path, "--layout", "tiles"]).output,
            "--layout must be one of perType | sharded | singleFile, not 'tiles'")
    }
}

/// The plugins' metadata discovery (compiled here through a link to Plugins/Shared/MetadataLocator.swift).
final class PluginMetadataLocatorTests: XCTestCase {
    func testFindsTheOneDocumentAndTheConfiguration() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("locator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let edmx = directory.appendingPathComponent("Service.xml")
        try Data("<?xml version=\"1.0\"?>\n<edmx:Edmx Version=\"1.0\">".utf8).write(to: edmx)
        let other = directory.appendingPathComponent("Other.xml")
        try Data("<catalog/>".utf8).write(to: other)
        let config = directory.appendingPathComponent("odata-generator-config.json")
        let source = directory.appendingPathComponent("Code.swift")
        let locator = try MetadataLocator(files: [source, other, edmx, config], targetName: "T")
        XCTAssertEqual(locator.metadata, edmx)
        XCTAssertEqual(locator.configuration, config)
    }

    func testNoOrSeveralDocumentsAreErrorsThatSayHowToFixTheTarget() throws {
        XCTAssertThrowsError(try MetadataLocator(files: [URL(fileURLWithPath: "/x/Code.swift")], targetName: "Shop")) { error in
            XCTAssertContains("\(error)", "target 'Shop' uses the OData generator but contains no metadata document.")
            XCTAssertContains("\(error)", "Add exactly one OData v2 $metadata file")
        }
        let files = [URL(fileURLWithPath: "/x/B.edmx"), URL(fileURLWithPath: "/x/A.edmx")]
        XCTAssertThrowsError(try MetadataLocator(files: files, targetName: "Shop")) { error in
            XCTAssertContains("\(error)", "target 'Shop' contains 2 metadata documents (A.edmx, B.edmx)")
        }
    }
}
