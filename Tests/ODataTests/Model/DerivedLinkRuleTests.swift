import Foundation
import XCTest

@testable import OData

/// One rule keeps deferred links stored as "derived from the entity URI" right when that URI changes: the
/// JSON reader (a second `__metadata`), the Atom reader (a second `<id>`) and `EntityValue.metadata` all
/// turn them into explicit links at the old URI first (`NavigationSlots.materializeDerivedLinks`).
final class DerivedLinkRuleTests: XCTestCase {
    private let order = EntityValueCompactStorageTests.order
    private let root = EntityValueCompactStorageTests.root

    func testJSONAtomAndEntityValueKeepTheLinksOfTheFirstURI() throws {
        let json = """
            {"d":{"__metadata":{"uri":"\(root)Orders(1)"},"Customer":{"__deferred":{"uri":"\(root)Orders(1)/Customer"}},\
            "__metadata":{"uri":"\(root)Orders(2)"}}}
            """
        let atom = """
            <entry xmlns="http://www.w3.org/2005/Atom" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" \
            xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices"><id>\(root)Orders(1)</id>\
            <link rel="http://schemas.microsoft.com/ado/2007/08/dataservices/related/Customer" href="\(root)Orders(1)/Customer"/>\
            <id>\(root)Orders(2)</id></entry>
            """
        let fromJSON = try ODataJSONDecoder().decodeEntity(Data(json.utf8), entityType: order)
        let fromAtom = try ODataAtomDecoder().decodeEntity(Data(atom.utf8), entityType: order)
        var changed = EntityValue(
            type: order, loadedValues: [nil, nil], navigationValues: [.deferred(uri: "\(root)Orders(1)/Customer"), nil],
            metadata: EntityMetadata(uri: "\(root)Orders(1)"))
        XCTAssertEqual(changed.navigationSlots.derivedLinks, 0b01)
        changed.metadata.uri = "\(root)Orders(2)"
        for entity in [fromJSON, fromAtom, changed] {
            XCTAssertEqual(entity.metadata.uri, "\(root)Orders(2)")
            XCTAssertEqual(entity[order.navigationProperties[0]], .deferred(uri: "\(root)Orders(1)/Customer"))
            XCTAssertEqual(entity.navigationSlots.derivedLinks, 0)
        }
    }

    func testNothingChangesWithoutAnOldURIOrDerivedLinks() {
        var slots = NavigationSlots()
        slots.setDerived(1)
        slots.materializeDerivedLinks(under: nil, navigations: order.navigationProperties)
        XCTAssertEqual(slots.derivedLinks, 0b10)
        slots.materializeDerivedLinks(under: "u", navigations: order.navigationProperties)
        XCTAssertEqual(slots.derivedLinks, 0)
        XCTAssertEqual(slots.explicitValue(1), .deferred(uri: "u/Lines"))
        XCTAssertNil(slots.explicitValue(0))
    }
}
