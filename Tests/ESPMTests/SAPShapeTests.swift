import ESPM
import Foundation
import OData
import ODataSAPCompatibility
import ODataTestSupport
import XCTest

/// SAP's shapes beside this SDK's own (README, "Porting from SAPOData"): `DecimalValue`, the non-optional value
/// factories, `LocalDateTime.utc(from:)`, and `ChangeSet.createEntity(_:)` without a set.
final class SAPShapeTests: XCTestCase {
    func testDecimalValueWrapsABigDecimal() throws {
        let price = DecimalValue.of(try XCTUnwrap(BigDecimal(string: "9.90")))
        XCTAssertEqual(price.toString(), "9.90")
        XCTAssertEqual(DecimalValue.compare(price, .zero), 1)
        XCTAssertEqual(DecimalValue.compare(.zero, price), -1)
        XCTAssertEqual(DecimalValue.compare(price, DecimalValue(try XCTUnwrap(BigDecimal(string: "9.9")))), 0)
        XCTAssertTrue(DecimalValue.equal(nil, nil))
        XCTAssertFalse(DecimalValue.equal(price, nil))
        XCTAssertEqual(DecimalValue(edmValue: price.edmValue), price)
        XCTAssertNil(DecimalValue(edmValue: .string("9.90")))
    }

    /// Issue 30 item 6: `BigDecimal.fromDouble`, `GuidValue.literal`, `LocalDateTime.of` and `GlobalDateTime.of`
    /// are SAP's non-optional shapes (they used to be optional unless a non-optional was needed); `parse` keeps
    /// both shapes, the non-optional one chosen only where a non-optional is needed.
    func testFactoriesHaveTheShapesSAPDeclares() throws {
        let price = BigDecimal.fromDouble(1.5)
        XCTAssertTrue(type(of: price) == BigDecimal.self)
        XCTAssertNil(BigDecimal(Double.nan), "the runtime's own form is the failable one")
        let sum: BigDecimal = BigDecimal.fromDouble(1.5).add(BigDecimal.parse("2.25"))
        XCTAssertEqual(sum, BigDecimal(string: "3.75"))
        let parsed = BigDecimal.parse("2.25")
        XCTAssertTrue(type(of: parsed) == BigDecimal?.self, "an unannotated parse keeps the optional")
        let text = "0f8fad5b-d9cb-469f-a165-70867728950e"
        XCTAssertEqual(GuidValue.parse(text).toString(), text)
        XCTAssertNil(GuidValue.parse("no guid") as GuidValue?)
        let literal = GuidValue.literal(text)
        XCTAssertTrue(type(of: literal) == GuidValue.self)
        XCTAssertTrue(GuidValue.equal(x: literal, y: GuidValue.parse(text)))
        let day = LocalDateTime.of(year: 2000, month: 2, day: 29)
        XCTAssertTrue(type(of: day) == LocalDateTime.self)
        XCTAssertEqual(day.isoString, "2000-02-29T00:00:00")
        XCTAssertNil(LocalDateTime(year: 2001, month: 2, day: 29), "the runtime's own form is the failable one")
        let instant = GlobalDateTime.of(year: 2024, month: 1, day: 2, hour: 3, offset: 60)
        XCTAssertEqual(instant.toString(), "2024-01-02T03:00:00+01:00")
    }

    func testUTCFromATimeZoneIsOptionalAndShiftsByItsOffset() throws {
        let local = LocalDateTime.of(year: 2024, month: 7, day: 1, hour: 12)
        let gmt: Date = local.utc()
        XCTAssertEqual(local.utc()!, gmt)
        XCTAssertEqual(local.utc(from: try XCTUnwrap(TimeZone(secondsFromGMT: 7200))), gmt.addingTimeInterval(-7200))
        // Berlin keeps summer time in July: 12:00 there is 10:00 UTC.
        XCTAssertEqual(local.utc(from: try XCTUnwrap(TimeZone(identifier: "Europe/Berlin"))), gmt.addingTimeInterval(-7200))
    }

    func testACreateWithoutItsSetIsResolvedByTheServiceAndRefusedWithoutOne() async throws {
        let root = try XCTUnwrap(URL(string: "http://127.0.0.1:35945/ESPM.svc/"))
        let transport = MockTransport { request, _ in
            let body =
                "--b\r\nContent-Type: multipart/mixed; boundary=c\r\n\r\n--c\r\nContent-Type: application/http\r\n\r\n"
                + "HTTP/1.1 204 No Content\r\n\r\n\r\n--c--\r\n--b--\r\n"
            return HTTPResponse.make(202, ["Content-Type": "multipart/mixed; boundary=b"], body: body, url: request.url)
        }
        let provider = OnlineODataProvider(serviceName: "ESPM", serviceRoot: root, transport: transport)
        var customer = Customer()
        customer.customerID = "N1"

        let unresolved = ChangeSet()
        unresolved.createEntity(customer)
        let direct = RequestBatch()
        direct.addChanges(unresolved)
        do {
            try await provider.send(.processBatch(direct))
            XCTFail("sent a create without its entity set")
        } catch {
            XCTAssertEqual(error.kind, .invalidRequest)
            XCTAssertTrue(error.message.contains("creates a ESPM.Customer without its entity set"), error.message)
        }
        XCTAssertFalse(transport.requests.contains { $0.url.path.hasSuffix("$batch") })

        let changes = ChangeSet()
        changes.createEntity(customer)
        let batch = RequestBatch()
        batch.addChanges(changes)
        try await ESPMContainer(provider: provider).processBatch(batch)
        let sent = try XCTUnwrap(transport.requests.last { $0.url.path.hasSuffix("$batch") })
        guard case .data(let data) = sent.body else { return XCTFail("no body") }
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("POST Customers HTTP/1.1"))
        guard case .create(_, let set)? = changes.operations.first else { return XCTFail("not a create") }
        XCTAssertEqual(set.name, "Customers")
    }
}
