import Foundation
import ODataTestSupport
import XCTest

@testable import OData

/// Issue 14 item 6: a decoding error deep in a large body names the entity (index and key) and the
/// property, and keeps an excerpt around the position rather than the body's first bytes.
final class DecodingErrorContextTests: XCTestCase {
    private let model = RecordedModels.load("ESPM")

    private func body(entities: Int, badAt bad: Int) -> String {
        var text = #"{"d":{"results":["#
        for index in 0..<entities {
            if index > 0 { text += "," }
            let uri = "http://127.0.0.1:9/svc/Customers('\(index)')"
            let city = index == bad ? "42" : "\"Walldorf\""
            text += #"{"__metadata":{"uri":"\#(uri)","type":"ESPM.Customer"},"CustomerId":"\#(index)","City":\#(city)}"#
        }
        return text + "]}}"
    }

    func testTheDecoderNamesEntityIndexKeyAndProperty() throws {
        let data = Data(body(entities: 2_000, badAt: 1_234).utf8)
        let type = try model.entitySet("Customers").entityType
        XCTAssertThrowsError(try ODataJSONDecoder().decodeEntityList(data, entityType: type)) { error in
            guard let error = error as? ODataDecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.entityIndex, 1_234)
            XCTAssertEqual(error.entityKey, "http://127.0.0.1:9/svc/Customers('1234')")
            XCTAssertEqual(error.property, "City")
            XCTAssertTrue(error.description.contains("in entity 1234, key http://127.0.0.1:9/svc/Customers('1234'), property City"))
        }
        let noURI = Data(#"{"d":{"results":[{"CustomerId":"7","City":true}]}}"#.utf8)
        XCTAssertThrowsError(try ODataJSONDecoder().decodeEntityList(noURI, entityType: type)) { error in
            XCTAssertEqual((error as? ODataDecodingError)?.entityKey, "CustomerId='7'")
        }
    }

    func testTheProviderKeepsAnExcerptAroundAPositionBeyondTheFirst64KB() async throws {
        let text = body(entities: 50_000, badAt: 41_234)
        let transport = MockTransport { request, _ in .make(200, ["Content-Type": "application/json"], body: text, url: request.url) }
        let provider = OnlineODataProvider(serviceName: "ESPM", serviceRoot: testRoot, transport: transport)
        do {
            _ = try await provider.send(.fetchEntities(DataQuery().from(try model.entitySet("Customers")), options: .init()), headers: [:])
            XCTFail("decoded a bad body")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .decoding)
            XCTAssertGreaterThan(error.position ?? 0, 65_536)
            XCTAssertTrue(error.message.contains("entity 41234"), error.message)
            XCTAssertTrue(error.message.contains("property City"), error.message)
            XCTAssertTrue(error.message.contains(#"near «"#), error.message)
            let excerpt = try XCTUnwrap(error.bodyExcerpt)
            XCTAssertTrue(excerpt.contains(#""CustomerId":"41234","City":42"#), excerpt)
            XCTAssertLessThan(error.message.count, 1_000)
        }
    }

    func testTheAtomDecoderNamesEntityIndexKeyAndProperty() throws {
        var entries = ""
        for index in 0..<300 {
            let age = index == 217 ? "old" : "52"
            entries += """
                <entry><id>http://h/svc/Employees('\(index)')</id><content type="application/xml"><m:properties>\
                <d:EmployeeId>\(index)</d:EmployeeId><d:Age>\(age)</d:Age></m:properties></content></entry>
                """
        }
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" \
            xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices">\(entries)</feed>
            """
        XCTAssertThrowsError(try ODataAtomDecoder().decodeEntityList(Data(atom.utf8), entityType: RefScenarioModel.employee)) { error in
            guard let error = error as? ODataDecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.entityIndex, 217)
            XCTAssertEqual(error.entityKey, "http://h/svc/Employees('217')")
            XCTAssertEqual(error.property, "Age")
        }
    }
}
