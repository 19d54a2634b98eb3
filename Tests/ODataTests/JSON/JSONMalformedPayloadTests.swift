import Foundation
import XCTest

@testable import OData

/// Malformed JSON gives an `ODataDecodingError` saying what and where; never a crash or a hang.
final class JSONMalformedPayloadTests: XCTestCase {
    let decoder = ODataJSONDecoder()
    let type = RefScenarioModel.team

    func decodingError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ODataDecodingError? {
        do {
            _ = try decoder.decodeEntityList(Data(text.utf8), entityType: type)
            XCTFail("decoded malformed payload \(text)", file: file, line: line)
        } catch let error as ODataDecodingError {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
        return nil
    }

    func testErrorsCarryOffsetLineColumnAndWhatWasExpected() {
        let error = decodingError("{\"d\":{\"results\":[\n  {\"Id\" \"1\"}]}}")
        XCTAssertEqual(error?.offset, 26)
        XCTAssertEqual(error?.line, 2)
        XCTAssertEqual(error?.column, 9)
        XCTAssertEqual(error?.message.contains("expected ':'"), true)
        XCTAssertEqual(error?.format, .json)
    }

    func testTableOfMalformedPayloads() {
        let cases: [(String, Int, String)] = [
            ("", 0, "empty payload"),
            ("   ", 3, "unexpected end of input"),
            ("{\"d\":{\"results\":[", 17, "unexpected end of input inside an array"),
            ("{\"d\":{\"results\":[{\"Id\":\"1\",}]}}", 27, "expected a string key"),
            ("{\"d\":{\"results\":[{\"Id\":\"1\"},]}}", 28, "expected an entry object"),
            ("{\"d\":{\"results\":[{\"Id\":1x}]}}", 24, "expected ',' or '}'"),
            ("{\"d\":{\"results\":[{\"Id\":\"abc}]}}", 23, "unterminated string"),
            ("{\"d\":{\"results\":[{\"Id\":\"a\\qb\"}]}}", 25, "invalid escape"),
            ("{\"d\":{\"results\":[{\"Id\":\"a\\u12G4\"}]}}", 29, "invalid hex digit"),
            ("{\"d\":{\"results\":[{\"Id\":\"a\u{01}\"}]}}", 25, "unescaped control character"),
            ("{\"d\":{\"results\":[{\"isScrumTeam\":\"yes\"}]}}", 32, "invalid Edm.Boolean value \"yes\""),
            ("{\"d\":{\"results\":[{\"isScrumTeam\":tru}]}}", 32, "invalid literal"),
            ("{\"d\":{\"results\":[]}} x", 21, "after the end"),
            ("{\"d\":{\"__count\":\"-1\",\"results\":[]}}", 16, "invalid count"),
            ("{\"d\":{\"__count\":\"1\"}}", 20, "expected a \"results\" array"),
            ("{\"d\":{\"results\":[{\"Id\":-}]}}", 24, "expected a number"),
            ("{\"d\":{\"results\":[{\"Id\":01.e}]}}", 24, "expected ',' or '}'"),
            ("{\"d\":{\"results\":[{\"nt_Employees\":5}]}}", 33, "expected a navigation property value"),
            ("[1]", 1, "expected an entry object"),
            ("\"text\"", 0, "expected a JSON object"),
        ]
        for (text, offset, message) in cases {
            guard let error = decodingError(text) else { continue }
            XCTAssertEqual(error.offset, offset, "offset for \(text): \(error)")
            XCTAssertTrue(error.message.contains(message), "message for \(text): \(error.message)")
        }
    }

    func testNestingIsBounded() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let text = "{\"d\":{\"results\":[{\"Unknown\":\(deep)}]}}"
        let error = decodingError(text)
        XCTAssertEqual(error?.message.contains("nesting deeper than"), true)
        let objects = String(repeating: "{\"a\":", count: 50_000) + "1" + String(repeating: "}", count: 50_000)
        XCTAssertEqual(decodingError(objects)?.message.contains("nesting deeper than"), true)
    }

    func testInlineNestingIsBounded() {
        var text = "null"
        for _ in 0..<40 { text = "{\"Id\":\"1\",\"nr_Employees\":[{\"EmployeeId\":\"1\",\"ne_Room\":\(text)}]}" }
        XCTAssertThrowsError(try decoder.decodeEntity(Data(text.utf8), entityType: RefScenarioModel.room)) { error in
            XCTAssertTrue("\(error)".contains("nested deeper than"), "\(error)")
        }
    }

    func testValueOverflowsAreErrorsNotTraps() {
        let cases = [
            ("Age", "40000"), ("Age", "\"12x\""), ("EntryDate", "\"/Date(99999999999999999999)/\""),
            ("EntryDate", "\"/Date(9223372036854775807)/\""), ("EntryDate", "\"/Date(-9223372036854775808)/\""),
            ("EntryDate", "\"2024-02-30T00:00:00\""), ("EntryDate", "12"), ("EmployeeId", "{}"),
        ]
        for (name, value) in cases {
            let text = "{\"d\":{\"\(name)\":\(value)}}"
            XCTAssertThrowsError(try decoder.decodeEntity(Data(text.utf8), entityType: RefScenarioModel.employee), text) {
                XCTAssertTrue($0 is ODataDecodingError, "\($0)")
            }
        }
    }
}
