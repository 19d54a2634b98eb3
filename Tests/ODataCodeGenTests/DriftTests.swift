import Foundation
import ODataMetadata
import ODataTestSupport
import XCTest

@testable import OData
@testable import ODataCodeGen

/// The drift check: generated code carries its model; `checkMetadata()` and `odata-gen check` report only
/// what can break it.
final class DriftTests: XCTestCase {
    static func espm() throws -> String { try String(contentsOf: try TestSupport.corpusDocument("ESPM.xml"), encoding: .utf8) }

    /// ESPM served with: Customer's and Supplier's PhoneNumber removed, Stock.QuantityLessMin retyped, a new
    /// required property after every CurrencyCode (five types), a new optional Customer property, a new required parameter,
    /// ProductTexts gone and an annotation changed.
    static func drifted() throws -> String {
        try espm()
            .replacingOccurrences(
                of:
                    "<Property Name=\"PhoneNumber\" Type=\"Edm.String\" Nullable=\"true\" MaxLength=\"30\"/>\n                <Property Name=\"PostalCode\"",
                with: "<Property Name=\"PostalCode\""
            )
            .replacingOccurrences(
                of: "<Property Name=\"QuantityLessMin\" Type=\"Edm.Boolean\"", with: "<Property Name=\"QuantityLessMin\" Type=\"Edm.Int32\""
            )
            .replacingOccurrences(
                of: "<Property Name=\"HouseNumber\"",
                with: "<Property Name=\"Nickname\" Type=\"Edm.String\"/><Property Name=\"HouseNumber\""
            )
            .replacingOccurrences(
                of: "<Parameter Name=\"newStatus\" Type=\"Edm.String\" Nullable=\"false\"/>",
                with:
                    "<Parameter Name=\"newStatus\" Type=\"Edm.String\" Nullable=\"false\"/><Parameter Name=\"reason\" Type=\"Edm.String\" Nullable=\"false\"/>"
            )
            .replacingOccurrences(
                of: "<EntitySet Name=\"ProductTexts\" EntityType=\"ESPM.ProductText\"",
                with: "<EntitySet Name=\"ProductTextz\" EntityType=\"ESPM.ProductText\""
            )
            .replacingOccurrences(of: "sap:creatable=\"false\"", with: "sap:creatable=\"true\"")
    }

    static func salesOrderRequiredProperty(_ text: String) -> String {
        text.replacingOccurrences(
            of: "<Property Name=\"CurrencyCode\" Type=\"Edm.String\" Nullable=\"true\" MaxLength=\"5\"/>",
            with:
                "<Property Name=\"CurrencyCode\" Type=\"Edm.String\" Nullable=\"true\" MaxLength=\"5\"/><Property Name=\"Channel\" Type=\"Edm.String\" Nullable=\"false\"/>"
        )
    }

    func testTheSummaryRoundTripsAndTheFingerprintIgnoresSwiftNamesAndAnnotations() throws {
        let metadata = try MetadataParser.parse(try Self.espm())
        let summary = try CodeGenerator().modelSummary(metadata)
        XCTAssertEqual(try ModelSummary(text: summary.text()), summary)
        XCTAssertEqual(summary.fingerprint, ModelSummary(metadata: metadata).fingerprint)
        let relabeled = try MetadataParser.parse(try Self.espm().replacingOccurrences(of: "sap:creatable=\"false\"", with: ""))
        XCTAssertEqual(ModelSummary(metadata: relabeled).fingerprint, summary.fingerprint)
        XCTAssertTrue(summary.fingerprint.hasPrefix("fnv1a64:"))
        let generated = TestSupport.allText(try CodeGenerator().generate(metadata))
        XCTAssertContains(generated, "public static let modelFingerprint: Swift.String = \"\(summary.fingerprint)\"")
        XCTAssertContains(
            generated,
            "open func checkMetadata(\n        headers: OData.HTTPHeaders = OData.HTTPHeaders()\n    ) async throws(OData.ODataError) -> OData.MetadataDriftReport {"
        )
        XCTAssertThrowsError(try ModelSummary(text: "X\tnonsense\n"))
    }

