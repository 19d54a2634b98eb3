import Foundation
import ODataMetadata
import Synchronization
import XCTest

@testable import OData

/// `RepeatableRequests` on its own: the headers each style stamps, that a stamped request keeps its id, that
/// the retry middleware sends a write again only when it carries an id, and the `$metadata` declaration.
final class RepeatableRequestsUnitTests: XCTestCase {
    private let url = URL(string: "http://127.0.0.1/svc/Customers")!

    func testEachStyleStampsWritesOnlyAndKeepsAnExistingId() {
        let date = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        XCTAssertEqual(RepeatableRequests.imfFixdate(date), "Sun, 06 Nov 1994 08:49:37 GMT")
        var write = HTTPRequest(method: "POST", url: url)
        RepeatableRequests.oasis.stamp(&write, firstSent: date)
        let id = write.headers["Repeatability-Request-ID"]
        XCTAssertNotNil(id.flatMap(UUID.init(uuidString:)))
        XCTAssertEqual(write.headers["Repeatability-First-Sent"], "Sun, 06 Nov 1994 08:49:37 GMT")
        RepeatableRequests.oasis.stamp(&write)
        XCTAssertEqual(write.headers["Repeatability-Request-ID"], id, "a request sent again keeps its id")
        XCTAssertTrue(write.isSafeToRetry)

        var sap = HTTPRequest(method: "MERGE", url: url)
        RepeatableRequests.sapGateway.stamp(&sap, firstSent: date)
        XCTAssertEqual(sap.headers["RequestID"]?.count, 32)
        XCTAssertEqual(sap.headers["RepeatabilityCreation"], "Sun, 06 Nov 1994 08:49:37 GMT")
        XCTAssertNil(sap.headers["Repeatability-Request-ID"])

        for style in [RepeatableRequests.off, .whenDeclared] {
            var plain = HTTPRequest(method: "DELETE", url: url)
            style.stamp(&plain)
            XCTAssertTrue(plain.headers.fields.isEmpty, "\(style) stamps nothing")
            XCTAssertFalse(plain.isSafeToRetry, "a write without an id is never sent twice")
        }
        var read = HTTPRequest(method: "GET", url: url)
        RepeatableRequests.oasis.stamp(&read)
        XCTAssertTrue(read.headers.fields.isEmpty, "reads are left alone")
    }

    func testTheRetryPolicySendsAWriteAgainOnlyWithAnId() async throws {
        for repeatable in [RepeatableRequests.oasis, .off] {
            let attempts = Mutex<[HTTPHeaders]>([])
            let middleware = RetryMiddleware(policy: RetryPolicy(maxAttempts: 3), sleep: { _ in })
            var request = HTTPRequest(method: "POST", url: url)
            repeatable.stamp(&request)
            do {
                _ = try await middleware.intercept(request) { sent in
                    attempts.withLock { $0.append(sent.headers) }
                    throw ODataError(.truncatedBody, "connection closed before the answer ended")
                }
                XCTFail("no error")
            } catch let error as ODataError {
                XCTAssertEqual(error.kind, .truncatedBody)
            }
            let sent = attempts.withLock { $0 }
            XCTAssertEqual(sent.count, repeatable.isOn ? 3 : 1, "\(repeatable)")
            XCTAssertEqual(Set(sent.map { $0["Repeatability-Request-ID"] ?? "none" }).count, 1, "the same id every time")
        }
    }

    func testTheDeclarationIsReadFromAnAnnotationsBlockOnTheContainer() throws {
        func metadata(_ extra: String, reference: String = "") throws -> ServiceMetadata {
            let xml = """
                <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"
                  xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">\(reference)
                <edmx:DataServices m:DataServiceVersion="2.0">
                <Schema Namespace="S" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
                <EntityType Name="T"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.String" Nullable="false"/></EntityType>
                <EntityContainer Name="C" m:IsDefaultEntityContainer="true"><EntitySet Name="Ts" EntityType="S.T"/></EntityContainer>
                \(extra)
                </Schema></edmx:DataServices></edmx:Edmx>
                """
            return try MetadataParser.parse(Data(xml.utf8), options: .lenient)
        }
        let block = { (term: String, target: String) in
            "<Annotations xmlns=\"http://docs.oasis-open.org/odata/ns/edm\" Target=\"\(target)\"><Annotation Term=\"\(term)\"/></Annotations>"
        }
        XCTAssertFalse(RepeatableRequests.isDeclared(in: try metadata("")))
        XCTAssertTrue(RepeatableRequests.isDeclared(in: try metadata(block("Org.OData.Repeatability.V1.Supported", "S.C"))))
        let onAType = try metadata(block("Org.OData.Repeatability.V1.Supported", "S.T"))
        XCTAssertFalse(RepeatableRequests.isDeclared(in: onAType), "not the container")
        XCTAssertFalse(RepeatableRequests.isDeclared(in: try metadata(block("Org.OData.Core.V1.Supported", "S.C"))))
        let reference = """
            <edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Repeatability.V1.xml"
              xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:Include Namespace="Org.OData.Repeatability.V1" Alias="Repeatability"/></edmx:Reference>
            """
        XCTAssertTrue(RepeatableRequests.isDeclared(in: try metadata(block("Repeatability.Supported", "S.C"), reference: reference)))
    }
}
