import Foundation
import XCTest

@testable import OData

/// Issue 14 item 1: a JSON body that is not an OData v2 payload is a typed decoding error with its
/// position, never an entity with every property nil.
final class JSONEnvelopeStrictnessTests: XCTestCase {
    let decoder = ODataJSONDecoder(typeResolver: RefScenarioModel.resolver)

    func listError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ODataDecodingError? {
        do {
            let list = try decoder.decodeEntityList(Data(text.utf8), entityType: RefScenarioModel.team)
            XCTFail("decoded \(text) into \(list.entities.count) entities", file: file, line: line)
        } catch let error as ODataDecodingError {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
        return nil
    }

    func entityError(_ text: String, type: EntityTypeDescriptor = RefScenarioModel.team) -> ODataDecodingError? {
        do {
            _ = try decoder.decodeEntity(Data(text.utf8), entityType: type)
            XCTFail("decoded \(text)")
        } catch let error as ODataDecodingError {
            return error
        } catch {
            XCTFail("unexpected error \(error)")
        }
        return nil
    }

    func testObjectsThatAreNotEntriesAreRefusedWithTheirPosition() {
        let cases: [(String, Int)] = [
            ("{\"foo\":1}", 0),
            ("{}", 0),
            ("{\"d\":{\"foo\":1}}", 5),
            ("{\"d\":[{\"foo\":1}]}", 6),
            ("{\"d\":{\"results\":[{\"Id\":\"1\"},{\"foo\":1}]}}", 28),
        ]
        for (text, offset) in cases {
            let error = listError(text)
            XCTAssertEqual(error?.offset, offset, text)
            XCTAssertEqual(error?.message.contains("not an OData entry"), true, "\(text): \(String(describing: error))")
            XCTAssertEqual(error?.message.contains("RefScenario.Team"), true)
        }
        XCTAssertNotNil(entityError("{\"foo\":1}"))
        XCTAssertNotNil(entityError("{\"d\":{}}"))
    }

    func testAnEntryWithOnlyMetadataOrOnlyPropertiesStillDecodes() throws {
        let onlyMetadata = "{\"d\":{\"__metadata\":{\"uri\":\"http://h/Teams('1')\"}}}"
        let entity = try decoder.decodeEntity(Data(onlyMetadata.utf8), entityType: RefScenarioModel.team)
        XCTAssertEqual(entity.metadata.uri, "http://h/Teams('1')")
        let onlyProperty = try decoder.decodeEntity(Data("{\"d\":{\"Id\":\"1\"}}".utf8), entityType: RefScenarioModel.team)
        XCTAssertEqual(onlyProperty["Id"], .string("1"))
    }

    func testJSONLightIsRefusedByName() {
        let v3 = "{\"odata.metadata\":\"http://h/$metadata#Teams\",\"odata.count\":\"2\",\"value\":[{\"Id\":\"1\"}]}"
        let error = listError(v3)
        XCTAssertEqual(error?.offset, 0)
        XCTAssertEqual(error?.message.contains("JSON light"), true)
        XCTAssertEqual(error?.message.contains("odata.metadata"), true)
        let v4 = "{\"@odata.context\":\"http://h/$metadata#Teams\",\"value\":[]}"
        XCTAssertEqual(listError(v4)?.message.contains("@odata.context"), true)
    }

    func testUnrelatedMetadataTypeIsAnErrorAndADerivedOneSwitchesType() throws {
        let unrelated = "{\"d\":{\"results\":[{\"__metadata\":{\"type\":\"RefScenario.Building\"},\"Id\":\"1\"}]}}"
        let error = listError(unrelated)
        XCTAssertEqual(error?.message.contains("RefScenario.Building"), true)
        XCTAssertEqual(error?.message.contains("neither RefScenario.Team nor derived"), true)
        XCTAssertEqual(error?.offset, 39)

        let derived = "{\"d\":{\"__metadata\":{\"type\":\"RefScenario.Manager\"},\"EmployeeId\":\"1\"}}"
        let manager = try decoder.decodeEntity(Data(derived.utf8), entityType: RefScenarioModel.employee)
        XCTAssertEqual(manager.entityType.qualifiedName, "RefScenario.Manager")
    }

    func testNumbersAndBooleansAreNotStrings() {
        let number = listError("{\"d\":{\"results\":[{\"Id\":42}]}}")
        XCTAssertEqual(number?.offset, 23)
        XCTAssertEqual(number?.message.contains("expected a Edm.String value, found a number"), true, "\(String(describing: number))")
        let boolean = listError("{\"d\":{\"results\":[{\"Name\":true}]}}")
        XCTAssertEqual(boolean?.offset, 25)
        XCTAssertEqual(boolean?.message.contains("found a boolean"), true)
    }

    func testARepeatedPropertyNameIsAnError() {
        let error = listError("{\"d\":{\"results\":[{\"Id\":\"1\",\"Name\":\"a\",\"Id\":\"2\"}]}}")
        XCTAssertEqual(error?.offset, 38)
        XCTAssertEqual(error?.message.contains("property \"Id\" appears twice"), true)
        let complex = "{\"d\":{\"EmployeeId\":\"1\",\"Location\":{\"Country\":\"a\",\"Country\":\"b\"}}}"
        XCTAssertEqual(entityError(complex, type: RefScenarioModel.employee)?.message.contains("appears twice"), true)
    }
}
