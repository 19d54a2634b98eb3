import Foundation
import XCTest

@testable import OData

/// `{"d":{"results":{"Name":value}}}` is read with the one JSON scanner (no JSONSerialization round trip):
/// the value's bytes reach the decoder exactly as sent.
final class JSONResultsWrapperTests: XCTestCase {
    private func unwrapped(_ text: String) -> String? {
        JSONResultsWrapper.unwrapped(Data(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    func testTheOneShapeIsUnwrappedByteForByte() {
        XCTAssertEqual(unwrapped(#"{"d":{"results":{"Price":1.10}}}"#), #"{"d":{"Price":1.10}}"#)
        XCTAssertEqual(
            unwrapped("\u{FEFF} { \"d\" : { \"results\" : {\"A\":{\"x\":[1,2]}} } } "), #"{"d":{"A":{"x":[1,2]}}}"#)
        XCTAssertEqual(unwrapped(#"{"d":{"results":{"Name":"a\"b"}}}"#), #"{"d":{"Name":"a\"b"}}"#)
    }

    func testOtherShapesAndMalformedDocumentsAreLeftAlone() {
        for text in [
            #"{"d":{"results":[{"A":1}]}}"#, #"{"d":{"results":{"A":1,"B":2}}}"#, #"{"d":{"results":{}}}"#,
            #"{"d":{"results":{"A":1},"__count":"1"}}"#, #"{"d":{"results":{"A":1}},"e":1}"#, #"{"x":{"results":{"A":1}}}"#,
            #"{"d":{"other":{"A":1}}}"#, #"{"d":{"results":{"A":1}}"#, #"{"d":{"results":{"A":1}}} x"#, "", "[]", "garbage",
        ] {
            XCTAssertNil(unwrapped(text), text)
        }
    }

    func testTheCodecDecodesTheWrappedFormLikeThePlainOne() throws {
        let codec = JSONPayloadCodec()
        let plain = try codec.decodeValue(Data(#"{"d":{"Price":"1.10"}}"#.utf8), type: .primitive(.decimal))
        let wrapped = try codec.decodeValue(Data(#"{"d":{"results":{"Price":"1.10"}}}"#.utf8), type: .primitive(.decimal))
        XCTAssertEqual(wrapped, plain)
        XCTAssertThrowsError(try codec.decodeValue(Data(#"{"d":{"results":{"A":"1","B":"2"}}}"#.utf8), type: .primitive(.decimal)))
    }
}
