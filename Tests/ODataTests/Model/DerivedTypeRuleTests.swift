import Foundation
import XCTest

@testable import OData

/// One rule for the type name an entity gives in a payload (`EntityTypeDescriptor.payloadType`), the same in
/// JSON (`__metadata.type`) and Atom (`<category term>`): a derived type is read as that type, keeping
/// what was read before the name; an unknown name is only recorded; a known unrelated type is an error.
final class DerivedTypeRuleTests: XCTestCase {
    private let json = ODataJSONDecoder(typeResolver: RefScenarioModel.resolver)
    private let atom = ODataAtomDecoder(typeResolver: RefScenarioModel.resolver)
    private let related = "http://schemas.microsoft.com/ado/2007/08/dataservices/related/"

    /// The same entity in both formats, its type named after a property and a link and before another link.
    private func payloads(typeName: String) -> (json: Data, atom: Data) {
        let json = """
            {"d":{"EmployeeId":"9","ne_Room":{"__deferred":{"uri":"r"}},"__metadata":{"type":"\(typeName)"},\
            "nm_Employees":{"__deferred":{"uri":"e"}}}}
            """
        let atom = """
            <entry \(AtomDecoderTests.namespaces)><link rel="\(related)ne_Room" href="r"/>\
            <content type="application/xml"><m:properties><d:EmployeeId>9</d:EmployeeId></m:properties></content>\
            <category term="\(typeName)" scheme="http://schemas.microsoft.com/ado/2007/08/dataservices/scheme"/>\
            <link rel="\(related)nm_Employees" href="e"/></entry>
            """
        return (Data(json.utf8), Data(atom.utf8))
    }

    func testADerivedTypeKeepsWhatWasReadBeforeItsNameInBothFormats() throws {
        let (jsonData, atomData) = payloads(typeName: "RefScenario.Manager")
        let fromJSON = try json.decodeEntity(jsonData, entityType: RefScenarioModel.employee)
        let fromAtom = try atom.decodeEntity(atomData, entityType: RefScenarioModel.employee)
        for entity in [fromJSON, fromAtom] {
            XCTAssertEqual(entity.entityType, RefScenarioModel.manager)
            XCTAssertEqual(entity["EmployeeId"], .string("9"))
            XCTAssertEqual(entity.navigationValues, [nil, nil, .deferred(uri: "r"), .deferred(uri: "e")])
            XCTAssertEqual(entity.metadata.typeName, "RefScenario.Manager")
        }
        XCTAssertEqual(fromJSON.values, fromAtom.values)
    }

    func testAnUnknownTypeNameIsRecordedAndTheExpectedTypeReadInBothFormats() throws {
        let (jsonData, atomData) = payloads(typeName: "RefScenario.Nobody")
        for entity in [
            try json.decodeEntity(jsonData, entityType: RefScenarioModel.employee),
            try atom.decodeEntity(atomData, entityType: RefScenarioModel.employee),
        ] {
            XCTAssertEqual(entity.entityType, RefScenarioModel.employee)
            XCTAssertEqual(entity.metadata.typeName, "RefScenario.Nobody")
            XCTAssertEqual(entity["EmployeeId"], .string("9"))
        }
    }

    func testAKnownUnrelatedTypeIsAnErrorInBothFormats() {
        let (jsonData, atomData) = payloads(typeName: "RefScenario.Building")
        let expected = "\"RefScenario.Building\" is neither RefScenario.Employee nor derived from it"
        XCTAssertThrowsError(try json.decodeEntity(jsonData, entityType: RefScenarioModel.employee)) { error in
            XCTAssertEqual((error as? ODataDecodingError)?.message, "__metadata.type \(expected)")
        }
        XCTAssertThrowsError(try atom.decodeEntity(atomData, entityType: RefScenarioModel.employee)) { error in
            XCTAssertEqual((error as? ODataDecodingError)?.message, "category term \(expected)")
        }
        // A base type of the one expected is unrelated too: reading it would drop the derived properties.
        let (baseJSON, baseAtom) = payloads(typeName: "RefScenario.Employee")
        XCTAssertThrowsError(try json.decodeEntity(baseJSON, entityType: RefScenarioModel.manager))
        XCTAssertThrowsError(try atom.decodeEntity(baseAtom, entityType: RefScenarioModel.manager))
    }
}
