import Foundation
import XCTest

@testable import OData

/// One way to read a derived type (`DerivedTypeSwitch`), in both formats: where the payload names a type derived
/// from the one being read, what was read moves over by name and the reader goes on; members only the derived
/// type has, met before the name, are read again from JSON's bytes, kept as links in Atom, and refused as
/// properties in Atom (read forward only) rather than lost.
final class DerivedTypeSwitchTests: XCTestCase {
    static let person: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "T.Person",
        properties: [
            PropertyDescriptor(name: "ID", type: .primitive(.int32), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "Name", type: .primitive(.string), index: 1),
        ],
        navigationProperties: [
            NavigationDescriptor(name: "Friend", isCollection: false, targetTypeName: "T.Person", index: 0) { person }
        ],
        keyNames: ["ID"])
    static let employee: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "T.Employee",
        properties: [
            PropertyDescriptor(name: "ID", type: .primitive(.int32), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "Name", type: .primitive(.string), index: 1),
            PropertyDescriptor(name: "Salary", type: .primitive(.int32), index: 2),
        ],
        navigationProperties: [
            NavigationDescriptor(name: "Friend", isCollection: false, targetTypeName: "T.Person", index: 0) { person },
            NavigationDescriptor(name: "Boss", isCollection: false, targetTypeName: "T.Person", index: 1) { person },
        ],
        keyNames: ["ID"], baseTypeName: "T.Person")
    static let resolver: @Sendable (String) -> EntityTypeDescriptor? = { name in
        [person, employee].first { $0.qualifiedName == name }
    }

    private let json = ODataJSONDecoder(typeResolver: DerivedTypeSwitchTests.resolver)
    private let atom = ODataAtomDecoder(typeResolver: DerivedTypeSwitchTests.resolver)
    private let related = "http://schemas.microsoft.com/ado/2007/08/dataservices/related/"
    private let uri = "http://h/S/People(1)"

    func testJSONKeepsWhatOnlyTheDerivedTypeHasWhenItsNameComesLast() throws {
        let text = """
            {"d":{"Salary":5,"ID":1,"Unknown":[1,{"a":2}],"Boss":{"__deferred":{"uri":"b"}},"Name":"Ann",\
            "Friend":{"__deferred":{"uri":"\(uri)/Friend"}},"__metadata":{"uri":"\(uri)","type":"T.Employee"},"After":1}}
            """
        let entity = try json.decodeEntity(Data(text.utf8), entityType: Self.person)
        XCTAssertEqual(entity.entityType, Self.employee)
        XCTAssertEqual(entity.values, [.int32(1), .string("Ann"), .int32(5)])
        XCTAssertEqual(entity.navigationValues, [.deferred(uri: "\(uri)/Friend"), .deferred(uri: "b")])
        XCTAssertEqual(entity.metadata.uri, uri)
        XCTAssertEqual(entity.metadata.typeName, "T.Employee")
    }

    func testJSONRefusesADerivedOnlyPropertyTwiceOrAgainAfterTheName() {
        let twiceBefore = #"{"d":{"Salary":5,"Salary":6,"__metadata":{"type":"T.Employee"}}}"#
        let beforeAndAfter = #"{"d":{"Salary":5,"__metadata":{"type":"T.Employee"},"Salary":6}}"#
        for text in [twiceBefore, beforeAndAfter] {
            XCTAssertThrowsError(try json.decodeEntity(Data(text.utf8), entityType: Self.person), text) { error in
                XCTAssertEqual((error as? ODataDecodingError)?.message.contains("\"Salary\" appears twice"), true, "\(error)")
            }
        }
    }

    func testJSONReadsADerivedOnlyValueAgainWithItsErrorsLocated() {
        let text = #"{"d":{"ID":1,"Salary":"five","__metadata":{"type":"T.Employee"}}}"#
        XCTAssertThrowsError(try json.decodeEntity(Data(text.utf8), entityType: Self.person)) { error in
            XCTAssertEqual((error as? ODataDecodingError)?.property, "Salary", "\(error)")
        }
    }

    func testBothFormatsKeepADerivedOnlyLinkMetBeforeTheName() throws {
        let fromJSON = try json.decodeEntity(
            Data(#"{"d":{"ID":1,"Boss":{"__deferred":{"uri":"b"}},"__metadata":{"type":"T.Employee"}}}"#.utf8),
            entityType: Self.person)
        let atomText = """
            <entry \(AtomDecoderTests.namespaces)><link rel="\(related)Boss" href="b"/>\
            <category term="T.Employee" scheme="http://schemas.microsoft.com/ado/2007/08/dataservices/scheme"/>\
            <content type="application/xml"><m:properties><d:ID>1</d:ID><d:Salary>5</d:Salary></m:properties></content></entry>
            """
        let fromAtom = try atom.decodeEntity(Data(atomText.utf8), entityType: Self.person)
        for entity in [fromJSON, fromAtom] {
            XCTAssertEqual(entity.entityType, Self.employee)
            XCTAssertEqual(entity.navigationValues, [nil, .deferred(uri: "b")])
            XCTAssertEqual(entity["ID"], .int32(1))
        }
        XCTAssertEqual(fromAtom["Salary"], .int32(5))
    }

    func testAtomRefusesADerivedOnlyPropertyItCanNoLongerRead() {
        let text = """
            <entry \(AtomDecoderTests.namespaces)><content type="application/xml"><m:properties>\
            <d:ID>1</d:ID><d:Other>x</d:Other><d:Salary>5</d:Salary></m:properties></content>\
            <category term="T.Employee" scheme="http://schemas.microsoft.com/ado/2007/08/dataservices/scheme"/></entry>
            """
        XCTAssertThrowsError(try atom.decodeEntity(Data(text.utf8), entityType: Self.person)) { error in
            XCTAssertEqual(
                (error as? ODataDecodingError)?.message,
                "category term \"T.Employee\" comes after <Salary>, a property only that type has; "
                    + "Atom is read forward only, so <category> must come before the entry's properties")
        }
        // A property neither type knows is no reason to refuse the entry.
        let unknownOnly = text.replacingOccurrences(of: "<d:Salary>5</d:Salary>", with: "")
        XCTAssertEqual(try atom.decodeEntity(Data(unknownOnly.utf8), entityType: Self.person).entityType, Self.employee)
    }

    func testTheSwitchMovesValuesAndLinksByName() {
        let base = NameTable(entityType: Self.person)
        let derived = NameTable(entityType: Self.employee)
        var navigations = NavigationSlots()
        navigations.setDerived(0)
        let switched = DerivedTypeSwitch(
            from: base, values: [.int32(1), nil], navigations: navigations, uri: uri, to: derived)
        XCTAssertEqual(switched.values, [.int32(1), nil, nil])
        XCTAssertTrue(switched.navigations.isDerived(0))
        XCTAssertNil(switched.navigations.value(1, uri: uri, name: "Boss"))
    }
}