    func testOnlyChangesThatCanBreakTheClientAreReported() throws {
        let generated = try CodeGenerator().modelSummary(try MetadataParser.parse(try Self.espm()))
        let served = ModelSummary(metadata: try MetadataParser.parse(Self.salesOrderRequiredProperty(try Self.drifted())))
        let lines = MetadataDrift.compare(generated: generated, served: served).map(\.description)
        XCTAssertEqual(
            lines,
            [
                "missing entity set: fetchProductTexts (ESPMContainer/ProductTexts)",
                "missing property: Customer.phoneNumber (ESPM.Customer/PhoneNumber)",
                "missing property: Supplier.phoneNumber (ESPM.Supplier/PhoneNumber)",
                "new required property: Product (ESPM.Product/Channel): Edm.String",
                "property type changed: Stock.quantityLessMin (ESPM.Stock/QuantityLessMin): Edm.Boolean -> Edm.Int32",
                "new required property: PurchaseOrderHeader (ESPM.PurchaseOrderHeader/Channel): Edm.String",
                "new required property: PurchaseOrderItem (ESPM.PurchaseOrderItem/Channel): Edm.String",
                "new required property: SalesOrderHeader (ESPM.SalesOrderHeader/Channel): Edm.String",
                "new required property: SalesOrderItem (ESPM.SalesOrderItem/Channel): Edm.String",
                "function import parameters changed: updateSalesOrderStatus (ESPMContainer/UpdateSalesOrderStatus): new required reason (Edm.String)",
            ], lines.joined(separator: "\n"))
        let harmless = ModelSummary(
            metadata: try MetadataParser.parse(
                try Self.espm().replacingOccurrences(
                    of: "<Property Name=\"HouseNumber\"",
                    with: "<Property Name=\"Nickname\" Type=\"Edm.String\"/><Property Name=\"HouseNumber\"")))
        XCTAssertEqual(MetadataDrift.compare(generated: generated, served: harmless), [])
    }

    func testCheckMetadataFetchesTheServedDocumentInBothForms() async throws {
        let metadata = try MetadataParser.parse(try Self.espm())
        let summary = try CodeGenerator().modelSummary(metadata).text()
        let served = try Self.drifted()
        let transport = MockTransport { request, _ in
            XCTAssertTrue(request.url.absoluteString.hasSuffix("/$metadata"))
            return HTTPResponse.make(200, ["Content-Type": "application/xml"], body: served, url: request.url)
        }
        let provider = OnlineODataProvider(serviceName: "ESPM", serviceRoot: URL(string: "http://127.0.0.1:9/espm/")!, transport: transport)
        let service = DataService(provider: provider)
        let report = try await service.checkMetadata(generatedModel: summary)
        XCTAssertFalse(report.isCompatible)
        XCTAssertEqual(report.issues.count, 5)
        XCTAssertNotEqual(report.generatedFingerprint, report.servedFingerprint)
        let viaHandler: MetadataDriftReport = try await withCheckedThrowingContinuation { continuation in
            service.checkMetadata(generatedModel: summary) { report, error in
                if let report {
                    continuation.resume(returning: report)
                } else {
                    continuation.resume(throwing: error ?? TestFailure("no result"))
                }
            }
        }
        XCTAssertEqual(viaHandler, report)
    }
}

/// `odata-gen check`, run as a process.
final class CheckCommandLineTests: XCTestCase {
    func testCheckAgainstAFileReportsAndSetsTheExitStatus() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("odata-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let espm = try TestSupport.corpusDocument("ESPM.xml").path
        let served = work.appendingPathComponent("served.xml")
        try Data(try DriftTests.drifted().utf8).write(to: served)
        let drifted = try PatchCommandLineTests.odataGen(["check", espm, "--against", served.path])
        XCTAssertEqual(drifted.status, 2, drifted.output)
        XCTAssertContains(drifted.output, "missing property: Customer.phoneNumber (ESPM.Customer/PhoneNumber)")
        XCTAssertContains(drifted.output, "5 change(s) can break the generated code")
        let same = try PatchCommandLineTests.odataGen(["check", espm, "--against", espm])
        XCTAssertEqual(same.status, 0, same.output)
        XCTAssertEqual(try PatchCommandLineTests.odataGen(["check", espm]).status, 64)
        XCTAssertEqual(try PatchCommandLineTests.odataGen(["check", espm, "--against", "/nonexistent.xml"]).status, 1)
    }

    /// The tool does not link FoundationNetworking (it would slow every command's start-up); `check` loads
    /// it when `--against` is a URL. Served by Python's `http.server` on an ephemeral 127.0.0.1 port.
    func testCheckAgainstAServedURL() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("odata-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let espm = try TestSupport.corpusDocument("ESPM.xml").path
        try Data(try DriftTests.drifted().utf8).write(to: work.appendingPathComponent("served.xml"))
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", work.path]
        let announcement = Pipe()
        server.standardOutput = announcement
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate() }
        // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
        var banner = ""
        while !banner.contains("\n") {
            let chunk = announcement.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            banner += String(decoding: chunk, as: UTF8.self)
        }
        let port = try XCTUnwrap(banner.split(separator: " ").firstIndex(of: "port").map { banner.split(separator: " ")[$0 + 1] }, banner)
        let drifted = try PatchCommandLineTests.odataGen(["check", espm, "--against", "http://127.0.0.1:\(port)/served.xml"])
        XCTAssertEqual(drifted.status, 2, drifted.output)
        XCTAssertContains(drifted.output, "5 change(s) can break the generated code")
        let missing = try PatchCommandLineTests.odataGen(["check", espm, "--against", "http://127.0.0.1:\(port)/missing.xml"])
        XCTAssertEqual(missing.status, 1, missing.output)
        XCTAssertContains(missing.output, "cannot be fetched")
    }
}
