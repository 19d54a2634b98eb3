import Foundation
import XCTest

@testable import OData

/// Atom create and update bodies: properties sent, value forms, escaping, deep insert and binding; decoded back.
final class ODataAtomEncoderTests: XCTestCase {
    typealias M = RefScenarioModel
    let encoder = ODataAtomEncoder()

    func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    func testEveryValueFormRoundTripsThroughTheAtomDecoder() throws {
        let type = JSONValueDecodingTests.all
        var entity = EntityValue(type: type)
        let values: [EdmType: EdmValue] = [
            .string: .string("a & b < c > d \"q\" 's'\n\ttab é😀"), .boolean: .boolean(true), .byte: .byte(7), .sByte: .sByte(-7),
            .int16: .int16(-300), .int32: .int32(-70000), .int64: .int64(.max),
            .decimal: .decimal(BigDecimal(significand: 1250, scale: 2)), .double: .double(.infinity), .single: .single(-0.5),
            .guid: .guid(GuidValue(UUID(uuidString: "12345678-ABCD-1234-ABCD-1234567890AB")!)), .binary: .binary(Data([1, 2, 3])),
            .time: .time(LocalTime(hour: 10, minute: 30, second: 0)!),
            .dateTime: .dateTime(LocalDateTime(ticks: 0)!),
            .dateTimeOffset: .dateTimeOffset(GlobalDateTime(millisecondsSince1970: 1_700_000_000_000, offsetMinutes: 330)!),
        ]
        for (edmType, value) in values { try entity.set(edmType.rawValue, to: value) }
        var address = ComplexValue(type: JSONValueDecodingTests.address)
        try address.set("Street", to: .string("Main"))
        try address.set("Zip", to: .null)
        try entity.set("Addresses", to: .collection([.complex(address)]))
        try entity.set("Tags", to: .collection([.string("x"), .null]))
        let body = encoder.encodeForCreate(entity)
        let decoded = try ODataAtomDecoder().decodeEntity(body, entityType: type)
        for (edmType, value) in values { XCTAssertEqual(decoded[edmType.rawValue], value, edmType.rawValue) }
        XCTAssertEqual(decoded["Addresses"], .collection([.complex(address)]))
        XCTAssertEqual(decoded["Tags"], .collection([.string("x"), .null]))
        let xml = text(body)
        XCTAssertTrue(xml.contains("<d:Edm.Decimal m:type=\"Edm.Decimal\">12.50</d:Edm.Decimal>"), xml)
        XCTAssertTrue(xml.contains("<d:Edm.String>a &amp; b &lt; c &gt; d \"q\" 's'\n\ttab é😀</d:Edm.String>"), xml)
        XCTAssertTrue(xml.contains("<d:Zip m:null=\"true\"/>"), xml)
        XCTAssertTrue(xml.contains("<content type=\"application/xml\"><m:properties>"), xml)
    }

    func testControlCharactersXMLCannotCarryAreReplaced() throws {
        var team = EntityValue(type: M.team)
        try team.set("Name", to: .string("a\u{01}b\rc"))
        let decoded = try ODataAtomDecoder().decodeEntity(encoder.encodeForCreate(team), entityType: M.team)
        XCTAssertEqual(decoded["Name"], .string("a\u{FFFD}b\rc"))
    }

    func testUpdateModesAndMediaLinkEntries() throws {
        let loaded = try ODataJSONDecoder().decodeEntity(
            Data(#"{"d":{"EmployeeId":"1","EmployeeName":"A","Age":30}}"#.utf8), entityType: M.employee)
        var employee = loaded
        try employee.set("Age", to: .int16(31))
        let merge = text(encoder.encodeForUpdate(employee, mode: .merge))
        XCTAssertTrue(merge.contains("<m:properties><d:Age m:type=\"Edm.Int16\">31</d:Age></m:properties></entry>"), merge)
        XCTAssertFalse(merge.contains("<content"), "media-link entries carry properties outside <content>")
        let put = text(encoder.encodeForUpdate(employee, mode: .replace))
        XCTAssertTrue(
            put.contains("<d:EmployeeId>1</d:EmployeeId><d:EmployeeName>A</d:EmployeeName><d:Age m:type=\"Edm.Int16\">31</d:Age>"), put)
        let decoded = try ODataAtomDecoder().decodeEntity(encoder.encodeForUpdate(employee, mode: .replace), entityType: M.employee)
        XCTAssertEqual(decoded.values, employee.values)
    }

    func testDeepInsertAndBinding() throws {
        var building = EntityValue(type: M.building)
        try building.set("Id", to: .string("B"))
        var newRoom = EntityValue(type: M.room)
        try newRoom.set("Id", to: .string("R1"))
        var existing = EntityValue(type: M.room)
        existing.metadata.uri = "Rooms('7')"
        building[M.building.navigationProperties[0]] = .entities([newRoom, existing])
        let body = encoder.encodeForCreate(building)
        let xml = text(body)
        XCTAssertTrue(
            xml.contains(
                #"<link rel="http://schemas.microsoft.com/ado/2007/08/dataservices/related/nb_Rooms" type="application/atom+xml;type=feed" href="Rooms('7')"/>"#
            ), xml)
        let decoded = try ODataAtomDecoder().decodeEntity(body, entityType: M.building)
        XCTAssertEqual(decoded["Id"], .string("B"))
        let rooms = decoded.relatedEntities(M.building.navigationProperties[0])
        XCTAssertEqual(rooms.map { $0["Id"] }, [.string("R1")])
        XCTAssertEqual(
            text(encoder.encodeLink(uri: "Rooms('1')&x")),
            #"<?xml version="1.0" encoding="utf-8"?><uri xmlns="http://schemas.microsoft.com/ado/2007/08/dataservices">Rooms('1')&amp;x</uri>"#
        )
    }
}
