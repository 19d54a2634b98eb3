import Foundation
import XCTest

@testable import OData
@testable import ODataTestSupport

/// Replays the envelope fuzz target's failure inputs (Resources/FailCases/envelope) through
/// `CodecFuzzing.envelope`, whose preconditions are the rules; and checks that each known input is refused.
final class EnvelopeFailCaseReplayTests: XCTestCase {
    func testEnvelopeFailCasesKeepTheRules() throws {
        guard let folder = Bundle.module.url(forResource: "envelope", withExtension: nil, subdirectory: "Resources/FailCases") else {
            return XCTFail("Resources/FailCases/envelope is missing from the test bundle")
        }
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension != "md" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertGreaterThanOrEqual(files.count, 8)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            CodecFuzzing.envelope(bytes)
            let json = ODataJSONDecoder(typeResolver: FuzzModel.resolver)
            let atom = ODataAtomDecoder(typeResolver: FuzzModel.resolver)
            XCTAssertThrowsError(try json.decodeEntityList(Data(bytes), entityType: FuzzModel.item), file.lastPathComponent)
            XCTAssertThrowsError(try atom.decodeEntityList(Data(bytes), entityType: FuzzModel.item), file.lastPathComponent)
        }
    }

    func testTheLightKeyDetectorOfTheFuzzTarget() {
        XCTAssertTrue(CodecFuzzing.startsWithLightKey(Array(" {\n \"odata.metadata\":1}".utf8)))
        XCTAssertTrue(CodecFuzzing.startsWithLightKey(Array("{\"@odata.context\":1}".utf8)))
        XCTAssertFalse(CodecFuzzing.startsWithLightKey(Array("{\"d\":{\"odata.metadata\":1}}".utf8)))
    }
}
