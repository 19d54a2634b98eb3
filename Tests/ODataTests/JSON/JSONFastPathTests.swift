import Foundation
import XCTest

@testable import OData

/// The decoder's one-pass readers (keys matched in place from the learned key order, plain numbers, fixed-point
/// strings, `/Date(…)/`, compact deferred links, the keys of `__metadata`) read exactly what the general path
/// reads: the same values, the same errors, at every place in a payload, whatever the key order.
final class JSONFastPathTests: XCTestCase {
    let decoder = ODataJSONDecoder()

    // MARK: Values against the general conversion

    private enum Outcome {
        case value(EdmValue)
        case failure(String)
    }

    private static let numericTypes: [EdmType] = [.int32, .int64, .int16, .byte, .sByte, .decimal, .double, .single]

    /// What the general path makes of a token: its content (a string's, unescaped) through `WireValueAdapter`.
    private func general(_ token: String, as type: EdmType) throws -> Outcome? {
        let content: String
        if token.hasPrefix("\"") {
            guard let string = (try? JSONSerialization.jsonObject(with: Data("[\(token)]".utf8)) as? [String])?.first else { return nil }
            content = string
        } else {
            content = token
        }
        var bytes = Array(content.utf8)
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { buffer in
            do {
                return .value(
                    try WireValueAdapter.fromJSONString(ByteSpan(start: buffer.baseAddress!, count: buffer.count - 1), as: type))
            } catch let failure as WireValueFailure {
                return .failure(failure.message)
            } catch {
                return .failure("\(error)")
            }
        }
    }

    /// What the decoder makes of the token as property `type.rawValue`, first (then a boolean follows) or last
    /// (near the end of the payload, where the one-pass readers step aside).
    private func decoded(_ token: String, as type: EdmType, last: Bool) -> Outcome {
        // Far from the end, a token has the bytes after it that the one-pass readers need.
        let padding = String(repeating: "p", count: 64)
        let body =
            last
            ? #"{"d":{"Edm.Boolean":true,"\#(type.rawValue)":\#(token)}}"#
            : #"{"d":{"\#(type.rawValue)":\#(token),"Edm.Boolean":true,"Edm.String":"\#(padding)"}}"#
        do {
            let entity = try decoder.decodeEntity(Data(body.utf8), entityType: JSONValueDecodingTests.all)
            XCTAssertEqual(entity["Edm.Boolean"], .boolean(true), body)
            guard let value = entity[type.rawValue] else { return .failure("not loaded") }
            return .value(value)
        } catch let error as ODataDecodingError {
            return .failure(error.message)
        } catch {
            return .failure("\(error)")
        }
    }

    /// Equal values with equal representations: decimals keep their scale, doubles their sign of zero.
    private func identical(_ lhs: EdmValue, _ rhs: EdmValue) -> Bool {
        switch (lhs, rhs) {
        case (.decimal(let a), .decimal(let b)): return a.significand == b.significand && a.scale == b.scale
        case (.double(let a), .double(let b)): return a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        case (.single(let a), .single(let b)): return a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        default: return lhs == rhs
        }
    }

    private func assertSameAsGeneral(_ tokens: [String], types: [EdmType], file: StaticString = #filePath, line: UInt = #line) throws {
        for token in tokens {
            for type in types {
                guard let expected = try general(token, as: type) else {
                    XCTFail("not a JSON token: \(token)", file: file, line: line)
                    continue
                }
                for last in [false, true] {
                    let actual = decoded(token, as: type, last: last)
                    switch (expected, actual) {
                    case (.value(let a), .value(let b)):
                        XCTAssertTrue(identical(a, b), "\(token) as \(type.rawValue): \(b), expected \(a)", file: file, line: line)
                    case (.failure(let a), .failure(let b)):
                        XCTAssertTrue(b.contains(a), "\(token) as \(type.rawValue): \(b), expected \(a)", file: file, line: line)
                    default:
                        XCTFail("\(token) as \(type.rawValue) (last: \(last)): \(actual), expected \(expected)", file: file, line: line)
                    }
                }
            }
        }
    }

