import Foundation
import XCTest

@testable import ODataMetadata

/// `odata-gen inspect --json` of ESPM.xml compared byte for byte with the reviewed golden file
/// `Resources/golden/ESPM.inspect.json`. To accept an intended change, regenerate it explicitly:
/// `swift run odata-gen inspect Metadata/ESPM.xml --json > Tests/ODataMetadataTests/Resources/golden/ESPM.inspect.json`
/// and review the diff; the test never rewrites the file itself.
final class InspectGoldenTests: XCTestCase {
    func testESPMInspectionJSONMatchesTheGolden() throws {
        guard let golden = Bundle.module.url(forResource: "ESPM.inspect", withExtension: "json", subdirectory: "Resources/golden") else {
            return XCTFail("Resources/golden/ESPM.inspect.json is missing")
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        let actual = try Fixtures.corpus("ESPM.xml").inspectionJSON().rendered()
        guard actual != expected else { return }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let first =
            zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLines.count, actualLines.count)
        let context = { (lines: [Substring]) in lines[max(0, first - 3)..<min(lines.count, first + 4)].joined(separator: "\n") }
        XCTFail(
            """
            inspection JSON differs from the golden at line \(first + 1):
            --- golden
            \(context(expectedLines))
            +++ actual
            \(context(actualLines))
            """)
    }
}
