import Foundation
import XCTest

@testable import OData

/// The one batch-part codec every provider encodes and decodes its parts with.
final class BatchPartCodecTests: XCTestCase {
    private let root = URL(string: "http://host.invalid/svc/")!
    private var query: DataQuery { DataQuery().from(TestSets.customers) }

    private func customer(_ id: String, _ name: String) throws -> EntityValue {
        var customer = Customer()
        try customer.entityValue.set(Customer.entityType.properties[0], to: .string(id))
        try customer.entityValue.set(Customer.entityType.properties[2], to: .string(name))
        customer.entityValue.metadata.uri = "Customers('\(id)')"
        customer.entityValue.metadata.etag = "W/\"\(id)\""
        return customer.entityValue
    }

    func testAFeedDecodesBackToItsEntities() throws {
        let part = BatchPartCodec.feed(EntityList(entities: [try customer("1", "Byron"), try customer("2", "Babbage")]), serviceRoot: root)
        XCTAssertEqual(part.statusCode, 200)
        let list = try BatchPartCodec.entities(from: part, for: query, serviceRoot: root, typeResolver: nil)
        XCTAssertEqual(list.entities.map { $0[Customer.entityType.properties[2]] }, [.string("Byron"), .string("Babbage")])
        XCTAssertEqual(
            list.entities.map(\.metadata.uri), ["http://host.invalid/svc/Customers('1')", "http://host.invalid/svc/Customers('2')"])
        XCTAssertEqual(list.entities.map(\.metadata.etag), ["W/\"1\"", "W/\"2\""])
    }

    func testACreatedPartCarriesLocationAndETag() throws {
        let part = BatchPartCodec.created(try customer("7", "Lovelace"), serviceRoot: root, location: true)
        XCTAssertEqual(part.statusCode, 201)
        XCTAssertEqual(part.headers["Location"], "http://host.invalid/svc/Customers('7')")
        XCTAssertEqual(part.headers["ETag"], "W/\"7\"")
        XCTAssertNil(BatchPartCodec.created(try customer("7", "Lovelace"), serviceRoot: root, location: false).headers["Location"])
    }

    func testAFailureIsThrownWithItsStatusAndMessage() {
        let unsupported = BatchPartCodec.failure(ODataError(.unsupportedOperation, "cannot run raw parts"))
        XCTAssertEqual(unsupported.statusCode, 501)
        let conflict = BatchPartCodec.failure(ODataError(.httpStatus, "already there", statusCode: 409))
        XCTAssertEqual(conflict.statusCode, 409)
        XCTAssertThrowsError(try BatchPartCodec.entities(from: conflict, for: query, serviceRoot: root, typeResolver: nil)) { error in
            let error = error as? ODataError
            XCTAssertEqual(error?.statusCode, 409)
            XCTAssertEqual(error?.serviceError?.message, "already there")
            XCTAssertEqual(error?.url?.absoluteString, "http://host.invalid/svc/Customers")
        }
    }

    func testAPartIsDecodedByItsContentType() throws {
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" \
            xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices"><entry><id>http://host.invalid/svc/Customers('3')</id>\
            <content type="application/xml"><m:properties><d:CustomerId>3</d:CustomerId><d:LastName>Gordon</d:LastName>\
            </m:properties></content></entry></feed>
            """
        let part = BatchPartResponse(statusCode: 200, headers: ["Content-Type": "application/atom+xml"], body: Data(atom.utf8))
        let list = try BatchPartCodec.entities(from: part, for: query, serviceRoot: root, typeResolver: nil)
        XCTAssertEqual(list.entities.first?[Customer.entityType.properties[2]], .string("Gordon"))
        let html = BatchPartResponse(statusCode: 200, headers: ["Content-Type": "text/html"], body: Data("<html/>".utf8))
        XCTAssertThrowsError(try BatchPartCodec.entities(from: html, for: query, serviceRoot: root, typeResolver: nil, expected: .atom)) {
            XCTAssertEqual(($0 as? ODataError)?.kind, .wrongContentType)
            XCTAssertTrue(($0 as? ODataError)?.message.contains("expected atom") == true)
        }
    }
}
