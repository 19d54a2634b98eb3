import Foundation
import XCTest

@testable import OData

/// Create and update bodies: which properties are sent, value forms, escaping, deep insert and link binding.
final class ODataJSONEncoderTests: XCTestCase {
    typealias M = RefScenarioModel
    let encoder = ODataJSONEncoder()

    func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    func testEveryValueFormRoundTrips() throws {
        let type = JSONValueDecodingTests.all
        var entity = EntityValue(type: type)
        let values: [EdmType: EdmValue] = [
            .string: .string("q\"b\\s/\n\t\u{01}\u{7F}é😀\u{2028}"), .boolean: .boolean(false), .byte: .byte(200),
            .sByte: .sByte(-5), .int16: .int16(-300), .int32: .int32(70000), .int64: .int64(.min),
            .decimal: .decimal(BigDecimal(significand: -123_450, scale: 3)), .double: .double(-1.25e-7),
            .single: .single(3.5), .guid: .guid(GuidValue(UUID(uuidString: "12345678-ABCD-1234-ABCD-1234567890AB")!)),
            .binary: .binary(Data([0, 255, 16])), .time: .time(LocalTime(hour: 23, minute: 59, second: 58, nanosecond: 100)!),
            .dateTime: .dateTime(LocalDateTime(millisecondsSince1970: -62_135_596_800_000)!),
            .dateTimeOffset: .dateTimeOffset(GlobalDateTime(millisecondsSince1970: 1_700_000_000_123, offsetMinutes: -90)!),
        ]
        for (edmType, value) in values { try entity.set(edmType.rawValue, to: value) }
        try entity.set("Tags", to: .collection([.string("x")]))
        let body = encoder.encodeForCreate(entity)
        let decoded = try ODataJSONDecoder().decodeEntity(body, entityType: type)
        for (edmType, value) in values { XCTAssertEqual(decoded[edmType.rawValue], value, edmType.rawValue) }
        XCTAssertEqual(decoded["Tags"], .collection([.string("x")]))
        let json = text(body)
        XCTAssertTrue(json.contains(#""Edm.String":"q\"b\\s/\n\t\u0001\#u{7F}é😀\u2028""#), json)
        XCTAssertTrue(json.contains(#""Edm.Int64":"-9223372036854775808""#), json)
        XCTAssertTrue(json.contains(#""Edm.Decimal":"-123.450""#), json)
        XCTAssertTrue(json.contains(#""Edm.DateTime":"\/Date(-62135596800000)\/""#), json)
        XCTAssertTrue(json.contains(#""Edm.DateTimeOffset":"\/Date(1700000000123-0090)\/""#), json)
        XCTAssertTrue(json.contains(#""Edm.Int32":70000"#), json)
        XCTAssertFalse(json.contains("__metadata"), json)
    }

    func testMergeSendsOnlyChangesAndPutSendsEverythingLoaded() throws {
        let loaded = try ODataJSONDecoder().decodeEntity(
            Data(#"{"d":{"Id":"1","Name":"Room 1","Seats":3,"Version":1}}"#.utf8), entityType: M.room)
        var room = loaded
        try room.set("Seats", to: .int16(4))
        try room.set("Name", to: .null)
        let base = #"{"__metadata":{"type":"RefScenario.Room"},"#
        XCTAssertEqual(text(encoder.encodeForUpdate(room, mode: .merge)), base + #""Name":null,"Seats":4}"#)
        XCTAssertEqual(text(encoder.encodeForUpdate(room, mode: .patch)), base + #""Name":null,"Seats":4}"#)
        XCTAssertEqual(text(encoder.encodeForUpdate(room, mode: .replace)), base + #""Id":"1","Name":null,"Seats":4,"Version":1}"#)
        XCTAssertEqual(text(encoder.encodeForUpdate(loaded, mode: .merge)), #"{"__metadata":{"type":"RefScenario.Room"}}"#)
    }

    func testDeepInsertAndBindingByURI() throws {
        var building = EntityValue(type: M.building)
        try building.set("Id", to: .string("B"))
        var newRoom = EntityValue(type: M.room)
        try newRoom.set("Id", to: .string("R1"))
        var existing = EntityValue(type: M.room)
        existing.metadata.uri = "Rooms('7')"
        building[M.building.navigationProperties[0]] = .entities([newRoom, existing])
        XCTAssertEqual(
            text(encoder.encodeForCreate(building)),
            #"{"Id":"B","nb_Rooms":[{"__metadata":{"type":"RefScenario.Room"},"Id":"R1"},{"__metadata":{"uri":"Rooms('7')"}}]}"#)
        var employee = EntityValue(type: M.employee)
        try employee.set("EmployeeId", to: .string("E"))
        var team = EntityValue(type: M.team)
        team.metadata.uri = "Teams('1')"
        employee[M.employee.navigationProperties[1]] = .entity(team)
        employee[M.employee.navigationProperties[2]] = .deferred(uri: "x")
        employee[M.employee.navigationProperties[0]] = .entity(nil)
        XCTAssertEqual(
            text(encoder.encodeForCreate(employee)), #"{"EmployeeId":"E","ne_Team":{"__metadata":{"uri":"Teams('1')"}}}"#)
        XCTAssertEqual(text(encoder.encodeLink(uri: "Teams('1')")), #"{"uri":"Teams('1')"}"#)
    }

    func testComplexValuesAreWrittenWithTheirPresentProperties() throws {
        var employee = EntityValue(type: M.employee)
        var location = ComplexValue(type: M.location)
        try location.set("Country", to: .string("DE"))
        try employee.set("Location", to: .complex(location))
        XCTAssertEqual(text(encoder.encodeForUpdate(employee, mode: .merge)), #"{"Location":{"Country":"DE"}}"#)
        XCTAssertEqual(text(encoder.encodeValue(.double(.infinity))), #""INF""#)
    }
}

extension ODataJSONEncoderTests {
    func testDateTimeOffsetInISOForm() throws {
        var team = EntityValue(type: JSONValueDecodingTests.all)
        let value = EdmValue.dateTimeOffset(GlobalDateTime(millisecondsSince1970: 1_700_000_000_000, offsetMinutes: 60)!)
        try team.set("Edm.DateTimeOffset", to: value)
        let body = ODataJSONEncoder(dateTimeOffsetForm: .iso8601).encodeForCreate(team)
        XCTAssertEqual(text(body), #"{"Edm.DateTimeOffset":"2023-11-14T23:13:20+01:00"}"#)
        XCTAssertEqual(try ODataJSONDecoder().decodeEntity(body, entityType: JSONValueDecodingTests.all)["Edm.DateTimeOffset"], value)
    }
}
