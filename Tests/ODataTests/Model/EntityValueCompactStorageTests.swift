import Foundation
import XCTest

@testable import OData

/// The compact storage of decoded entities: deferred links at `<entity uri>/<name>` kept as one bit and
/// built again when read, entity URIs sharing a feed-wide prefix. Every public view must be as if the
/// strings were stored whole.
final class EntityValueCompactStorageTests: XCTestCase {
    static let order: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "T.Order",
        properties: [
            PropertyDescriptor(name: "ID", type: .primitive(.int32), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "Note", type: .primitive(.string), index: 1),
        ],
        navigationProperties: [
            NavigationDescriptor(name: "Customer", isCollection: false, targetTypeName: "T.Order", index: 0) { order },
            NavigationDescriptor(name: "Lines", isCollection: true, targetTypeName: "T.Order", index: 1) { order },
        ],
        keyNames: ["ID"])
    static let root = "https://h/S/"

    func entry(_ id: Int, customerLink: String? = nil, linesLink: String? = nil) -> String {
        let uri = "\(Self.root)Orders(\(id))"
        return """
            {"__metadata":{"uri":"\(uri)","type":"T.Order"},"ID":\(id),"Note":"n\(id)",\
            "Customer":{"__deferred":{"uri":"\(customerLink ?? uri + "/Customer")"}},\
            "Lines":{"__deferred":{"uri":"\(linesLink ?? uri + "/Lines")"}}}
            """
    }

    func decodeFeed(_ entries: [String]) throws -> [EntityValue] {
        let json = "{\"d\":{\"results\":[\(entries.joined(separator: ","))]}}"
        return try ODataJSONDecoder().decodeEntityList(Data(json.utf8), entityType: Self.order).entities
    }

    /// The entity as if every string were stored whole (the public memberwise way).
    func expected(_ id: Int, customerLink: String? = nil, linesLink: String? = nil) -> EntityValue {
        let uri = "\(Self.root)Orders(\(id))"
        return EntityValue(
            type: Self.order, loadedValues: [.int32(Int32(id)), .string("n\(id)")],
            navigationValues: [.deferred(uri: customerLink ?? uri + "/Customer"), .deferred(uri: linesLink ?? uri + "/Lines")],
            metadata: EntityMetadata(uri: uri, typeName: "T.Order"))
    }

    func testDecodedLinksAndURIsReadBackWhole() throws {
        let entities = try decodeFeed((1...3).map { entry($0) })
        for (offset, entity) in entities.enumerated() {
            let id = offset + 1
            XCTAssertEqual(entity.metadata.uri, "\(Self.root)Orders(\(id))")
            XCTAssertEqual(entity[Self.order.navigationProperties[0]], .deferred(uri: "\(Self.root)Orders(\(id))/Customer"))
            XCTAssertEqual(entity.navigationValues[1], .deferred(uri: "\(Self.root)Orders(\(id))/Lines"))
            XCTAssertFalse(entity.isLoaded(Self.order.navigationProperties[0]))
            XCTAssertEqual(entity, expected(id))
            XCTAssertEqual(entity.hashValue, expected(id).hashValue)
            XCTAssertEqual(entity.metadata.hashValue, expected(id).metadata.hashValue)
        }
        XCTAssertNotEqual(entities[0], entities[1])
        XCTAssertNotEqual(entities[0].metadata, entities[1].metadata)
    }

    func testDecodedEntitiesStoreNoLinkStringAndShareTheURIPrefix() throws {
        let entities = try decodeFeed((1...3).map { entry($0) })
        for entity in entities {
            XCTAssertEqual(entity.navigationSlots.derivedLinks, 0b11)
            XCTAssertTrue(entity.navigationSlots.explicit.isEmpty)
        }
        // The public initializer stores such links the same way.
        XCTAssertEqual(expected(1).navigationSlots.derivedLinks, 0b11)
        XCTAssertTrue(expected(1).navigationSlots.explicit.isEmpty)
    }

    func testEscapedURIsAndLinksAreStoredTheSameWay() throws {
        let escaped = (1...3).map { entry($0).replacingOccurrences(of: "/", with: "\\/") }
        let entities = try decodeFeed(escaped)
        XCTAssertEqual(entities, (1...3).map { expected($0) })
        XCTAssertTrue(entities.allSatisfy { $0.navigationSlots.derivedLinks == 0b11 && $0.navigationSlots.explicit.isEmpty })
    }

    func testOtherLinksAreKeptAsGiven() throws {
        let other = "https://elsewhere/Customers(7)"
        let entities = try decodeFeed([entry(1, customerLink: other), entry(2, linesLink: "\(Self.root)Orders(2)/Line")])
        XCTAssertEqual(entities[0][Self.order.navigationProperties[0]], .deferred(uri: other))
        XCTAssertEqual(entities[0][Self.order.navigationProperties[1]], .deferred(uri: "\(Self.root)Orders(1)/Lines"))
        XCTAssertEqual(entities[1][Self.order.navigationProperties[1]], .deferred(uri: "\(Self.root)Orders(2)/Line"))
        XCTAssertEqual(entities[0], expected(1, customerLink: other))
        XCTAssertEqual(entities[1], expected(2, linesLink: "\(Self.root)Orders(2)/Line"))
    }

    func testALinkBeforeTheMetadataOrWithoutAURIIsKept() throws {
        let json = """
            {"d":{"Customer":{"__deferred":{"uri":"\(Self.root)Orders(1)/Customer"}},"ID":1,\
            "__metadata":{"uri":"\(Self.root)Orders(1)"},"Lines":{"__deferred":{"uri":"Orders(1)/Lines"}}}}
            """
        let entity = try ODataJSONDecoder().decodeEntity(Data(json.utf8), entityType: Self.order)
        XCTAssertEqual(
            entity.navigationValues,
            [
                .deferred(uri: "\(Self.root)Orders(1)/Customer"), .deferred(uri: "Orders(1)/Lines"),
            ])
    }

    func testASecondMetadataObjectKeepsTheLinksReadBeforeIt() throws {
        let json = """
            {"d":{"__metadata":{"uri":"\(Self.root)Orders(1)"},"Customer":{"__deferred":{"uri":"\(Self.root)Orders(1)/Customer"}},\
            "__metadata":{"uri":"\(Self.root)Orders(2)"}}}
            """
        let entity = try ODataJSONDecoder().decodeEntity(Data(json.utf8), entityType: Self.order)
        XCTAssertEqual(entity.metadata.uri, "\(Self.root)Orders(2)")
        XCTAssertEqual(entity[Self.order.navigationProperties[0]], .deferred(uri: "\(Self.root)Orders(1)/Customer"))
    }

    func testChangingTheURIKeepsTheLinks() throws {
        var entity = try decodeFeed([entry(1), entry(2)])[1]
        let copy = entity
        entity.metadata.uri = "https://other/Orders(9)"
        XCTAssertEqual(entity.metadata.uri, "https://other/Orders(9)")
        XCTAssertEqual(
            entity.navigationValues,
            [
                .deferred(uri: "\(Self.root)Orders(2)/Customer"), .deferred(uri: "\(Self.root)Orders(2)/Lines"),
            ])
        XCTAssertEqual(copy.navigationValues, expected(2).navigationValues)
        entity.metadata.uri = nil
        XCTAssertEqual(entity[Self.order.navigationProperties[1]], .deferred(uri: "\(Self.root)Orders(2)/Lines"))
    }

    func testOtherMetadataChangesKeepTheSharedURI() throws {
        var entity = try decodeFeed([entry(1), entry(2)])[1]
        entity.metadata.etag = "W/\"2\""
        entity.metadata.mediaReadLink = "m"
        XCTAssertEqual(entity.metadata.uri, "\(Self.root)Orders(2)")
        XCTAssertEqual(entity[Self.order.navigationProperties[0]], .deferred(uri: "\(Self.root)Orders(2)/Customer"))
        entity.metadata.mediaReadLink = nil
        var plain = expected(2)
        plain.metadata.etag = "W/\"2\""
        XCTAssertEqual(entity, plain)
        XCTAssertEqual(entity.metadata.hashValue, plain.metadata.hashValue)
    }

    func testSettingNavigationStates() throws {
        var entity = try decodeFeed([entry(1)])[0]
        let customer = Self.order.navigationProperties[0]
        entity[customer] = .entity(expected(5))
        XCTAssertEqual(entity.relatedEntity(customer), expected(5))
        XCTAssertTrue(entity.isLoaded(customer))
        entity[customer] = .deferred(uri: "\(Self.root)Orders(1)/Customer")
        XCTAssertEqual(entity, expected(1))
        entity[customer] = nil
        XCTAssertNil(entity[customer])
        XCTAssertEqual(entity.navigationValues[1], .deferred(uri: "\(Self.root)Orders(1)/Lines"))
        var created = EntityValue(type: Self.order)
        created[customer] = .deferred(uri: "x/Customer")
        XCTAssertEqual(created[customer], .deferred(uri: "x/Customer"))
        created.metadata.uri = "x"
        XCTAssertEqual(created[customer], .deferred(uri: "x/Customer"))
        XCTAssertEqual(created.navigationValues, [.deferred(uri: "x/Customer"), nil])
    }

    func testChangeTrackingStartsAtTheFirstChange() throws {
        let loaded = try decodeFeed([entry(1)])[0]
        let note = Self.order.properties[1]
        XCTAssertFalse(loaded.hasChanges)
        XCTAssertEqual(loaded.originalValues, loaded.values)
        XCTAssertEqual(loaded.changedIndices, [])
        var changed = loaded
        try changed.set(note, to: .string("new"))
        XCTAssertTrue(changed.hasChanges)
        XCTAssertEqual(changed.changedIndices, [1])
        XCTAssertEqual(changed.changedProperties, [note])
        XCTAssertEqual(changed.originalValues, loaded.values)
        XCTAssertEqual(changed[note], .string("new"))
        XCTAssertEqual(changed.old, loaded)
        XCTAssertFalse(loaded.hasChanges, "the original is a separate value")
        try changed.set(note, to: .string("n1"))
        XCTAssertEqual(changed.values, loaded.values)
        XCTAssertNotEqual(changed, loaded, "setting a property back still counts as a change")
        changed.acceptChanges()
        XCTAssertEqual(changed, loaded)
        XCTAssertFalse(changed.isChanged(note))
    }
}