    func testNumberTokensReadAsTheGeneralPathReadsThem() throws {
        let tokens = [
            "0", "-0", "7", "-7", "0.5", "-0.5", "0.0", "-0.0", "1.5", "1.50", "123.456", "255", "256", "-128", "-129",
            "32767", "32768", "2147483647", "2147483648", "-2147483648", "-2147483649", "123456789012345678",
            "-123456789012345678", "1234567890123456789", "9223372036854775807", "-9223372036854775808",
            "9007199254740992", "9007199254740993", "0.000000000000000001", "0.0000000000000000001",
            "12345678901234567.8", "1234567890123456.78", "99999999999999999.9", "1e5", "1E+2", "-1.25e-3", "0e0",
            "0.1", "0.30000000000000004", "1.0000000000000000001", "100000000000000000000000",
        ]
        try assertSameAsGeneral(tokens + Self.digitStrings(negative: true), types: Self.numericTypes)
    }

    func testFixedPointStringsReadAsTheGeneralPathReadsThem() throws {
        let tokens = [
            #""12.50""#, #""-0""#, #""0""#, #""007""#, #""-007.50""#, #""1.""#, #"".5""#, #""-""#, #""""#, #""1.2.3""#,
            #""1e5""#, #"" 1""#, #""1 ""#, #""+1""#, #""\u0031""#, #""1\u002e5""#, #""123456789012345678""#,
            #""1234567890123456789""#, #""-9223372036854775808""#, #""0.0000000000000000001""#, #""1.5""#, #""INF""#,
            #""-INF""#, #""NaN""#, #""255""#, #""256""#, #""-129""#, #""2147483648""#, #""9007199254740993""#,
            #""-.5""#, #""5.-""#, #""0x10""#,
        ]
        try assertSameAsGeneral(tokens + Self.digitStrings(negative: true).map { "\"\($0)\"" }, types: Self.numericTypes)
    }

    func testGuidsReadAsTheGeneralPathReadsThem() throws {
        let valid = "005056a2-2A1B-1ed5-B1fb-d5c8a8a5e4a1"
        var tokens = [
            valid, "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
        ]
        // Every byte of the text replaced by characters next to the hex ranges, a non-ASCII letter and an escape.
        for index in valid.indices {
            for replacement in ["/", ":", "@", "G", "`", "g", "-", "0", "f", "F", "\u{7F}", "é", #"\u0030"#] {
                tokens.append(String(valid[..<index]) + replacement + String(valid[valid.index(after: index)...]))
            }
        }
        tokens += [String(valid.dropLast()), valid + "0", "{" + valid + "}", valid.replacingOccurrences(of: "-", with: "")]
        try assertSameAsGeneral(tokens.map { "\"\($0)\"" }, types: [.guid])
    }

    /// 1…20 digits (eight are read at a time) with a point after every possible digit, and 9s (the largest digit).
    private static func digitStrings(negative: Bool) -> [String] {
        var strings: [String] = []
        for length in 1...20 {
            let digits = String((1...length).map { Character(String($0 % 10)) })
            strings.append(digits)
            strings.append(String(repeating: "9", count: length))
            for point in 1..<length {
                let index = digits.index(digits.startIndex, offsetBy: point)
                strings.append(String(digits[..<index]) + "." + String(digits[index...]))
            }
        }
        return negative ? strings + strings.map { "-" + $0 } : strings
    }

