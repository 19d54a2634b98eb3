import Foundation
import XCTest

@testable import ODataCodeGen

/// The generator's reserved names are derived from the runtime, not remembered: this test reads the
/// public (and `@_spi`) declarations of the built `OData` module from its symbol graph
/// (`swift-symbolgraph-extract`) and fails when `Sources/ODataCodeGen/Naming/RuntimeNames.swift`
/// differs from them. `scripts/update-runtime-names.sh` rewrites the file; review the diff.
final class RuntimeNamesTests: XCTestCase {
    func testRuntimeNamesMatchTheODataModulesPublicDeclarations() throws {
        let derived = try RuntimeSymbolGraph.load()
        let expected = RuntimeSymbolGraph.render(derived)
        let file = TestSupport.repositoryRoot.appendingPathComponent("Sources/ODataCodeGen/Naming/RuntimeNames.swift")
        if ProcessInfo.processInfo.environment["ODATA_UPDATE_RUNTIME_NAMES"] == "1" {
            try expected.write(to: file, atomically: true, encoding: .utf8)
        }
        let checkedIn = try String(contentsOf: file, encoding: .utf8)
        let compiled = RuntimeNameSets(
            types: ReservedNames.types, serviceMembers: ReservedNames.serviceMembers,
            entityMembers: ReservedNames.entityMembers.union(ReservedNames.shadowableEntityMembers),
            complexMembers: ReservedNames.complexMembers)
        for (kind, missing) in derived.missing(from: compiled) where !missing.isEmpty {
            XCTFail("public \(kind) of OData not reserved by the generator: \(missing.sorted()); run scripts/update-runtime-names.sh")
        }
        XCTAssertEqual(checkedIn, expected, "RuntimeNames.swift is stale; run scripts/update-runtime-names.sh and review the diff")
    }

    func testEveryRuntimeNameIsReserved() {
        XCTAssertTrue(RuntimeNames.types.isSubset(of: ReservedNames.types))
        XCTAssertTrue(RuntimeNames.serviceMembers.isSubset(of: ReservedNames.serviceMembers))
        XCTAssertTrue(RuntimeNames.entityMembers.isSubset(of: ReservedNames.entityMembers.union(ReservedNames.shadowableEntityMembers)))
        XCTAssertTrue(RuntimeNames.complexMembers.isSubset(of: ReservedNames.complexMembers))
    }

    /// A deliberate miss is caught: a symbol graph with a type the generator does not know.
    func testANewPublicTypeIsReportedAsMissing() {
        var derived = RuntimeNameSets(
            types: RuntimeNames.types, serviceMembers: RuntimeNames.serviceMembers,
            entityMembers: RuntimeNames.entityMembers, complexMembers: RuntimeNames.complexMembers)
        derived.types.insert("BrandNewRuntimeType")
        derived.serviceMembers.insert("brandNewServiceCall")
        let missing = derived.missing(
            from: RuntimeNameSets(
                types: RuntimeNames.types, serviceMembers: RuntimeNames.serviceMembers,
                entityMembers: RuntimeNames.entityMembers, complexMembers: RuntimeNames.complexMembers))
        XCTAssertEqual(missing.first { $0.kind == "types" }?.names, ["BrandNewRuntimeType"])
        XCTAssertEqual(missing.first { $0.kind == "service members" }?.names, ["brandNewServiceCall"])
    }
}

/// The name sets the generator reserves for the runtime's declarations.
struct RuntimeNameSets: Equatable {
    var types: Set<String>
    var serviceMembers: Set<String>
    var entityMembers: Set<String>
    var complexMembers: Set<String>

    /// The names of each kind that `reserved` lacks.
    func missing(from reserved: RuntimeNameSets) -> [(kind: String, names: Set<String>)] {
        [
            ("types", types.subtracting(reserved.types)),
            ("service members", serviceMembers.subtracting(reserved.serviceMembers)),
            ("entity members", entityMembers.subtracting(reserved.entityMembers)),
            ("complex members", complexMembers.subtracting(reserved.complexMembers)),
        ]
    }
}
