import Foundation
import ODataMetadata
import XCTest

@testable import OData

/// The JSON parts of the recorded `$batch` responses, cut out by brace matching (not a batch parser).
final class JSONBatchPayloadTests: XCTestCase {
    /// The first top-level JSON object in `data`: from the first `{` to its matching `}`.
    static func firstJSONObject(in data: Data) -> Data? {
        let bytes = [UInt8](data)
        guard let start = bytes.firstIndex(of: UInt8(ascii: "{")) else { return nil }
        var depth = 0
        var inString = false
        var escaped = false
        for index in start..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return Data(bytes[start...index]) }
            default: break
            }
        }
        return nil
    }

    /// pyodata's test keeps no `$metadata` for this payload: the type is declared here in EDMX and goes
    /// through the dynamic API like the others.
    static let enumeration: EntityTypeDescriptor = {
        let edmx = """
            <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx" \
            xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
            <edmx:DataServices m:DataServiceVersion="2.0"><Schema Namespace="olrpbqwncfwb" \
            xmlns="http://schemas.microsoft.com/ado/2008/09/edm"><EntityType Name="Enumeration">
            <Key><PropertyRef Name="EntityType"/><PropertyRef Name="PropertyName"/><PropertyRef Name="RefKey"/></Key>
            <Property Name="EntityType" Type="Edm.String" Nullable="false"/><Property Name="PropertyName" Type="Edm.String" Nullable="false"/>
            <Property Name="RefKey" Type="Edm.String" Nullable="false"/><Property Name="Value" Type="Edm.String"/></EntityType>
            <EntityContainer Name="C" m:IsDefaultEntityContainer="true"><EntitySet Name="Enumerations" EntityType="olrpbqwncfwb.Enumeration"/>
            </EntityContainer></Schema></edmx:DataServices></edmx:Edmx>
            """
        do {
            return try DataModel(metadata: MetadataParser.parse(edmx)).entitySet("Enumerations").entityType
        } catch {
            fatalError("enumeration model: \(error)")
        }
    }()

    func testEnormousBatchFeedOfPyodata() throws {
        let json = try XCTUnwrap(Self.firstJSONObject(in: try Payloads.data("pyodata_enormous_batch_response.batch")))
        XCTAssertEqual(json.count, 540_000)
        let list = try ODataJSONDecoder().decodeEntityList(json, entityType: Self.enumeration)
        XCTAssertEqual(list.entities.count, 1016)
        let root = "https://nevergonnagiveyouup.nevergonnaletyoudown.com.au:6969/never-gonna-run-around/AndDesertYou/v6.9/"
        let first = try XCTUnwrap(list.entities.first)
        XCTAssertEqual(first.values, [.string("olrpbqwncfwb"), .string("akuhwlj"), .string("cfyqo"), .string("lxviegy svauh")])
        XCTAssertEqual(
            first.metadata.uri, root + "Enumerations(EntityType='olrpbqwncfwb',PropertyName='akuhwlj',RefKey='cfyqo')")
        let middle = list.entities[500]
        XCTAssertEqual(middle.values, [.string("pusipylz"), .string("preqoichyodb"), .string("rnigd"), .string("otlgcbgq mfknfc")])
        let last = try XCTUnwrap(list.entities.last)
        XCTAssertEqual(last.values, [.string("yndcxegcdes"), .string("fvsruvn"), .string("cufrv"), .string("amweevxh rpgiax")])
        for entity in list.entities {
            guard case .string(let type)? = entity["EntityType"], case .string(let property)? = entity["PropertyName"],
                case .string(let key)? = entity["RefKey"], case .string? = entity["Value"]
            else { return XCTFail("missing values in \(entity)") }
            XCTAssertEqual(entity.metadata.typeName, type + ".Enumeration")
            XCTAssertEqual(
                entity.metadata.uri, root + "Enumerations(EntityType='\(type)',PropertyName='\(property)',RefKey='\(key)')")
        }
    }

    func testOlingoBatchChangesetEntry() throws {
        let json = try XCTUnwrap(Self.firstJSONObject(in: try Payloads.data("olingo_batchResponse.batch")))
        let entity = try ODataJSONDecoder().decodeEntity(json, entityType: RefScenarioModel.employee)
        var city = ComplexValue(type: RefScenarioModel.city)
        try city.set("PostalCode", to: .null)
        try city.set("CityName", to: .null)
        var location = ComplexValue(type: RefScenarioModel.location)
        try location.set("City", to: .complex(city))
        try location.set("Country", to: .null)
        XCTAssertEqual(
            entity.values,
            [
                .string("7"), .string("Employee 7"), .null, .null, .null, .complex(location), .int16(0), .null, .null,
            ])
        XCTAssertEqual(entity.metadata.mediaContentType, "application/octet-stream")
        XCTAssertEqual(entity.metadata.mediaReadLink, "Employees('7')/$value")
        XCTAssertEqual(entity.metadata.uri, "http://localhost:19000/ClientBatchTest/Employees('7')")
    }
}