    func testJSONDatesReadAsTheGeneralPathReadsThem() throws {
        let tokens = [
            #""\/Date(0)\/""#, #""/Date(0)/""#, #""\/Date(0)/""#, #""/Date(0)\/""#, #""\/Date(-62135596800000)\/""#,
            #""\/Date(-62135596800001)\/""#, #""\/Date(253402300799999)\/""#, #""\/Date(253402300800000)\/""#,
            #""\/Date(1700000000000+0120)\/""#, #""\/Date(1700000000000-0120)\/""#, #""\/Date(1700000000000+0840)\/""#,
            #""\/Date(1700000000000+0841)\/""#, #""\/Date(1700000000000+012)\/""#, #""\/Date(1700000000000+01200)\/""#,
            #""\/Date(5+-123)\/""#, #""\/Date(+5)\/""#, #""\/Date(-5)\/""#, #""\/Date(-5-0030)\/""#, #""\/Date()\/""#,
            #""\/Date(-)\/""#, #""\/Date(123456789012345678)\/""#, #""\/Date(1234567890123456789)\/""#,
            #""\/Dxte(5)\/""#, #""\/date(5)\/""#, #""\/Date(5)\/x""#, #""\/Date(5)""#, #""\/Date(5\/""#, #""Date(5)""#,
            #""\/Date(5)\/\/""#, #""\/Date(5 )\/""#, #""\/Date(\u0035)\/""#, #""\/Date(5)\u002f""#,
            #""2024-01-02T03:04:05""#, #""2024-01-02T03:04:05.1234567Z""#, #""2023-11-14T23:13:20+01:00""#,
            #""\/Date(1700000000000+01:0)\/""#, #""\/Date(1700000000000+1)\/""#,
        ]
        let generated = (1...20).flatMap { length -> [String] in
            let digits = String((1...length).map { Character(String($0 % 10)) })
            return ["", "+0030", "-0030", "-0845"].flatMap { offset in
                [#""\/Date(\#(digits)\#(offset))\/""#, #""\/Date(-\#(digits)\#(offset))\/""#]
            }
        }
        try assertSameAsGeneral(tokens + generated, types: [.dateTime, .dateTimeOffset])
    }

    // MARK: Keys

    private static let ordered = EntityTypeDescriptor(
        qualifiedName: "T.Ordered",
        properties: [
            PropertyDescriptor(name: "ID", type: .primitive(.int32), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "Name", type: .primitive(.string), index: 1),
            PropertyDescriptor(name: "NameLonger", type: .primitive(.string), index: 2),
            PropertyDescriptor(name: "AVeryLongPropertyNameOfMoreThanSixteenBytes", type: .primitive(.int64), index: 3),
        ], keyNames: ["ID"])

    private func entries(_ objects: [String]) throws -> [EntityValue] {
        try decoder.decodeEntityList(Data(#"{"d":{"results":[\#(objects.joined(separator: ","))]}}"#.utf8), entityType: Self.ordered)
            .entities
    }

    private func entry(_ object: String) throws -> EntityValue {
        try decoder.decodeEntity(Data(#"{"d":\#(object)}"#.utf8), entityType: Self.ordered)
    }

    func testEntriesWithKeysInChangingOrdersReadAsEachAlone() throws {
        let objects = [
            #"{"__metadata":{"uri":"http://h/S(1)","type":"T.Ordered"},"ID":1,"Name":"a","NameLonger":"b","AVeryLongPropertyNameOfMoreThanSixteenBytes":"5"}"#,
            #"{"__metadata":{"uri":"http://h/S(2)","type":"T.Ordered"},"ID":2,"Name":"a","NameLonger":"b","AVeryLongPropertyNameOfMoreThanSixteenBytes":"5"}"#,
            #"{"AVeryLongPropertyNameOfMoreThanSixteenBytes":"6","NameLonger":"c","ID":3,"__metadata":{"type":"T.Ordered","uri":"http://h/S(3)"}}"#,
            #"{"ID":4,"Nam":"x","NameLonge":"y","Name":"d","NameLongerStill":"z","__metadata":{"etag":"W/\"4\"","id":"i","uri":"http://h/S(4)"}}"#,
            #"{"N\u0061me":"e","ID" : 5 ,"Unknown":{"a":[1,2]},"__metadata":{"u\u0072i":"http://h/S(5)","media_src":"m","content_type":"c"}}"#,
            #"{"__metadata":{"uri":"http://h/S(6)","type":"T.Ordered"},"ID":6,"Name":"a","NameLonger":"b","AVeryLongPropertyNameOfMoreThanSixteenBytes":"5"}"#,
            #"{"ID":7}"#,
            #"{"__metadata":{"uri":"http://h/S(8)","edit_media":"e","media_etag":"t"},"NameLonger":"b"}"#,
        ]
        let together = try entries(objects)
        XCTAssertEqual(together.count, objects.count)
        for (index, object) in objects.enumerated() {
            XCTAssertEqual(together[index], try entry(object), object)
        }
        XCTAssertEqual(together[2]["AVeryLongPropertyNameOfMoreThanSixteenBytes"], .int64(6))
        XCTAssertEqual(together[3]["Name"], .string("d"))
        XCTAssertEqual(together[3].metadata.etag, "W/\"4\"")
        XCTAssertEqual(together[4]["Name"], .string("e"))
        XCTAssertEqual(together[4].metadata.uri, "http://h/S(5)")
        XCTAssertEqual(together[4].metadata.mediaReadLink, "m")
        XCTAssertEqual(together[4].metadata.mediaContentType, "c")
        XCTAssertEqual(together[7].metadata.mediaEditLink, "e")
        XCTAssertEqual(together[7].metadata.mediaETag, "t")
    }

    func testTheMetadataTypeReadsAsTheGeneralPathReadsIt() throws {
        let padding = String(repeating: "p", count: 64)
        // A type the resolver does not know is kept as written.
        let resolver: @Sendable (String) -> EntityTypeDescriptor? = { _ in nil }
        let decoder = ODataJSONDecoder(typeResolver: resolver)
        for (type, expected) in [
            (#""T.Ordered""#, "T.Ordered"), (#""T.Ord\u0065red""#, "T.Ordered"), (#" "T.Ordered" "#, "T.Ordered"),
            (#""T.OrderedX""#, "T.OrderedX"), (#""T.Ordere""#, "T.Ordere"), (#""t.ordered""#, "t.ordered"), ("null", nil),
        ] {
            let object = #"{"__metadata":{"uri":"http://h/S(1)","type":\#(type)},"ID":1,"Name":"\#(padding)"}"#
            let list = try decoder.decodeEntityList(Data(#"{"d":{"results":[\#(object),\#(object)]}}"#.utf8), entityType: Self.ordered)
            XCTAssertEqual(list.entities.map(\.metadata.typeName), [expected, expected], type)
            let alone = try decoder.decodeEntity(Data(#"{"d":\#(object)}"#.utf8), entityType: Self.ordered)
            XCTAssertEqual(alone.metadata.typeName, expected, type)
        }
    }

    func testARepeatedKeyIsRefusedAtItsOffsetWhetherPredictedOrNot() throws {
        let first = #"{"ID":1,"Name":"a"}"#
        for repeated in [
            #"{"ID":2,"Name":"a","Name":"b"}"#, #"{"ID":2,"N\u0061me":"a","Name":"b"}"#, #"{"ID":2,"Name":"a","N\u0061me":"b"}"#,
        ] {
            let body = #"{"d":{"results":[\#(first),\#(repeated)]}}"#
            XCTAssertThrowsError(try decoder.decodeEntityList(Data(body.utf8), entityType: Self.ordered)) { error in
                let error = error as? ODataDecodingError
                XCTAssertEqual(error?.message.contains("\"Name\" appears twice"), true, "\(String(describing: error))")
                if repeated.hasSuffix(#""Name":"b"}"#) {
                    // The second key's opening quote.
                    XCTAssertEqual(error?.offset, body.utf8.count - #""Name":"b"}]}}"#.utf8.count)
                }
            }
        }
    }

    func testAKeyCutShortOrWithoutColonFailsAsBefore() throws {
        let prefix = #"{"d":{"results":[{"ID":1,"Name":"a"},{"ID":2,"#
        for (rest, message) in [
            (#""Name" "b"}]}}"#, "expected ':' after an object key"), (#""Name""#, "expected ':' after an object key"),
            (#""Na"#, "unterminated string"), (#""Name":"#, "unexpected end of input"),
        ] {
            XCTAssertThrowsError(try decoder.decodeEntityList(Data((prefix + rest).utf8), entityType: Self.ordered), rest) { error in
                XCTAssertEqual((error as? ODataDecodingError)?.message.contains(message), true, "\(rest): \(error)")
            }
        }
        let spaced = try entries([#"{"ID":1,"Name":"a"}"#, #"{"ID":2,"Name"   :   "b"}"#])
        XCTAssertEqual(spaced[1]["Name"], .string("b"))
    }

    func testAPropertyNamedMetadataIsTheProperty() throws {
        let type = EntityTypeDescriptor(
            qualifiedName: "T.Odd",
            properties: [
                PropertyDescriptor(name: "ID", type: .primitive(.int32), index: 0, isNullable: false, isKey: true),
                PropertyDescriptor(name: "__metadata", type: .primitive(.string), index: 1),
            ], keyNames: ["ID"])
        let list = try decoder.decodeEntityList(
            Data(#"{"d":{"results":[{"__metadata":"x","ID":1},{"__metadata":"y","ID":2}]}}"#.utf8), entityType: type)
        XCTAssertEqual(list.entities.map { $0["__metadata"] }, [.string("x"), .string("y")])
        XCTAssertEqual(list.entities.map(\.metadata.uri), [nil, nil])
    }

    // MARK: Deferred links

    func testDeferredLinksInEveryFormReadAsTheGeneralPathReadsThem() throws {
        let type = RefScenarioModel.team
        let link = "http://h/Teams('1')/nt_Employees"
        // Each form and the link it gives.
        let forms: [(String, String?)] = [
            (#"{"__deferred":{"uri":"http://h/Teams('1')/nt_Employees"}}"#, link),
            (#"{ "__deferred":{"uri":"http://h/Teams('1')/nt_Employees"}}"#, link),
            (#"{"__deferred":{"uri":"http:\/\/h\/Teams('1')\/nt_Employees"}}"#, link),
            (#"{"__deferred":{"uri":"http://h/Teams('1')/nt_Employees","x":1}}"#, link),
            (#"{"__deferred":{"uri":"http://h/Teams('1')/nt_Employees"},"x":1}"#, link),
            (#"{"__deferred":{"uri":"http://h/Teams('1')/nt_Employees" }}"#, link),
            (#"{"__deferred":{"uri":"http://h/Other('1')/nt_Employees"}}"#, "http://h/Other('1')/nt_Employees"),
            (#"{"__deferred":{"uri":"http://h/Teams('1')/nt_Employeex"}}"#, "http://h/Teams('1')/nt_Employeex"),
            (#"{"__deferred":{"uri":"http://h/Teams('1')/nt_Employee"}}"#, "http://h/Teams('1')/nt_Employee"),
            (#"{"__deferred":{"uri":"http://h/Teams('1')xnt_Employees"}}"#, "http://h/Teams('1')xnt_Employees"),
            (#"{"__deferred":{"uri":"http://h/Teams('1')/nt_Employees/"}}"#, "http://h/Teams('1')/nt_Employees/"),
            (#"{"__deferred":{"uri":null}}"#, nil),
            (#"{"__deferred":{}}"#, nil),
        ]
        for (form, expected) in forms {
            let body = #"{"d":{"__metadata":{"uri":"http://h/Teams('1')"},"Id":"1","nt_Employees":\#(form),"Name":"n"}}"#
            let entity = try decoder.decodeEntity(Data(body.utf8), entityType: type)
            XCTAssertEqual(entity[type.navigationProperties[0]], .deferred(uri: expected), form)
            XCTAssertEqual(entity["Name"], .string("n"), form)
        }
        for broken in [
            #"{"__deferred":{"uri":"http://h/Teams('1')/nt_Employees\#u{01}"}}"#, #"{"__deferred":{"uri":"http://h/Teams('1')/nt_Empl"#,
        ] {
            let body = #"{"d":{"__metadata":{"uri":"http://h/Teams('1')"},"Id":"1","nt_Employees":\#(broken)"#
            XCTAssertThrowsError(try decoder.decodeEntity(Data(body.utf8), entityType: type), broken)
        }
    }

    // MARK: Entity URIs

    func testEntityURIsSharingPrefixesOfEveryLengthReadWhole() throws {
        let type = RefScenarioModel.team
        let keys = [
            "1", "2", "10", "ItemNumber%3D10%2CSalesOrderId%3D'500000001'", "ItemNumber%3D10%2CSalesOrderId%3D'500000002'",
            "ItemNumber%3D10%2CSalesOrderId%3D'500000010'", "ItemNumber%3D20%2CSalesOrderId%3D'500000010'",
            "ItemNumber%3D20%2CSalesOrderId%3D'500000100'", "'Müller-äb-0123456789'", "'Müller-äc-0123456789'",
            "'Müller-öc-0123456789'", "'Müller-öc-0123456789'", "'x'", "'a\\/b-0123456789012345'", "'a\\/b-0123456789012346'",
            "'😀-0123456789012345'", "'😁-0123456789012345'", "'😁-0123456789012346'",
        ]
        let uris = keys.map { "http://h/svc/Teams(\($0))" }
        let objects = uris.map { uri in
            #"{"__metadata":{"uri":"\#(uri)"},"Id":"1","nt_Employees":{"__deferred":{"uri":"\#(uri)/nt_Employees"}}}"#
        }
        let body = #"{"d":{"results":[\#(objects.joined(separator: ","))]}}"#
        let list = try decoder.decodeEntityList(Data(body.utf8), entityType: type)
        let expected = uris.map { $0.replacingOccurrences(of: "\\/", with: "/") }
        XCTAssertEqual(list.entities.map(\.metadata.uri), expected)
        for (index, entity) in list.entities.enumerated() {
            XCTAssertEqual(entity[type.navigationProperties[0]], .deferred(uri: expected[index] + "/nt_Employees"), expected[index])
            let alone = try decoder.decodeEntity(Data(#"{"d":\#(objects[index])}"#.utf8), entityType: type)
            XCTAssertEqual(entity, alone, expected[index])
            XCTAssertEqual(entity.hashValue, alone.hashValue, expected[index])
        }
    }
}
