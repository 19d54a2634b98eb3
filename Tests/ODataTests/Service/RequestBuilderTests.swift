import Foundation
import ODataTestSupport
import XCTest

@testable import OData

/// `ODataRequestBuilder` alone: the requests of every kind of operation, in JSON and Atom, without I/O.
final class RequestBuilderTests: XCTestCase {
    private let model = RecordedModels.load("ESPM")

    private func customer(etag: String? = "W/\"7\"") throws -> EntityValue {
        var customer = EntityValue(type: try model.entitySet("Customers").entityType)
        try customer.set("CustomerId", to: .string("1"))
        try customer.set("City", to: .string("Walldorf"))
        customer.acceptChanges()
        customer.metadata.uri = "http://127.0.0.1:9/svc/Customers('1')"
        customer.metadata.etag = etag
        return customer
    }

    private func text(_ body: HTTPBody) -> String { body.data.map { String(decoding: $0, as: UTF8.self) } ?? "" }

    func testReadsCountsPropertiesAndSAPOptions() throws {
        let builder = ODataRequestBuilder(serviceRoot: URL(string: "http://127.0.0.1:9/svc")!, sapClient: "100")
        let customers = try model.entitySet("Customers")
        let query = DataQuery().from(customers).filter(.property("City").equal(.literal(.string("a b")))).top(2).orderBy(
            try XCTUnwrap(customers.entityType.property(named: "City")))
        let read = try builder.fetch(query)
        XCTAssertEqual(read.method, "GET")
        XCTAssertEqual(read.headers["Accept"], "application/json")
        XCTAssertEqual(
            read.url.absoluteString, "http://127.0.0.1:9/svc/Customers?$filter=City%20eq%20'a%20b'&$orderby=City&$top=2&sap-client=100")
        let count = try builder.count(query)
        XCTAssertEqual(count.url.absoluteString, "http://127.0.0.1:9/svc/Customers/$count?$filter=City%20eq%20'a%20b'&sap-client=100")
        XCTAssertEqual(count.headers["Accept"], "text/plain")
        let city = try XCTUnwrap(customers.entityType.property(named: "City"))
        let value = try builder.propertyValue(city, of: DataQuery().from(customers).withKey(EntityKey(["CustomerId": .string("1")])))
        XCTAssertEqual(value.url.absoluteString, "http://127.0.0.1:9/svc/Customers('1')/City/$value?sap-client=100")
        XCTAssertEqual(try builder.metadata().url.absoluteString, "http://127.0.0.1:9/svc/$metadata?sap-client=100")
        let language = ODataRequestBuilder(serviceRoot: URL(string: "http://127.0.0.1:9/svc/")!, sapLanguage: "de&x y$ü")
        XCTAssertEqual(
            try language.metadata().url.absoluteString, "http://127.0.0.1:9/svc/$metadata?sap-language=de%26x%20y$%C3%BC",
            "sap-language is encoded like every literal (one encoder: URLEncoding)")
        XCTAssertThrowsError(try builder.nextPage("http://elsewhere.example/svc/Customers?$skiptoken=2")) { error in
            XCTAssertEqual((error as? ODataError)?.kind, .crossOriginNextLink)
        }
    }

