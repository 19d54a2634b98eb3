import Foundation
import XCTest

@testable import OData

/// Every Edm type's JSON forms, single properties, collections, links, function results and derived types.
final class JSONValueDecodingTests: XCTestCase {
    static let address: ComplexTypeDescriptor = ComplexTypeDescriptor(
        qualifiedName: "T.Address",
        properties: [
            PropertyDescriptor(name: "Street", type: .primitive(.string), index: 0),
            PropertyDescriptor(name: "Zip", type: .primitive(.int32), index: 1),
        ])
    static let all: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "T.All",
        properties: EdmType.allCases.enumerated().map { PropertyDescriptor(name: $1.rawValue, type: .primitive($1), index: $0) }
            + [
                PropertyDescriptor(name: "Tags", type: .primitiveCollection(.string), index: EdmType.allCases.count),
                PropertyDescriptor(name: "Addresses", type: .complexCollection(address), index: EdmType.allCases.count + 1),
            ],
        keyNames: ["Edm.Int32"])

    let decoder = ODataJSONDecoder()

    func value(_ type: EdmType, _ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> EdmValue? {
        let entity = try decoder.decodeEntity(Data("{\"d\":{\"\(type.rawValue)\":\(json)}}".utf8), entityType: Self.all)
        return entity[type.rawValue]
    }

    func testEveryPrimitiveForm() throws {
        XCTAssertEqual(try value(.string, "\"a\\\"b\\\\c\\/d\\n\\u00e9\\ud83d\\ude00\""), .string("a\"b\\c/d\né😀"))
        XCTAssertEqual(try value(.string, "\"lone \\ud800 surrogate\""), .string("lone \u{FFFD} surrogate"))
        XCTAssertEqual(try value(.boolean, "true"), .boolean(true))
        XCTAssertEqual(try value(.byte, "255"), .byte(255))
        XCTAssertEqual(try value(.sByte, "-128"), .sByte(-128))
        XCTAssertEqual(try value(.int16, "\"-32768\""), .int16(-32768))
        XCTAssertEqual(try value(.int32, "2147483647"), .int32(2_147_483_647))
        XCTAssertEqual(try value(.int64, "\"-9223372036854775808\""), .int64(.min))
        XCTAssertEqual(try value(.int64, "9223372036854775807"), .int64(.max))
        XCTAssertEqual(try value(.decimal, "\"12.50\""), .decimal(BigDecimal(significand: 1250, scale: 2)))
        XCTAssertEqual(try value(.decimal, "-0.001"), .decimal(BigDecimal(significand: -1, scale: 3)))
        XCTAssertEqual(
            try value(.decimal, "\"12345678901234567890123456789012345678\""),
            .decimal(BigDecimal(significand: Int128("12345678901234567890123456789012345678")!, scale: 0)))
        XCTAssertEqual(try value(.double, "1.5E+10"), .double(1.5e10))
        XCTAssertEqual(try value(.double, "\"-INF\""), .double(-.infinity))
        XCTAssertEqual(try value(.single, "\"2.5\""), .single(2.5))
        XCTAssertEqual(
            try value(.guid, "\"005056a2-2a1b-1ed5-b1fb-d5c8a8a5e4a1\""),
            GuidValue(string: "005056A2-2A1B-1ED5-B1FB-D5C8A8A5E4A1").map(EdmValue.guid))
        XCTAssertEqual(try value(.binary, "\"AAEC/w==\""), .binary(Data([0, 1, 2, 255])))
        XCTAssertEqual(
            try value(.time, "\"PT10H30M15.25S\""), LocalTime(hour: 10, minute: 30, second: 15, nanosecond: 250_000_000).map(EdmValue.time))
        XCTAssertEqual(try value(.dateTime, "\"\\/Date(-62135596800000)\\/\""), LocalDateTime(ticks: 0).map(EdmValue.dateTime))
        XCTAssertEqual(
            try value(.dateTime, "\"2024-01-02T03:04:05.1234567\""), LocalDateTime(ticks: 638_397_614_451_234_567).map(EdmValue.dateTime))
        XCTAssertEqual(
            try value(.dateTimeOffset, "\"/Date(1700000000000+0120)/\""),
            GlobalDateTime(millisecondsSince1970: 1_700_000_000_000, offsetMinutes: 120).map(EdmValue.dateTimeOffset))
        XCTAssertEqual(
            try value(.dateTimeOffset, "\"2023-11-14T23:13:20+01:00\""),
            GlobalDateTime(millisecondsSince1970: 1_700_000_000_000, offsetMinutes: 60).map(EdmValue.dateTimeOffset))
        for type in EdmType.allCases { XCTAssertEqual(try value(type, "null"), .null) }
    }

    func testCollectionsInBothForms() throws {
        let text = """
            {"d":{"Tags":{"__metadata":{"type":"Collection(Edm.String)"},"results":["a","b"]},
            "Addresses":[{"__metadata":{"type":"T.Address"},"Street":"Main","Zip":1,"Extra":[1,{"x":2}]},null]}}
            """
        let entity = try decoder.decodeEntity(Data(text.utf8), entityType: Self.all)
        XCTAssertEqual(entity["Tags"], .collection([.string("a"), .string("b")]))
        var address = ComplexValue(type: Self.address)
        try address.set("Street", to: .string("Main"))
        try address.set("Zip", to: .int32(1))
        XCTAssertEqual(entity["Addresses"], .collection([.complex(address), .null]))
        XCTAssertNil(entity["Edm.String"])
    }

    func testSinglePropertyAndFunctionResults() throws {
        let street = Self.address.properties[0]
        XCTAssertEqual(try decoder.decodeProperty(Data(#"{"d":{"Street":"Main"}}"#.utf8), property: street), .string("Main"))
        XCTAssertEqual(try decoder.decodeValue(Data(#"{"d":5}"#.utf8), type: .primitive(.int32)), .int32(5))
        var address = ComplexValue(type: Self.address)
        try address.set("Street", to: .string("S"))
        try address.set("Zip", to: .int32(9))
        for text in [
            #"{"d":{"GetAddress":{"__metadata":{"type":"T.Address"},"Street":"S","Zip":9}}}"#,
            #"{"d":{"Street":"S","Zip":9}}"#, #"{"d":{"__metadata":{"type":"T.Address"},"Street":"S","Zip":9}}"#,
        ] {
            XCTAssertEqual(try decoder.decodeValue(Data(text.utf8), type: .complex(Self.address)), .complex(address), text)
        }
        for text in [#"{"d":{"results":[1,2]}}"#, #"{"d":[1,2]}"#, #"{"d":{"Numbers":[1,2]}}"#] {
            XCTAssertEqual(
                try decoder.decodeValue(Data(text.utf8), type: .primitiveCollection(.int32)), .collection([.int32(1), .int32(2)]), text)
        }
        let function = FunctionImportDescriptor(name: "Count", returnType: .primitive(.int64))
        guard case .value(let count) = try decoder.decodeFunctionResult(Data(#"{"d":{"Count":"42"}}"#.utf8), function: function) else {
            return XCTFail("expected a value")
        }
        XCTAssertEqual(count, .int64(42))
        let entities = FunctionImportDescriptor(name: "Teams", returnType: .entityCollection { RefScenarioModel.team })
        guard case .entities(let teams) = try decoder.decodeFunctionResult(Data(#"{"d":[{"Id":"1"},{"Id":"2"}]}"#.utf8), function: entities)
        else {
            return XCTFail("expected entities")
        }
        XCTAssertEqual(teams.map { $0["Id"] }, [.string("1"), .string("2")])
    }

    func testLinks() throws {
        let feed = #"{"d":{"results":[{"uri":"http://h/S/Teams('1')"},{"uri":"http://h/S/Teams('2')"}],"__count":"2","__next":"n"}}"#
        XCTAssertEqual(
            try decoder.decodeLinks(Data(feed.utf8)),
            LinkList(uris: ["http://h/S/Teams('1')", "http://h/S/Teams('2')"], count: 2, nextLink: "n"))
        XCTAssertEqual(try decoder.decodeLinks(Data(#"{"d":[{"uri":"a"}]}"#.utf8)), LinkList(uris: ["a"]))
        XCTAssertEqual(try decoder.decodeLinks(Data(#"{"d":{"uri":"a"}}"#.utf8)), LinkList(uris: ["a"]))
    }

    func testDerivedTypeByMetadataTypeEvenAfterProperties() throws {
        let decoder = ODataJSONDecoder(typeResolver: RefScenarioModel.resolver)
        let late =
            #"{"d":{"EmployeeId":"9","ne_Room":{"__deferred":{"uri":"r"}},"nm_Employees":{"__deferred":{"uri":"e"}},"__metadata":{"type":"RefScenario.Manager"}}}"#
        let early =
            #"{"d":{"__metadata":{"type":"RefScenario.Manager"},"EmployeeId":"9","ne_Room":{"__deferred":{"uri":"r"}},"nm_Employees":{"__deferred":{"uri":"e"}}}}"#
        for text in [late, early] {
            let entity = try decoder.decodeEntity(Data(text.utf8), entityType: RefScenarioModel.employee)
            XCTAssertEqual(entity.entityType, RefScenarioModel.manager)
            XCTAssertEqual(entity["EmployeeId"], .string("9"))
            XCTAssertEqual(entity.navigationValues, [nil, nil, .deferred(uri: "r"), .deferred(uri: "e")])
            XCTAssertEqual(entity.metadata.typeName, "RefScenario.Manager")
        }
        let unknown = try decoder.decodeEntity(
            Data(late.replacingOccurrences(of: "Manager", with: "Nobody").utf8), entityType: RefScenarioModel.employee)
        XCTAssertEqual(unknown.entityType, RefScenarioModel.employee)
        XCTAssertEqual(unknown.metadata.typeName, "RefScenario.Nobody")
    }

    func testV1FeedAndNullInlines() throws {
        let text = #"{"d":[{"Id":"1","nr_Employees":null,"nr_Building":null},{"Id":"2","nr_Employees":[],"nr_Building":{}}]}"#
        let list = try decoder.decodeEntityList(Data(text.utf8), entityType: RefScenarioModel.room)
        XCTAssertEqual(list.entities.map(\.navigationValues), [[.entities([]), .entity(nil)], [.entities([]), .deferred(uri: nil)]])
    }

    func testErrorPayloadIsThrownAsErrorBody() {
        let text = #"{"error":{"code":"SY/530","message":{"lang":"en","value":"Not found"}}}"#
        XCTAssertThrowsError(try decoder.decodeEntity(Data(text.utf8), entityType: RefScenarioModel.room)) { error in
            XCTAssertEqual((error as? ODataErrorBody)?.code, "SY/530")
            XCTAssertEqual((error as? ODataErrorBody)?.message, "Not found")
        }
    }
}
