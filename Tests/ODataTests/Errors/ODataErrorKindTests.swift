import Foundation
import ODataMetadata
import XCTest

@testable import OData

/// Issue 9 item 4: `ODataError.Kind` can grow without breaking a user's `switch`, and the other error
/// types become details of `ODataError`.
final class ODataErrorKindTests: XCTestCase {
    private func describe(_ kind: ODataError.Kind) -> String {
        switch kind {
        case .httpStatus: return "status"
        case .timeout, .cancelled: return "gave up"
        case .decoding: return "bad body"
        default: return "other: \(kind)"
        }
    }

    func testKindsMatchInSwitchesAndNewOnesFallToDefault() {
        XCTAssertEqual(describe(.httpStatus), "status")
        XCTAssertEqual(describe(.cancelled), "gave up")
        XCTAssertEqual(describe(ODataError(.decoding, "x").kind), "bad body")
        XCTAssertEqual(describe(ODataError.Kind(rawValue: "fromTheFuture")), "other: fromTheFuture")
        XCTAssertEqual(ODataError.Kind.tooManyPages.rawValue, "tooManyPages")
        XCTAssertEqual(ODataError.Kind(rawValue: "timeout"), .timeout)
        XCTAssertEqual(Set(ODataError.Kind.allKnown.map(\.rawValue)).count, ODataError.Kind.allKnown.count)
        XCTAssertTrue("\(ODataError(.tooManyRedirects, "m"))".hasPrefix("ODataError.tooManyRedirects: m"))
    }

    func testOtherErrorTypesBecomeDetails() throws {
        let decoding = ODataDecodingError(format: .json, offset: 7, line: 1, column: 8, message: "bad")
        let wrapped = ODataError(wrapping: decoding)
        XCTAssertEqual(wrapped.kind, .decoding)
        XCTAssertEqual(wrapped.position, 7)
        XCTAssertEqual(wrapped.decodingError, decoding)

        let body = ODataErrorBody(code: "X", message: "nope")
        XCTAssertEqual(ODataError(wrapping: body).kind, .httpStatus)
        XCTAssertEqual(ODataError(wrapping: body).serviceError?.message, "nope")

        let value = ODataValueError(type: .int32, text: "x", reason: "not a number")
        XCTAssertEqual(ODataError(wrapping: value).valueError, value)
        XCTAssertEqual(ODataError(wrapping: value).kind, .invalidValue)
        XCTAssertEqual(ODataError(wrapping: DataModelError("no set")).dataModelError?.message, "no set")
        XCTAssertEqual(ODataError(wrapping: QueryEvaluationError("no")).kind, .queryEvaluation)
        XCTAssertEqual(ODataError(wrapping: FunctionResultError(functionName: "F", message: "m")).kind, .unexpectedResult)
        do {
            _ = try MetadataParser.parse("")
            XCTFail("an empty document parsed")
        } catch {
            XCTAssertEqual(ODataError(wrapping: error).kind, .invalidMetadata)
            XCTAssertNotNil(ODataError(wrapping: error).metadataError)
        }
        let same = ODataError(.timeout, "t")
        XCTAssertEqual(ODataError(wrapping: same).kind, .timeout)
    }
}
