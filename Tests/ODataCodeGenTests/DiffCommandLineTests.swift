import Foundation
import XCTest

@testable import ODataCodeGen

/// `odata-gen generate --lock` and `odata-gen diff`, run as processes.
final class DiffCommandLineTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("odata-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testGenerateWritesTheLockOnFirstGenerationAndDiffUsesIt() throws {
        let work = try temporaryDirectory()
        let espm = try TestSupport.corpusDocument("ESPM.xml")
        let lock = work.appendingPathComponent("odata-generator.lock.json")
        let first = try PatchCommandLineTests.odataGen([
            "generate", espm.path, "--output", work.appendingPathComponent("out").path, "--lock", lock.path,
        ])
        XCTAssertEqual(first.status, 0, first.output)
        let written = try Data(contentsOf: lock)
        XCTAssertTrue(String(decoding: written, as: UTF8.self).contains("\"EntityType ESPM.Customer\""))
        let again = try PatchCommandLineTests.odataGen([
            "generate", espm.path, "--output", work.appendingPathComponent("out").path, "--lock", lock.path,
        ])
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(try Data(contentsOf: lock), written, "identical input gives a byte-identical lock")

        let same = try PatchCommandLineTests.odataGen(["diff", lock.path, espm.path])
        XCTAssertEqual(same.status, 0, same.output)
        XCTAssertContains(same.output, "0 changes, 0 breaking")

        let changed = work.appendingPathComponent("ESPM-new.xml")
        let text = try String(contentsOf: espm, encoding: .utf8)
            .replacingOccurrences(
                of: "<Property Name=\"QuantityLessMin\" Type=\"Edm.Boolean\"", with: "<Property Name=\"QuantityLessMin\" Type=\"Edm.Int32\""
            )
        try Data(text.utf8).write(to: changed)
        let breaking = try PatchCommandLineTests.odataGen(["diff", lock.path, changed.path])
        XCTAssertEqual(breaking.status, 2, breaking.output)
        XCTAssertContains(breaking.output, "BREAKING type changed property Stock.quantityLessMin: Swift.Bool -> Swift.Int")
        XCTAssertContains(breaking.output, "1 change, 1 breaking")
        let metadataToMetadata = try PatchCommandLineTests.odataGen(["diff", espm.path, changed.path])
        XCTAssertEqual(metadataToMetadata.status, 2)
    }

    func testDiffUsageAndErrors() throws {
        XCTAssertEqual(try PatchCommandLineTests.odataGen(["diff", "--help"]).status, 0)
        XCTAssertEqual(try PatchCommandLineTests.odataGen(["diff", "one.xml"]).status, 64)
        let missing = try PatchCommandLineTests.odataGen(["diff", "/nonexistent/a.xml", "/nonexistent/b.xml"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertContains(missing.output, "/nonexistent/a.xml")
    }
}
