import Foundation
import XCTest

@testable import OData

/// Issue 14 item 7: RFC 6721 deleted entries in Atom delta feeds, and customizable feeds (values in
/// `<title>`, `<updated>`, `<author>` … instead of `m:properties`), read as their JSON counterparts.
final class AtomDeltaAndFeedMappingTests: XCTestCase {
    let decoder = ODataAtomDecoder(typeResolver: RefScenarioModel.resolver)

    func testDeletedEntriesOfADeltaFeedAreReadLikeJSONOnes() throws {
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:at="http://purl.org/atompub/tombstones/1.0" \
            xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices">
              <id>http://h/svc/Teams</id>
              <entry><id>http://h/svc/Teams('1')</id><content type="application/xml"><m:properties><d:Id>1</d:Id></m:properties></content></entry>
              <at:deleted-entry ref="http://h/svc/Teams('2')" when="2026-12-02T07:00:00Z"/>
              <at:deleted-entry ref="http://h/svc/Teams('3')" when="2026-12-02T07:00:01Z"/>
              <link rel="delta" href="http://h/svc/Teams?!deltatoken='9'"/>
            </feed>
            """
        let list = try decoder.decodeEntityList(Data(atom.utf8), entityType: RefScenarioModel.team)
        XCTAssertEqual(list.entities.count, 1)
        XCTAssertEqual(list.deletedEntryIDs, ["http://h/svc/Teams('2')", "http://h/svc/Teams('3')"])
        XCTAssertEqual(list.deltaLink, "http://h/svc/Teams?!deltatoken='9'")

        let json = #"""
            {"d":{"results":[{"Id":"1"},{"@odata.context":"$metadata#Teams/$deletedEntity","id":"http://h/svc/Teams('2')"},
            {"@odata.context":"$metadata#Teams/$deletedEntity","id":"http://h/svc/Teams('3')"}],"__delta":"http://h/svc/Teams?!deltatoken='9'"}}
            """#
        let fromJSON = try ODataJSONDecoder().decodeEntityList(Data(json.utf8), entityType: RefScenarioModel.team)
        XCTAssertEqual(fromJSON.deletedEntryIDs, list.deletedEntryIDs)
    }

    func testCustomizableFeedValuesAreReadFromAtomElements() throws {
        XCTAssertEqual(RefScenarioModel.employee.property(named: "EmployeeName")?.feedMapping?.targetPath, "SyndicationTitle")
        // FC_KeepInContent="false": EmployeeName and EntryDate appear only as <title> and <updated>.
        let atom = """
            <entry xmlns="http://www.w3.org/2005/Atom" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" \
            xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices">
              <id>http://h/svc/Employees('1')</id>
              <title type="text">Walter Winter</title>
              <updated>1999-01-01T00:00:00Z</updated>
              <author><name/></author>
              <content type="application/xml"><m:properties><d:EmployeeId>1</d:EmployeeId><d:Age>52</d:Age></m:properties></content>
            </entry>
            """
        let entity = try decoder.decodeEntity(Data(atom.utf8), entityType: RefScenarioModel.employee)
        XCTAssertEqual(entity["EmployeeName"], .string("Walter Winter"))
        XCTAssertEqual(entity["EntryDate"], .dateTime(LocalDateTime(millisecondsSince1970: 915_148_800_000)!))
        XCTAssertEqual(entity["EmployeeId"], .string("1"))
    }

    func testPropertiesInContentWinOverTheMappedElement() throws {
        let atom = """
            <entry xmlns="http://www.w3.org/2005/Atom" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" \
            xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices">
              <id>http://h/svc/Employees('1')</id>
              <content type="application/xml"><m:properties><d:EmployeeId>1</d:EmployeeId><d:EmployeeName>In content</d:EmployeeName></m:properties></content>
              <title type="text">In title</title>
            </entry>
            """
        let entity = try decoder.decodeEntity(Data(atom.utf8), entityType: RefScenarioModel.employee)
        XCTAssertEqual(entity["EmployeeName"], .string("In content"))
    }
}
