import Foundation
import ODataMetadata
import XCTest

@_spi(Generated) @testable import OData

/// The runtime's values and descriptors for what OData v4 adds: `Edm.Date`, `Edm.TimeOfDay`, `Edm.Duration`,
/// `Edm.Stream`, `Edm.Untyped`, enum types; and the one primitive-type enum shared with the metadata model.
final class V4ValueTests: XCTestCase {
    func testEdmTypeIsTheMetadataModelsEnum() {
        let primitive: EDMPrimitiveType = .timeOfDay
        let runtime: EdmType = primitive
        XCTAssertEqual(runtime, .timeOfDay)
        XCTAssertEqual(EdmType(rawValue: "Edm.Date"), .date)
        XCTAssertEqual(EdmType.allCases.count, EDMPrimitiveType.allCases.count)
    }

    func testDateParsesAndFormatsAndRefusesDaysThatDoNotExist() throws {
        let date = try LocalDate(parsing: "2024-02-29")
        XCTAssertEqual([date.year, date.month, date.day], [2024, 2, 29])
        XCTAssertEqual(date.isoString, "2024-02-29")
        XCTAssertThrowsError(try LocalDate(parsing: "2023-02-29"))
        XCTAssertThrowsError(try LocalDate(parsing: "2024-2-1"))
        XCTAssertNil(LocalDate(year: 0, month: 1, day: 1))
        XCTAssertLessThan(LocalDate(year: 2024, month: 1, day: 31)!, LocalDate(year: 2024, month: 2, day: 1)!)
        XCTAssertEqual(try EdmJSONForm.parse("0001-01-01", as: .date), .date(LocalDate(year: 1, month: 1, day: 1)!))
        XCTAssertEqual(EdmJSONForm.format(.date(date))?.text, "2024-02-29")
        XCTAssertEqual(EdmLiteral.format(.date(date)), "2024-02-29")
    }

    func testDurationIsSignedAndRoundTrips() throws {
        for text in ["P1DT2H30M5.25S", "-PT1S", "PT0S", "P3D", "PT0.0000001S", "P10DT59M"] {
            XCTAssertEqual(try DayTimeDuration(parsing: text).isoString, text)
        }
        XCTAssertEqual(try DayTimeDuration(parsing: "-P1D").ticks, -Ticks.perDay)
        XCTAssertEqual(try DayTimeDuration(parsing: "PT1H").ticks, 3600 * Ticks.perSecond)
        XCTAssertThrowsError(try DayTimeDuration(parsing: "1D"))
        XCTAssertThrowsError(try DayTimeDuration(parsing: "PT1M1H"))
        XCTAssertEqual(EdmLiteral.format(.duration(DayTimeDuration(ticks: -Ticks.perSecond))), "duration'-PT1S'")
        XCTAssertEqual(try EdmLiteral.parse("duration'P1D'", as: .duration), .duration(DayTimeDuration(ticks: Ticks.perDay)))
    }

    func testTimeOfDayIsALocalTimeInClockForm() throws {
        XCTAssertEqual(try EdmJSONForm.parse("13:45:00.5", as: .timeOfDay), .time(LocalTime(ticks: 495_005_000_000)!))
        XCTAssertThrowsError(try EdmJSONForm.parse("PT13H", as: .timeOfDay), "v4 has no duration form for a time of day")
        XCTAssertThrowsError(try EdmJSONForm.parse("24:00:00", as: .timeOfDay))
    }

    func testStreamAndUntypedHaveNoTextFormButTypedAccessors() {
        XCTAssertThrowsError(try EdmJSONForm.parse("x", as: .stream))
        XCTAssertThrowsError(try EdmLiteral.parse("1", as: .untyped))
        let link = StreamLink(readLink: "Photos(1)/$value", contentType: "image/png")
        XCTAssertEqual(StreamLink(edmValue: link.edmValue), link)
        XCTAssertNil(EdmJSONForm.format(.stream(link)))
        XCTAssertEqual(EdmValue(edmValue: .int32(4)), .int32(4))
        XCTAssertNil(EdmValue(edmValue: .null))
    }

    func testPropertiesOfTheNewTypesCheckTheirValues() throws {
        let type = EntityTypeDescriptor(
            qualifiedName: "T.E",
            properties: PropertyDescriptor.table(["ID Edm.Int32 Nullable=false Key", "Opens Edm.TimeOfDay", "Extra Edm.Untyped"]),
            keyNames: ["ID"])
        var entity = EntityValue(type: type)
        XCTAssertNoThrow(try entity.set(type.properties[1], to: .time(LocalTime(ticks: 0)!)))
        XCTAssertThrowsError(try entity.set(type.properties[1], to: .string("09:00")))
        XCTAssertNoThrow(try entity.set(type.properties[2], to: .string("anything")))
    }

