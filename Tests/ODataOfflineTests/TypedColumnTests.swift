import Foundation
import OData
import XCTest

@testable import ODataOffline

/// Every EDM primitive type round-trips through its typed column (and the extra JSON where a column is not
/// exact: a date-time offset, NaN, a complex value), and filters and orders on them run in SQL as the evaluator's.
final class TypedColumnTests: XCTestCase {
    private static let metadata = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"
          xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
        <edmx:DataServices m:DataServiceVersion="2.0">
        <Schema Namespace="T" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
          <ComplexType Name="Place"><Property Name="City" Type="Edm.String"/></ComplexType>
          <EntityType Name="All"><Key><PropertyRef Name="Id"/></Key>
            <Property Name="Id" Type="Edm.Int64" Nullable="false"/>
            <Property Name="Text" Type="Edm.String"/><Property Name="Flag" Type="Edm.Boolean"/>
            <Property Name="Small" Type="Edm.Byte"/><Property Name="Signed" Type="Edm.SByte"/>
            <Property Name="Short" Type="Edm.Int16"/><Property Name="Number" Type="Edm.Int32"/>
            <Property Name="Ratio" Type="Edm.Double"/><Property Name="Single" Type="Edm.Single"/>
            <Property Name="Amount" Type="Edm.Decimal" Precision="30" Scale="10"/>
            <Property Name="When" Type="Edm.DateTime"/><Property Name="Instant" Type="Edm.DateTimeOffset"/>
            <Property Name="Clock" Type="Edm.Time"/><Property Name="Tag" Type="Edm.Guid"/>
            <Property Name="Bytes" Type="Edm.Binary"/><Property Name="Where" Type="T.Place"/>
          </EntityType>
          <EntityContainer Name="C" m:IsDefaultEntityContainer="true"><EntitySet Name="Alls" EntityType="T.All"/></EntityContainer>
        </Schema></edmx:DataServices></edmx:Edmx>
        """

    func testEveryPrimitiveTypeRoundTripsAndFiltersInSQL() async throws {
        let provider = OfflineODataProvider(metadata: Data(Self.metadata.utf8))
        try await provider.open()
        let model = try provider.openStore().model
        let set = try XCTUnwrap(model.entitySet(named: "Alls"))
        let type = set.entityType
        func value(_ name: String) throws -> PropertyDescriptor { try XCTUnwrap(type.property(named: name)) }
        var written: [EntityValue] = []
        for index in 0..<6 {
            var entity = EntityValue(type: type)
            try entity.set(try value("Id"), to: .int64(Int64(index) - 2))
            try entity.set(try value("Text"), to: index == 3 ? .null : .string(["b", "a", "😀", "", "\u{FF21}", "B"][index]))
            try entity.set(try value("Flag"), to: .boolean(index % 2 == 0))
            try entity.set(try value("Small"), to: .byte(UInt8(200 + index)))
            try entity.set(try value("Signed"), to: .sByte(Int8(-index)))
            try entity.set(try value("Short"), to: .int16(Int16(-300 * index)))
            try entity.set(try value("Number"), to: .int32(Int32(index * 1000)))
            try entity.set(try value("Ratio"), to: .double(index == 5 ? .nan : Double(index) / 3))
            try entity.set(try value("Single"), to: .single(Float(index) / 7))
            try entity.set(
                try value("Amount"),
                to: .decimal(
                    BigDecimal(string: ["1.5", "1.50", "12345678901234567890.0000000001", "-0.1", "0", "2"][index])!))
            try entity.set(try value("When"), to: .dateTime(LocalDateTime(year: 2000 + index, month: 2, day: 29 - index, hour: index)!))
            try entity.set(
                try value("Instant"),
                to: .dateTimeOffset(
                    GlobalDateTime(utcTicks: 630_000_000_000_000_000 + Int64(index % 3) * 10_000_000, offsetMinutes: 60 * index)!))
            try entity.set(try value("Clock"), to: .time(LocalTime(hour: index, minute: 30, second: index)!))
            try entity.set(try value("Tag"), to: .guid(GuidValue(string: "0000000\(index)-0000-4000-8000-00000000000\(index)")!))
            try entity.set(try value("Bytes"), to: .binary(Data([UInt8(index), 0, 255])))
            let placeType = try XCTUnwrap(model.complexType(named: "T.Place"))
            var place = ComplexValue(type: placeType)
            try place.set(try XCTUnwrap(placeType.property(named: "City")), to: .string("City \(index)"))
            try entity.set(try value("Where"), to: .complex(place))
            written.append(try await provider.send(.createEntity(entity, in: set)))
        }
        let read = try await provider.send(.fetchEntities(DataQuery().from(set), options: RequestOptions()), headers: HTTPHeaders())
            .entities
        XCTAssertEqual(read.count, 6)
        for (stored, original) in zip(read, written) {
            for property in type.properties where property.name != "Ratio" {
                XCTAssertEqual(stored[property], original[property], "\(property.name) of \(original.key.predicate)")
            }
        }
        XCTAssertTrue(
            read[5][try value("Ratio")].map { if case .double(let number) = $0 { number.isNaN } else { false } } ?? false, "NaN kept")

        let filters: [QueryFilter] = [
            .binary(.greaterThan, .property("Instant"), .literal(read[1][try value("Instant")]!)),
            .binary(.equal, .property("Tag"), .literal(read[2][try value("Tag")]!)),
            .binary(.lessThan, .property("Clock"), .literal(.time(LocalTime(hour: 3, minute: 0, second: 0)!))),
            .binary(.equal, .property("Amount"), .literal(.decimal(BigDecimal(string: "1.5")!))),
            .binary(.greaterThan, .property("Amount"), .literal(.decimal(BigDecimal(string: "12345678901234567890")!))),
            .binary(.lessEqual, .property("Short"), .literal(.int16(-600))), .binary(.equal, .property("Flag"), .literal(.boolean(true))),
            .function("year", [.property("When")]).equal(.literal(.int32(2003))),
            .binary(.lessThan, .property("Single"), .literal(.double(0.3))),
            .binary(.greaterThan, .property("Small"), .literal(.int32(202))),
            .function("hour", [.property("Clock")]).equal(.literal(.int32(4))),
        ]
        let table = EntityTable(set: "Alls", type: type)
        for filter in filters {
            XCTAssertTrue(SQLQueryPlan(filter: filter, table: table).isFilterComplete, "runs in SQL: \(filter)")
            for order in ["Instant", "Amount", "Text", "Clock", "Tag", "When"] {
                var query = DataQuery().from(set).filter(filter)
                query.sortItems = [SortItem(path: order, isDescending: order == "Amount")]
                let local = try await provider.send(.fetchEntities(query, options: RequestOptions()), headers: HTTPHeaders()).entities
                XCTAssertEqual(local.map(\.key.predicate), try read.filterWithQuery(query).map(\.key.predicate), query.relativeURLString)
            }
        }
    }
}
