import Foundation
import ODataTestSupport
import XCTest

@testable import OData

/// The recorded Olingo JSON payloads with nested `$expand`, decoded and checked value by value.
final class JSONInlinePayloadTests: XCTestCase {
    typealias M = RefScenarioModel
    let decoder = ODataJSONDecoder(typeResolver: RefScenarioModel.resolver)

    static func location(_ postalCode: String, _ cityName: String) -> EdmValue {
        let city = ComplexValue.checked(M.city, ["PostalCode": .string(postalCode), "CityName": .string(cityName)])
        return .complex(ComplexValue.checked(M.location, ["City": .complex(city), "Country": .string("Germany")]))
    }

    static func employee(
        _ id: String, _ name: String, manager: String, room: String, team: String, city: (String, String), age: Int16,
        entryMilliseconds: Int64?
    ) -> [EdmValue?] {
        [
            .string(id), .string(name), .string(manager), .string(room), .string(team), location(city.0, city.1),
            .int16(age), entryMilliseconds.flatMap { LocalDateTime(millisecondsSince1970: $0) }.map(EdmValue.dateTime) ?? .null,
            .string("Employees('\(id)')/$value"),
        ]
    }

    func testTwoLevelExpandOfRoomsEmployeesTeams() throws {
        let list = try decoder.decodeEntityList(try Payloads.data("olingo_JsonRooms_InlineEmployeesTeams.json"), entityType: M.room)
        let base = "http://localhost:8080/olingo-odata2-ref-web/ReferenceScenario.svc/"
        XCTAssertNil(list.inlineCount)
        XCTAssertEqual(
            list.entities.map(\.values),
            [
                [.string("1"), .string("Room 1"), .int16(1), .int16(1)],
                [.string("10"), .string("Room 10"), .int16(6), .int16(1)],
                [.string("2"), .string("Room 2"), .int16(5), .int16(2)],
            ])
        XCTAssertEqual(list.entities.map(\.metadata.etag), ["W/\"1\"", "W/\"1\"", "W/\"2\""])
        let employees = M.room.navigationProperties[0]
        let building = M.room.navigationProperties[1]
        for room in list.entities {
            let id = room["Id"].flatMap(String.init(edmValue:)) ?? ""
            XCTAssertEqual(room[building], .deferred(uri: base + "Rooms('\(id)')/nr_Building"))
            XCTAssertTrue(room.isLoaded(employees))
        }
        XCTAssertEqual(list.entities[1].relatedEntities(employees), [])
        let first = list.entities[0].relatedEntities(employees)
        XCTAssertEqual(
            first.map(\.values),
            [
                Self.employee(
                    "1", "Walter Winter", manager: "1", room: "1", team: "1", city: ("69124", "Heidelberg"), age: 52,
                    entryMilliseconds: 915_148_800_000)
            ])
        let second = list.entities[2].relatedEntities(employees)
        XCTAssertEqual(
            second.map(\.values),
            [
                Self.employee(
                    "2", "Frederic Fall", manager: "1", room: "2", team: "1", city: ("69190", "Walldorf"), age: 32,
                    entryMilliseconds: 1_057_017_600_000),
                Self.employee(
                    "3", "Jonathan Smith", manager: "1", room: "2", team: "1", city: ("69190", "Walldorf"), age: 56,
                    entryMilliseconds: nil),
            ])
        for employee in first + second {
            let id = employee["EmployeeId"].flatMap(String.init(edmValue:)) ?? ""
            XCTAssertEqual(employee.metadata.mediaReadLink, base + "Employees('\(id)')/$value")
            XCTAssertEqual(employee.metadata.mediaContentType, "image/jpeg")
            XCTAssertEqual(employee[M.employee.navigationProperties[0]], .deferred(uri: base + "Employees('\(id)')/ne_Manager"))
            XCTAssertEqual(employee[M.employee.navigationProperties[2]], .deferred(uri: base + "Employees('\(id)')/ne_Room"))
            let team = try XCTUnwrap(employee.relatedEntity(M.employee.navigationProperties[1]))
            XCTAssertEqual(team.values, [.string("1"), .string("Team 1"), .boolean(false)])
            XCTAssertEqual(team.metadata.uri, base + "Teams('1')")
            XCTAssertEqual(team.navigationValues, [.deferred(uri: base + "Teams('1')/nt_Employees")])
        }
    }