    func testEnumDescriptorReadsAndWritesMemberNamesAndFlags() throws {
        let access = EnumTypeDescriptor(
            qualifiedName: "T.Access", underlyingType: .byte, isFlags: true, memberNames: ["None", "Read", "Write"],
            memberValues: [0, 1, 2])
        XCTAssertEqual(access.flagsValue("Read, Write"), 3)
        XCTAssertEqual(access.flagsValue("3"), 3)
        XCTAssertNil(access.flagsValue("Read,Delete"))
        XCTAssertEqual(access.flagsText(3), "Read,Write")
        XCTAssertEqual(access.flagsText(0), "None")
        XCTAssertEqual(access.flagsText(8), "8", "bits no member covers are written as the number, not dropped")
        let rows = PropertyDescriptor.table(["Rights T.Access", "Kinds Collection(T.Access)"], enumTypes: [access])
        XCTAssertEqual(rows[0].enumType, access)
        XCTAssertEqual(rows[1].type.isCollection, true)
        XCTAssertEqual(rows[1].type.primitiveType, .string)
    }

    func testGeneratedEnumShapesConvertFromAndToWireValues() {
        XCTAssertEqual(Color(edmValue: .string("Green")), .green)
        XCTAssertEqual(Color(edmValue: .int32(5)), .green, "a numeric value names the member with that value")
        XCTAssertNil(Color(edmValue: .string("Blue")))
        XCTAssertEqual(Color.green.edmValue, .string("Green"))
        XCTAssertEqual(Color.green.memberValue, 5)
        XCTAssertEqual(Access(edmValue: .string("Read,Write")), Access([.read, .write]))
        XCTAssertEqual(Access([.read, .write]).edmValue, .string("Read,Write"))
    }

    func testRequestsForAV4ServiceAnswerUnsupportedOperationInsteadOfAV2Request() throws {
        let builder = ODataRequestBuilder(serviceRoot: URL(string: "http://127.0.0.1:1/service/")!)
        let type = EntityTypeDescriptor(qualifiedName: "T.P", properties: PropertyDescriptor.table(["ID Edm.Int32 Key"]), keyNames: ["ID"])
        let v4Set = EntitySetDescriptor(name: "People", entityType: type, service: ServiceDescriptor(protocolVersion: .v4))
        let v2Set = EntitySetDescriptor(name: "People", entityType: type)
        XCTAssertEqual(try builder.url(of: DataQuery().from(v2Set)).absoluteString, "http://127.0.0.1:1/service/People")
        func kind(_ body: () throws -> Any) -> ODataError.Kind? {
            do {
                _ = try body()
                return nil
            } catch let error as ODataError {
                return error.kind
            } catch {
                return nil
            }
        }
        XCTAssertEqual(kind { try builder.url(of: DataQuery().from(v4Set)) }, .unsupportedOperation)
        XCTAssertEqual(kind { try builder.create(EntityValue(type: type), in: v4Set) }, .unsupportedOperation)
        let function = FunctionImportDescriptor(name: "Top", service: ServiceDescriptor(protocolVersion: .v4), operationName: "T.Top")
        XCTAssertEqual(kind { try builder.url(of: DataQuery().invoke(function)) }, .unsupportedOperation)
        let bound = FunctionImportDescriptor(name: "Touch", httpMethod: "POST", bindingTypeName: "T.P")
        XCTAssertEqual(bound.kind, .action)
        XCTAssertEqual(
            kind { try builder.url(of: DataQuery().invoke(bound, [], boundTo: .entitySet(v2Set))) }, .unsupportedOperation)
    }
}

/// What the generator emits for `<EnumType Name="Color"><Member Name="Red"/><Member Name="Green" Value="5"/>`.
private enum Color: String, EnumTypeProtocol {
    static let enumType = EnumTypeDescriptor(qualifiedName: "T.Color", memberNames: ["Red", "Green"], memberValues: [0, 5])
    case red = "Red"
    case green = "Green"
}

/// What the generator emits for a flags enum type.
private struct Access: FlagsEnumTypeProtocol {
    let rawValue: Int64
    static let enumType = EnumTypeDescriptor(
        qualifiedName: "T.Access", isFlags: true, memberNames: ["Read", "Write"], memberValues: [1, 2])
    static let read = Access(rawValue: 1)
    static let write = Access(rawValue: 2)
}
