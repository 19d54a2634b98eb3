import Foundation
import XCTest

@testable import OData

/// The scanner finds the end of a string, its escapes and forbidden control characters eight bytes at a
/// time: every length around the word size, with the special byte at every position, reads as
/// `JSONSerialization` reads it.
final class JSONStringScanningTests: XCTestCase {
    private static let item = TestItem.type

    private func decodedName(_ literal: String) throws -> String? {
        let body = Data(#"{"d":{"ID":1,"Name":"\#(literal)","Other":"\#(literal)"}}"#.utf8)
        guard case .string(let name)? = try ODataJSONDecoder().decodeEntity(body, entityType: Self.item)["Name"] else { return nil }
        return name
    }

    private func expected(_ literal: String) throws -> String? {
        let object = try JSONSerialization.jsonObject(with: Data(#"["\#(literal)"]"#.utf8)) as? [String]
        return object?.first
    }

    func testEverySpecialByteAtEveryPositionAroundTheWordSize() throws {
        let escapes = [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#, #"\/"#, "é", "\u{7F}"]
        for length in 0..<27 {
            for position in 0...length {
                for escape in escapes {
                    let plain = String(repeating: "a", count: length)
                    let index = plain.index(plain.startIndex, offsetBy: position)
                    let literal = plain[..<index] + escape + plain[index...] + escape
                    XCTAssertEqual(try decodedName(String(literal)), try expected(String(literal)), "\(length) \(position) \(escape)")
                }
            }
        }
    }

    func testAControlCharacterAtEveryPositionIsRefusedWithItsOffset() throws {
        for length in 1..<20 {
            for position in 0..<length {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                bytes[position] = 0x01
                let literal = String(decoding: bytes, as: UTF8.self)
                XCTAssertThrowsError(try decodedName(literal), "\(length) \(position)") { error in
                    XCTAssertTrue((error as? ODataDecodingError)?.message.contains("control character") == true, "\(error)")
                }
            }
        }
    }
}
