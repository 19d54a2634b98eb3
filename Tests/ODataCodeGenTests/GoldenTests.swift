import Foundation
import XCTest

@testable import ODataCodeGen

/// The generated ESPM sources, compared byte for byte with the checked-in goldens in
/// `Resources/golden/ESPM`. To accept a deliberate change, regenerate them with
/// `scripts/update-goldens.sh` (which runs `ODATA_UPDATE_GOLDENS=1 swift test --filter GoldenTests`)
/// and review the diff in version control.
final class GoldenTests: XCTestCase {
    func testESPMMatchesGoldens() throws {
        let result = try CodeGenerator().generate(try TestSupport.parse(try TestSupport.corpusDocument("ESPM.xml")))
        XCTAssertEqual(result.diagnostics, [])
        try compare(result, golden: "ESPM")
    }

    /// The v4 sample beside ESPM (`Metadata/TripPin.xml`): enum, singleton, imports, bound operations, containment.
    func testTripPinMatchesGoldens() throws {
        let url = TestSupport.repositoryRoot.appendingPathComponent("Metadata/TripPin.xml")
        let result = try CodeGenerator().generate(try TestSupport.parse(url))
        // The one thing left out, said so: the spatial property.
        XCTAssertEqual(
            result.diagnostics.map(\.message), ["property AirportLocation.Loc skipped: type Edm.GeographyPoint is not supported here"])
        try compare(result, golden: "TripPin")
    }

    /// Compares the files with the goldens in `golden/<name>`, or rewrites them with ODATA_UPDATE_GOLDENS=1.
    private func compare(_ result: GenerationResult, golden name: String) throws {
        if ProcessInfo.processInfo.environment["ODATA_UPDATE_GOLDENS"] == "1" {
            try write(result.files, to: name)
            return
        }
        let directory = try TestSupport.resource("golden/\(name)")
        let expectedNames = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertEqual(result.files.map(\.name).sorted(), expectedNames, "generated file names differ from the goldens")
        for file in result.files {
            let url = directory.appendingPathComponent(file.name)
            guard let expected = try? String(contentsOf: url, encoding: .utf8) else { continue }
            if let difference = Self.firstDifference(expected: expected, actual: file.contents) {
                XCTFail(
                    "\(file.name) differs from its golden:\n\(difference)\n"
                        + "If the change is intended, run scripts/update-goldens.sh and review the diff.")
            }
        }
    }

    func testGenerationIsDeterministic() throws {
        let metadata = try TestSupport.parse(try TestSupport.corpusDocument("ESPM.xml"))
        let first = try CodeGenerator().generate(metadata)
        for _ in 0..<3 {
            XCTAssertEqual(try CodeGenerator().generate(metadata), first)
        }
    }

    func testReadableDiffNamesTheFirstDifferingLine() {
        let difference = Self.firstDifference(expected: "a\nb\nc\n", actual: "a\nB\nc\n")
        XCTAssertEqual(difference, "line 2:\n  golden:    b\n  generated: B\ncontext:\n    1 | a\n  > 2 | B\n    3 | c")
        XCTAssertNil(Self.firstDifference(expected: "same\n", actual: "same\n"))
    }

    /// The first line that differs, with both versions and the generated lines around it.
    static func firstDifference(expected: String, actual: String) -> String? {
        guard expected != actual else { return nil }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < old.count, index < new.count, old[index] == new[index] { index += 1 }
        let golden = index < old.count ? old[index] : "<end of file>"
        let generated = index < new.count ? new[index] : "<end of file>"
        let context = (max(0, index - 1)...min(new.count - 1, index + 1)).map { i in
            (i == index ? "  > " : "    ") + "\(i + 1) | \(new[i])"
        }
        return "line \(index + 1):\n  golden:    \(golden)\n  generated: \(generated)\ncontext:\n" + context.joined(separator: "\n")
    }

    /// Rewrites the goldens in the source tree (only with ODATA_UPDATE_GOLDENS=1).
    private func write(_ files: [GeneratedFile], to name: String) throws {
        let directory = TestSupport.repositoryRoot.appendingPathComponent("Tests/ODataCodeGenTests/Resources/golden/\(name)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for file in files {
            try Data(file.contents.utf8).write(to: directory.appendingPathComponent(file.name))
        }
        print("Wrote \(files.count) golden files to \(directory.path); review them with git diff.")
    }
}
