import Foundation
import XCTest

@testable import OData

/// The recorded Olingo JSON payloads, decoded and checked value by value.
final class JSONRecordedPayloadTests: XCTestCase {
    typealias M = RefScenarioModel
    let decoder = ODataJSONDecoder(typeResolver: RefScenarioModel.resolver)

    func testSingleEmployeeWithMediaMetadataComplexAndDeferredLinks() throws {
        let entity = try decoder.decodeEntity(try Payloads.data("olingo_JsonEmployee.json"), entityType: M.employee)
        XCTAssertEqual(entity.entityType, M.employee)
        let base = "http://localhost:8080/ReferenceScenario.svc/"
        XCTAssertEqual(
            entity.metadata,
            EntityMetadata(
                uri: base + "Employees('1')", mediaReadLink: "Employees('1')/$value",
                mediaEditLink: base + "Employees('1')/$value", mediaContentType: "image/jpeg", typeName: "RefScenario.Employee"))
        XCTAssertEqual(entity["EmployeeId"], .string("1"))
        XCTAssertEqual(entity["EmployeeName"], .string("Walter Winter"))
        XCTAssertEqual(entity["ManagerId"], .string("1"))
        XCTAssertEqual(entity["RoomId"], .string("1"))
        XCTAssertEqual(entity["TeamId"], .string("1"))
        XCTAssertEqual(entity["Location"], Self.heidelberg)
        XCTAssertEqual(entity["Age"], .int16(52))
        XCTAssertEqual(entity["EntryDate"], LocalDateTime(millisecondsSince1970: 915_148_800_000).map(EdmValue.dateTime))
        XCTAssertEqual(entity["ImageUrl"], .string("Employees('1')/$value"))
        XCTAssertEqual(
            entity.navigationValues,
            [
                .deferred(uri: base + "Employees('1')/ne_Manager"), .deferred(uri: base + "Employees('1')/ne_Team"),
                .deferred(uri: base + "Employees('1')/ne_Room"),
            ])
        XCTAssertFalse(entity.hasChanges)
        XCTAssertEqual(entity.key, EntityKey(["EmployeeId": .string("1")]))
    }

    static var heidelberg: EdmValue {
        let city = ComplexValue.checked(RefScenarioModel.city, ["PostalCode": .string("69124"), "CityName": .string("Heidelberg")])
        return .complex(ComplexValue.checked(RefScenarioModel.location, ["City": .complex(city), "Country": .string("Germany")]))
    }

    func testFeedWithStringCount() throws {
        let list = try decoder.decodeEntityList(try Payloads.data("olingo_JsonTeamsWithCount.json"), entityType: M.team)
        XCTAssertEqual(list.inlineCount, 3)
        XCTAssertNil(list.nextLink)
        XCTAssertEqual(list.entities.count, 2)
        let base = "http://localhost:8080/ReferenceScenario.svc/"
        for (entity, (id, scrum)) in zip(list.entities, [("2", true), ("3", false)]) {
            XCTAssertEqual(entity.values, [.string(id), .string("Team \(id)"), .boolean(scrum)])
            XCTAssertEqual(entity.metadata.uri, base + "Teams('\(id)')")
            XCTAssertEqual(entity.metadata.typeName, "RefScenario.Team")
            XCTAssertEqual(entity.navigationValues, [.deferred(uri: base + "Teams('\(id)')/nt_Employees")])
        }
    }

    func testInlineFeedWithCountAndNextLink() throws {
        let building = try decoder.decodeEntity(
            try Payloads.data("olingo_JsonBuildingWithInlineRoomsAndNextLinkAndCount.json"), entityType: M.building)
        let base = "http://localhost:8080/ReferenceScenario.svc/"
        XCTAssertEqual(building.values, [.string("1"), .string("Building 1"), EdmValue.null])
        XCTAssertEqual(building.metadata.uri, base + "Buildings('1')")
        XCTAssertEqual(building.metadata.inlineFeeds["nb_Rooms"], InlineFeedInfo(count: 1, nextLink: "nextLink"))
        let rooms = building.relatedEntities(M.building.navigationProperties[0])
        XCTAssertEqual(rooms.count, 1)
        let room = try XCTUnwrap(rooms.first)
        XCTAssertEqual(room.values, [.string("1"), .string("Room 1"), .int16(1), .int16(1)])
        XCTAssertEqual(room.metadata.etag, "W/\"1\"")
        XCTAssertEqual(room.metadata.uri, base + "Rooms('1')")
        XCTAssertEqual(
            room.navigationValues,
            [
                .deferred(uri: base + "Rooms('1')/nr_Employees"), .deferred(uri: base + "Rooms('1')/nr_Building"),
            ])
    }

    func testDeltaFeedWithDeletedEntries() throws {
        let list = try decoder.decodeEntityList(try Payloads.data("olingo_JsonWithDeletedEntries.json"), entityType: M.room)
        XCTAssertEqual(list.entities.count, 1)
        XCTAssertEqual(list.entities.first?.values, [.string("1"), .string("Room 1"), .int16(1), .int16(1)])
        XCTAssertEqual(list.entities.first?.metadata.etag, "W/\"2\"")
        XCTAssertEqual(list.deletedEntryIDs, ["http://host:80/service/Rooms('3')", "http://host:80/service/Rooms('4')"])
        XCTAssertEqual(list.deltaLink, "http://localhost:8080/ReferenceScenario.svc/Rooms?!deltatoken=4711")
    }
}
