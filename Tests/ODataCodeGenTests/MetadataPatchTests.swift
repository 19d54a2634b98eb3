import Foundation
import ODataMetadata
import XCTest

@testable import ODataCodeGen

/// Metadata patches fix real documents before resolution; a patch whose target is missing fails with its
/// file, index and what did not match.
final class MetadataPatchTests: XCTestCase {
    private func load(_ name: String, patched: Bool) throws -> ServiceMetadata {
        let document = try TestSupport.resource("patches/\(name).xml")
        var options = ParseOptions.lenient
        if patched {
            options = options.patched(with: [try MetadataPatchSet(contentsOf: try TestSupport.resource("patches/\(name).patches.json"))])
        }
        return try MetadataParser.parse(contentsOf: document, options: options)
    }

    /// pyodata's test service: two containers both marked default and `EntityType="Employee"` without namespace.
    func testPyodataTwoDefaultContainersAndUnqualifiedEntityTypes() throws {
        let raw = try load("pyodata_EXAMPLE_SRV", patched: false)
        XCTAssertTrue(raw.diagnostics.contains { $0.code == "multiple-default-containers" })
        XCTAssertTrue(raw.diagnostics.contains { $0.code == "unresolved-type" && $0.message.contains("Employees has EntityType Employee") })
        let fixed = try load("pyodata_EXAMPLE_SRV", patched: true)
        XCTAssertFalse(fixed.diagnostics.contains { $0.code == "multiple-default-containers" })
        XCTAssertFalse(fixed.diagnostics.contains { $0.code == "unresolved-type" && $0.message.contains("EntitySet") })
        XCTAssertEqual(fixed.defaultContainer?.namespace, "EXAMPLE_SRV_SETS")
        XCTAssertEqual(fixed.entitySet(named: "Employees")?.entityType, "EXAMPLE_SRV_SETS.Employee")
        let result = try CodeGenerator().generate(fixed)
        XCTAssertContains(TestSupport.allText(result), "Employees")
        XCTAssertContains(TestSupport.allText(result), "getMax")
    }

    /// SAP Cloud SDK's test service declares `Edm.Float`, which OData v2 does not have.
    func testCloudSDKEdmFloatBecomesEdmSingle() throws {
        let raw = try load("API_TEST_SRV", patched: false)
        XCTAssertTrue(raw.diagnostics.contains { $0.code == "unsupported-type" && $0.message.contains("Edm.Float") })
        let fixed = try load("API_TEST_SRV", patched: true)
        XCTAssertFalse(fixed.diagnostics.contains { $0.code == "unsupported-type" && $0.message.contains("Property") })
        XCTAssertEqual(
            fixed.entityType(named: "API_TEST_SRV.A_TestEntityType")?.property(named: "FloatProperty")?.type, .primitive(.single))
        let text = TestSupport.allText(try CodeGenerator().generate(fixed))
        XCTAssertContains(text, "floatProperty")
    }

    func testLandminePatchesKeyFacetsEndsSetsAnnotationsAndRename() throws {
        let fixed = try MetadataParser.parse(
            contentsOf: try TestSupport.resource("Landmine.xml"),
            options: .lenient.patched(with: [try MetadataPatchSet(contentsOf: try TestSupport.resource("patches/Landmine.patches.json"))]))
        let keyless = try XCTUnwrap(fixed.entityType(named: "Land.Mine.EntityTypes"))
        XCTAssertEqual(keyless.key, ["NoKey"])
        XCTAssertEqual(keyless.property(named: "NoKey")?.isNullable, false)
        XCTAssertEqual(keyless.property(named: "NoKey")?.maxLength, .value(10))
        XCTAssertEqual(fixed.entityType(named: "Land.Mine.class")?.property(named: "Größe")?.type, .primitive(.double))
        XCTAssertEqual(fixed.association(named: "Land.Mine.Class_String")?.end(role: "String")?.multiplicity, .many)
        XCTAssertEqual(fixed.entitySet(named: "MoreStock")?.entityType, "Land.Mine.Stock1")
        XCTAssertNil(fixed.entitySet(named: "class")?.annotations.sap("creatable"))
        XCTAssertEqual(fixed.entitySet(named: "class")?.annotations.isUpdatable, false)
        XCTAssertEqual(fixed.entitySet(named: "Strings")?.annotations.isDeletable, false)
        XCTAssertNil(fixed.entityType(named: "Land.Mine.OrderDetail"))
        XCTAssertEqual(fixed.entitySet(named: "OrderDetails")?.entityType, "Land.Mine.OrderLine")
        XCTAssertFalse(fixed.diagnostics.contains { $0.severity == .error && $0.message.contains("OrderLine") })
    }

    func testAMissingTargetNamesTheFileThePatchAndWhatDidNotMatch() throws {
        let patches = MetadataPatchSet(
            source: "fix.json",
            patches: [
                MetadataPatch(op: .setProperty, target: "Land.Mine.class/Größe", type: "Edm.Double"),
                MetadataPatch(op: .setProperty, target: "Land.Mine.class/Gone", type: "Edm.Double"),
            ])
        XCTAssertThrowsError(
            try MetadataParser.parse(contentsOf: try TestSupport.resource("Landmine.xml"), options: .lenient.patched(with: [patches]))
        ) {
            let error = $0 as? MetadataError
            XCTAssertEqual(error?.kind, .patchFailed)
            XCTAssertEqual(
                error?.message,
                "fix.json: patch 1 (setProperty Land.Mine.class/Gone): entity type Land.Mine.class declares no property Gone")
        }
        let noContainer = MetadataPatchSet(source: "p.json", patches: [MetadataPatch(op: .setDefaultContainer, target: "Land.Mine.Nope")])
        XCTAssertThrowsError(
            try MetadataParser.parse(contentsOf: try TestSupport.resource("Landmine.xml"), options: .lenient.patched(with: [noContainer]))
        ) {
            XCTAssertEqual(
                ($0 as? MetadataError)?.message,
                "p.json: patch 0 (setDefaultContainer Land.Mine.Nope): the document has no entity container Land.Mine.Nope")
        }
    }

    func testAMalformedPatchFileIsATypedError() {
        XCTAssertThrowsError(try MetadataPatchSet(json: Data(#"{"patches": [{"op": "explode", "target": "X"}]}"#.utf8), source: "bad.json"))
        {
            let error = $0 as? MetadataError
            XCTAssertEqual(error?.kind, .patchFailed)
            XCTAssertTrue(
                error?.message.hasPrefix("bad.json: not a valid patch file: .patches[0].op") ?? false, "\(String(describing: error))")
        }
    }

    func testPatchedGenerationIsByteIdenticalAndCompiles() throws {
        var jobs: [(String, [GeneratedFile])] = []
        for name in ["pyodata_EXAMPLE_SRV", "API_TEST_SRV"] {
            let first = try CodeGenerator().generate(try load(name, patched: true)).files
            let second = try CodeGenerator().generate(try load(name, patched: true)).files
            XCTAssertEqual(first, second)
            jobs.append((name, first))
        }
        let landmine = try MetadataParser.parse(
            contentsOf: try TestSupport.resource("Landmine.xml"),
            options: .lenient.patched(with: [try MetadataPatchSet(contentsOf: try TestSupport.resource("patches/Landmine.patches.json"))]))
        jobs.append(("Landmine", try CodeGenerator().generate(landmine).files))
        for (name, files) in jobs {
            if let problem = try Compiler.typecheck(files, moduleName: "Patched") { XCTFail("\(name): \(problem)") }
        }
    }
}