    /// Read as a streamed page reads it, the unwrapped entry is kept whole (its `nr_Employees.results` is not
    /// the feed's entry array, which only `d` holds) and decodes as the whole body does; it used to be refused
    /// as "an object with neither __metadata nor a property of RefScenario.Room" at the first employee.
    func testUnwrappedEntryWithDifferentInlinesIsKeptWholeByTheStreamingReader() throws {
        let data = try Payloads.data("olingo_jsonEmployeesWithDifferentInlines.json")
        let whole = try decoder.decodeEntityList(data, entityType: M.room)
        XCTAssertEqual(whole.entities.map { $0["Name"] }, [.string("Room 1")])
        for size in [1, 7, 64, 244, 1024, data.count] {
            var reader = JSONFeedReader(entityType: M.room, typeResolver: RefScenarioModel.resolver)
            var list = EntityList(entities: [])
            _ = try reader.read(data, inPiecesOf: size, into: &list)
            XCTAssertEqual(list.entities.count, 0, "size \(size)")
            guard case .whole(let kept) = try reader.finish() else { return XCTFail("size \(size): not kept whole") }
            XCTAssertEqual(kept, data)
            let decoded = try decoder.decodeEntityList(kept, entityType: M.room)
            XCTAssertEqual(decoded.entities.map(\.values), whole.entities.map(\.values))
            XCTAssertEqual(
                decoded.entities.first?.relatedEntities(M.room.navigationProperties[0]).count, 4, "size \(size)")
        }
    }

    func testUnwrappedEntryWithDifferentInlinesAtEachLevel() throws {
        let room = try decoder.decodeEntity(
            try Payloads.data("olingo_jsonEmployeesWithDifferentInlines.json"), entityType: M.room)
        XCTAssertEqual(room.values, [.string("1"), .string("Room 1"), .int16(1), .int16(1)])
        XCTAssertEqual(room.metadata, EntityMetadata())
        XCTAssertNil(room.navigationValues[1])
        let employees = room.relatedEntities(M.room.navigationProperties[0])
        let heidelberg = ("69124", "Heidelberg")
        XCTAssertEqual(
            employees.map(\.values),
            [
                Self.employee(
                    "4", "Walter Winter", manager: "4", room: "4", team: "4", city: heidelberg, age: 52,
                    entryMilliseconds: 915_148_800_000),
                Self.employee(
                    "1", "Walter Winter", manager: "1", room: "1", team: "1", city: heidelberg, age: 52,
                    entryMilliseconds: 915_148_800_000),
                Self.employee(
                    "3", "Walter Winter", manager: "3", room: "1", team: "1", city: heidelberg, age: 51,
                    entryMilliseconds: 915_148_800_005),
                Self.employee(
                    "2", "Walter Winter", manager: "2", room: "1", team: "1", city: heidelberg, age: 51,
                    entryMilliseconds: 915_148_800_005),
            ])
        let base = "http://localhost:8080/olingo-odata2-ref-web/ReferenceScenarioNonJaxrs.svc/"
        let (manager, team, roomNav) = (
            M.employee.navigationProperties[0], M.employee.navigationProperties[1], M.employee.navigationProperties[2]
        )
        // Employee 4: room with its building expanded.
        XCTAssertNil(employees[0][manager])
        XCTAssertNil(employees[0][team])
        let room4 = try XCTUnwrap(employees[0].relatedEntity(roomNav))
        XCTAssertEqual(room4.values, [.string("1"), .string("Room 1"), .int16(1), .int16(1)])
        XCTAssertEqual(room4.metadata.uri, base + "Rooms('1')")
        XCTAssertEqual(room4.metadata.etag, "W/\"1\"")
        XCTAssertNil(room4[M.room.navigationProperties[0]])
        let building = try XCTUnwrap(room4.relatedEntity(M.room.navigationProperties[1]))
        XCTAssertEqual(building.values, [.string("3"), .string("Building 3"), EdmValue.null])
        XCTAssertEqual(building.metadata.uri, base + "Buildings('3')")
        XCTAssertEqual(building.navigationValues, [.deferred(uri: base + "Buildings('3')/nb_Rooms")])
        // Employee 1: room without further expansion.
        let room1 = try XCTUnwrap(employees[1].relatedEntity(roomNav))
        XCTAssertEqual(room1.navigationValues, [nil, nil])
        // Employee 3: nothing expanded.
        XCTAssertEqual(employees[2].navigationValues, [nil, nil, nil])
        // Employee 2: team expanded.
        XCTAssertNil(employees[3][roomNav])
        let team2 = try XCTUnwrap(employees[3].relatedEntity(team))
        XCTAssertEqual(team2.values, [.string("1"), .string("Team 1"), .boolean(false)])
        XCTAssertEqual(team2.navigationValues, [.deferred(uri: base + "Teams('1')/nt_Employees")])
    }
}
