import Foundation
import ODataTestSupport
import XCTest

@testable import OData

/// Replays the `literal` fuzz target's fail cases (and hand-written edge cases) in the normal test run.
final class LiteralFailCasesTests: XCTestCase {
    func testFailCasesReplayCleanly() throws {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Resources/FailCases/literal", withExtension: nil))
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension != "md" }.sorted { $0.path < $1.path }
        XCTAssertGreaterThanOrEqual(files.count, 7)
        for file in files {
            let data = try Data(contentsOf: file)
            let problems = data.withUnsafeBytes { ValueParserExercise.run($0) }
            XCTAssertEqual(problems, [], file.lastPathComponent)
        }
    }

    func testValidLiteralsPassTheExercise() {
        let clean = Array("12.50M".utf8).withUnsafeBytes { ValueParserExercise.run($0) }
        XCTAssertEqual(clean, [])
        let typed = Array("datetime'2024-02-29T00:00:00'".utf8).withUnsafeBytes { ValueParserExercise.run($0) }
        XCTAssertEqual(typed, [])
    }
}
