import Foundation
import XCTest

@testable import ODataMetadata

/// Replays every input the fuzzer ever crashed, hung or ran out of memory on (Resources/FailCases):
/// each must now end in a model or a `MetadataError`, in lenient and in strict mode.
final class FailCaseReplayTests: XCTestCase {
    func testEveryFailCaseParsesOrThrows() throws {
        guard let folder = Bundle.module.url(forResource: "FailCases", withExtension: nil, subdirectory: "Resources") else {
            return XCTFail("Resources/FailCases is missing from the test bundle")
        }
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension != "md" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            for options in [ParseOptions.lenient, .strict] {
                do {
                    let metadata = try MetadataParser.parse(bytes, options: options)
                    _ = metadata.inspectionJSON().rendered()
                } catch {
                    XCTAssertFalse(error.message.isEmpty, file.lastPathComponent)
                }
            }
        }
        // The folder always holds at least the hand-made hostile seeds.
        XCTAssertFalse(files.isEmpty)
    }
}