    func testWritesFollowTheCodecsFormat() throws {
        let root = URL(string: "http://127.0.0.1:9/svc/")!
        let customers = try model.entitySet("Customers")
        var customer = try customer()
        try customer.set("City", to: .string("Paris"))

        let json = ODataRequestBuilder(serviceRoot: root)
        let jsonUpdate = try json.update(customer)
        XCTAssertEqual(jsonUpdate.method, "MERGE")
        XCTAssertEqual(jsonUpdate.headers["Content-Type"], "application/json")
        XCTAssertEqual(jsonUpdate.headers["If-Match"], "W/\"7\"")
        XCTAssertEqual(text(jsonUpdate.body), #"{"City":"Paris"}"#)

        let atom = ODataRequestBuilder(serviceRoot: root, codec: PayloadFormat.atom.codec())
        let create = try atom.create(customer, in: customers)
        XCTAssertEqual(create.method, "POST")
        XCTAssertEqual(create.url.absoluteString, "http://127.0.0.1:9/svc/Customers")
        XCTAssertEqual(create.headers["Content-Type"], "application/atom+xml;type=entry")
        XCTAssertEqual(create.headers["Accept"], "application/atom+xml,application/xml")
        XCTAssertTrue(text(create.body).contains("<d:City>Paris</d:City>"), text(create.body))
        XCTAssertTrue(text(create.body).contains("<entry "), text(create.body))

        let tunnelled = try atom.update(customer, options: RequestOptions(updateMode: .replace, tunnelsHTTPMethod: true))
        XCTAssertEqual(tunnelled.method, "POST")
        XCTAssertEqual(tunnelled.headers["X-HTTP-Method"], "PUT")
        XCTAssertTrue(text(tunnelled.body).contains("<d:CustomerId>1</d:CustomerId>"), text(tunnelled.body))

        let delete = try atom.delete(customer)
        XCTAssertEqual(delete.method, "DELETE")
        XCTAssertEqual(delete.headers["If-Match"], "W/\"7\"")
        XCTAssertEqual(delete.body, .none)
    }

    func testLinksMediaAndBatch() throws {
        let root = URL(string: "http://127.0.0.1:9/svc/")!
        let atom = ODataRequestBuilder(serviceRoot: root, codec: PayloadFormat.atom.codec(), sapClient: "100")
        let customer = try customer()
        let orders = try XCTUnwrap(customer.entityType.navigationProperty(named: "SalesOrders"))
        var order = EntityValue(type: orders.targetType)
        order.metadata.uri = "SalesOrderHeaders('5')"
        let add = try atom.link("POST", from: customer, property: orders, to: order)
        XCTAssertEqual(add.url.absoluteString, "http://127.0.0.1:9/svc/Customers('1')/$links/SalesOrders?sap-client=100")
        XCTAssertEqual(add.headers["Content-Type"], "application/xml")
        XCTAssertTrue(text(add.body).hasSuffix(">http://127.0.0.1:9/svc/SalesOrderHeaders('5')</uri>"), text(add.body))
        XCTAssertThrowsError(try atom.removeLink(from: customer, property: orders)) { error in
            XCTAssertEqual((error as? ODataError)?.kind, .invalidRequest)
        }

        let media = try atom.createMedia(
            in: try model.entitySet("Products"), body: .data(Data([1])), contentType: "image/png", slug: "Bild ä")
        XCTAssertEqual(media.headers["Slug"], "Bild %C3%A4")
        XCTAssertEqual(media.headers["Content-Type"], "image/png")
        XCTAssertThrowsError(
            try atom.createMedia(in: try model.entitySet("Products"), body: .none, contentType: "image/png", slug: "a\r\nb"))

        let batch = RequestBatch()
        batch.addQuery(DataQuery().from(try model.entitySet("Customers")))
        let request = try atom.batch(batch)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.url.absoluteString, "http://127.0.0.1:9/svc/$batch?sap-client=100")
        XCTAssertTrue(request.headers["Content-Type"]?.hasPrefix("multipart/mixed; boundary=") ?? false)
    }

    func testBatchChangeSetBodiesFollowTheFormat() throws {
        let root = URL(string: "http://127.0.0.1:9/svc/")!
        let customers = try model.entitySet("Customers")
        var customer = try customer()
        try customer.set("City", to: .string("Paris"))
        let batch = RequestBatch()
        let changes = ChangeSet()
        changes.createEntity(customer, in: customers)
        try changes.updateEntity(customer)
        try changes.deleteEntity(customer)
        batch.addChanges(changes)

        let json = text(try ODataRequestBuilder(serviceRoot: root).batch(batch).body)
        XCTAssertTrue(json.contains(#"{"City":"Paris"}"#), json)
        XCTAssertEqual(json.components(separatedBy: "Content-Type: application/json").count - 1, 2, json)

        let atom = text(try ODataRequestBuilder(serviceRoot: root, codec: PayloadFormat.atom.codec()).batch(batch).body)
        XCTAssertEqual(atom.components(separatedBy: "Content-Type: application/atom+xml;type=entry").count - 1, 2, atom)
        XCTAssertEqual(atom.components(separatedBy: "<d:City>Paris</d:City>").count - 1, 2, atom)
        XCTAssertFalse(atom.contains(#"{"City":"Paris"}"#), atom)
        XCTAssertTrue(atom.contains("DELETE http://127.0.0.1:9/svc/Customers('1') HTTP/1.1"), atom)
    }
}
