import Foundation
import ODataTestSupport
import XCTest

@testable import OData

/// The payload-type rule with no type resolver (generated code configures none): a type name is looked up
/// among the types the expected one reaches through navigation properties, so an entry of an unrelated type of
/// the same service is an error in whole bodies and in streamed pages, in JSON and Atom, and a derived type the
/// graph reaches is read as that type.
final class PayloadTypeWithoutResolverTests: XCTestCase {
    private let scheme = "http://schemas.microsoft.com/ado/2007/08/dataservices/scheme"
    private let expected = "\"RefScenario.Building\" is neither RefScenario.Employee nor derived from it"

    private func jsonFeed(secondType: String) -> Data {
        Data(
            """
            {"d":{"results":[{"__metadata":{"type":"RefScenario.Employee"},"EmployeeId":"1"},\
            {"__metadata":{"type":"\(secondType)"},"EmployeeId":"2"}]}}
            """.utf8)
    }

    private func atomFeed(secondType: String) -> Data {
        func entry(_ type: String, _ id: String) -> String {
            "<entry><id>E\(id)</id><category term=\"\(type)\" scheme=\"\(scheme)\"/><content type=\"application/xml\">"
                + "<m:properties><d:EmployeeId>\(id)</d:EmployeeId></m:properties></content></entry>"
        }
        return Data(
            ("<feed \(AtomDecoderTests.namespaces)><id>F</id>" + entry("RefScenario.Employee", "1") + entry(secondType, "2") + "</feed>")
                .utf8)
    }

    private func assertUnrelated(_ body: @autoclosure () throws -> EntityList, prefix: String, line: UInt = #line) {
        XCTAssertThrowsError(try body(), line: line) { error in
            let decoding = error as? ODataDecodingError
            // a streamed JSON page adds where its line and column count from
            XCTAssertEqual(decoding?.message.hasPrefix("\(prefix) \(expected)"), true, "\(error)", line: line)
            XCTAssertEqual(decoding?.entityIndex, 1, line: line)
        }
    }

    func testAnUnrelatedTypeOfTheSameServiceIsAnErrorInWholeBodies() {
        assertUnrelated(
            try ODataJSONDecoder().decodeEntityList(jsonFeed(secondType: "RefScenario.Building"), entityType: RefScenarioModel.employee),
            prefix: "__metadata.type")
        assertUnrelated(
            try ODataAtomDecoder().decodeEntityList(atomFeed(secondType: "RefScenario.Building"), entityType: RefScenarioModel.employee),
            prefix: "category term")
    }

    func testAnUnrelatedTypeOfTheSameServiceIsAnErrorInStreamedPages() {
        for size in [1, 7, 64, 4096] {
            assertUnrelated(
                try {
                    var reader = JSONFeedReader(entityType: RefScenarioModel.employee, typeResolver: nil)
                    var list = EntityList(entities: [])
                    _ = try reader.read(jsonFeed(secondType: "RefScenario.Building"), inPiecesOf: size, into: &list)
                    _ = try reader.finish()
                    return list
                }(), prefix: "__metadata.type")
            assertUnrelated(
                try {
                    var reader = AtomFeedReader(entityType: RefScenarioModel.employee, typeResolver: nil)
                    var list = EntityList(entities: [])
                    _ = try reader.read(atomFeed(secondType: "RefScenario.Building"), inPiecesOf: size, into: &list)
                    _ = try reader.finishFeed()
                    return list
                }(), prefix: "category term")
        }
    }

    func testADerivedTypeTheGraphReachesIsReadAsThatTypeAndAnUnknownNameIsKept() throws {
        for list in [
            try ODataJSONDecoder().decodeEntityList(jsonFeed(secondType: "RefScenario.Manager"), entityType: RefScenarioModel.employee),
            try ODataAtomDecoder().decodeEntityList(atomFeed(secondType: "RefScenario.Manager"), entityType: RefScenarioModel.employee),
        ] {
            XCTAssertEqual(list.entities.map(\.entityType.qualifiedName), ["RefScenario.Employee", "RefScenario.Manager"])
        }
        let unknown = try ODataJSONDecoder().decodeEntityList(jsonFeed(secondType: "Other.Thing"), entityType: RefScenarioModel.employee)
        XCTAssertEqual(unknown.entities.map(\.metadata.typeName), ["RefScenario.Employee", "Other.Thing"])
        XCTAssertEqual(unknown.entities.last?["EmployeeId"], .string("2"))
    }
}
