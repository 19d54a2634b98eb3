import Foundation
import ODataTestSupport
import XCTest

@testable import OData

/// Replays every input the codec fuzz targets ever failed on (Resources/FailCases/{json,atom,errors})
/// through the same entry points as the fuzzers; reaching the end without a crash is the assertion.
final class CodecFailCaseReplayTests: XCTestCase {
    func inputs(_ target: String) throws -> [URL] {
        guard let folder = Bundle.module.url(forResource: target, withExtension: nil, subdirectory: "Resources/FailCases") else {
            XCTFail("Resources/FailCases/\(target) is missing from the test bundle")
            return []
        }
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension != "md" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    func testJSONFailCases() throws {
        let files = try inputs("json")
        XCTAssertFalse(files.isEmpty)
        for file in files { CodecFuzzing.json([UInt8](try Data(contentsOf: file))) }
    }

    func testAtomFailCases() throws {
        let files = try inputs("atom")
        XCTAssertFalse(files.isEmpty)
        for file in files { CodecFuzzing.atom([UInt8](try Data(contentsOf: file))) }
    }

    func testErrorBodyFailCases() throws {
        let files = try inputs("errors")
        XCTAssertFalse(files.isEmpty)
        for file in files { CodecFuzzing.errorBody([UInt8](try Data(contentsOf: file))) }
    }

    func testTheRecordedPayloadsGoThroughEveryEntryPoint() throws {
        guard let folder = Bundle.module.url(forResource: "payloads", withExtension: nil, subdirectory: "Resources") else {
            return XCTFail("payloads missing")
        }
        for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
            let bytes = [UInt8](try Data(contentsOf: file))
            CodecFuzzing.json(bytes)
            CodecFuzzing.atom(bytes)
            CodecFuzzing.errorBody(bytes)
        }
    }
}
