import Foundation
import XCTest

@testable import ODataMetadata

#if canImport(Glibc)
    import Glibc
#endif

/// Malicious and broken inputs: each gives the right error or diagnostic, reads and fetches nothing, and ends quickly.
final class HostileInputTests: XCTestCase {
    private let edmxOpen = #"<edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"><edmx:DataServices>"#
    private let edmxClose = "</edmx:DataServices></edmx:Edmx>"

    func testExternalFileEntityIsNeverRead() throws {
        let secret = "TOP-SECRET-\(UUID().uuidString)"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xxe-\(UUID().uuidString).txt")
        try secret.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE edmx:Edmx [<!ENTITY xxe SYSTEM "file://\(file.path)">]>
            \(edmxOpen)<Schema Namespace="&xxe;" xmlns="http://schemas.microsoft.com/ado/2008/09/edm"><EntityType Name="T"><Documentation><Summary>&xxe;</Summary></Documentation></EntityType></Schema>\(edmxClose)
            """
        let error = try XCTUnwrap(assertParseFails(document, kind: .doctypeRefused))
        XCTAssertFalse("\(error) \(error.diagnostics)".contains(secret))
        XCTAssertEqual(error.location?.line, 2)
    }

    func testExternalHTTPEntityAndDTDAreNeverFetched() throws {
        let listener = try LoopbackListener()
        defer { listener.close() }
        let url = "http://127.0.0.1:\(listener.port)/evil"
        assertParseFails(#"<!DOCTYPE x [<!ENTITY e SYSTEM "\#(url)">]>\#(edmxOpen)<x a="&e;"/>\#(edmxClose)"#, kind: .doctypeRefused)
        assertParseFails(#"<!DOCTYPE edmx:Edmx SYSTEM "\#(url).dtd">\#(edmxOpen)\#(edmxClose)"#, kind: .doctypeRefused)
        assertParseFails(#"<!DOCTYPE x [<!ENTITY % p SYSTEM "\#(url)"> %p;]>\#(edmxOpen)\#(edmxClose)"#, kind: .doctypeRefused)
        assertParseFails(#"<!DOCTYPE x PUBLIC "-//X//EN" "\#(url)">\#(edmxOpen)\#(edmxClose)"#, kind: .doctypeRefused)
        XCTAssertFalse(listener.hadConnection(), "the parser connected to \(url)")
    }

    func testBillionLaughsIsRefusedWithoutExpansion() {
        var entities = #"<!ENTITY lol0 "lol">"#
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let document = "<?xml version=\"1.0\"?><!DOCTYPE lolz [\(entities)]>\(edmxOpen)<x>&lol9;</x>\(edmxClose)"
        assertParseFails(document, kind: .doctypeRefused)
    }

    func testEntityReferencesWithoutADoctypeAreMalformed() {
        let error = assertParseFails("\(edmxOpen)<x a=\"&xxe;\"/>\(edmxClose)", kind: .malformedXML)
        XCTAssertTrue(error?.message.contains("xxe") == true, error?.message ?? "")
    }

    func testXIncludeIsNotProcessed() throws {
        let document = Fixtures.edmx(#"<xi:include href="file:///etc/passwd" parse="text" xmlns:xi="http://www.w3.org/2001/XInclude"/>"#)
        let metadata = try Fixtures.parse(document)
        XCTAssertEqual(metadata.schemas.first?.foreignElements.first?.name, "include")
        XCTAssertFalse(metadata.inspectionJSON().rendered().contains("root:"))
    }

    func testTruncatedDocumentIsMalformedWithLocation() throws {
        let data = try Data(contentsOf: Fixtures.url("ESPM.xml"))
        let error = try XCTUnwrap(assertParseFails(String(decoding: data.prefix(data.count / 2), as: UTF8.self), kind: .malformedXML))
        XCTAssertGreaterThan(error.location?.line ?? 0, 100)
        for length in [1, 5, 38, 200, 1000] {
            assertParseFails(String(decoding: data.prefix(length), as: UTF8.self), kind: .malformedXML)
        }
    }

    func testEmptyAndNonXMLInputs() {
        assertParseFails("", kind: .empty)
        assertParseFails("   \n", kind: .malformedXML)
        assertParseFails("hello, world", kind: .malformedXML)
        assertParseFails(#"{"d":{"results":[]}}"#, kind: .malformedXML)
        assertParseFails("\u{0}\u{1}\u{2}\u{3}binary", kind: .malformedXML)
        assertParseFails("\(edmxOpen)<a><b></a>\(edmxClose)", kind: .malformedXML)
    }

    func testUnusualAndUnsupportedEncodingsAreErrorsNotCrashes() {
        // Found by the fuzzer: the first four bytes select an encoding libxml2 cannot switch to, and it
        // reports that while the parser is being created (UCS-4 2143 order here).
        let samples: [[UInt8]] = [
            [0x00, 0x3C, 0x00, 0x00, 0x00], [0x00, 0x00, 0x3C, 0x00], [0x3C, 0x00, 0x00, 0x00, 0x3F], [0x00, 0x00, 0xFE, 0xFF],
            [0xFF, 0xFE, 0x00, 0x00], [0x4C, 0x6F, 0xA7, 0x94], [0xFE, 0xFF], [0x3C], [0x00],
        ]
        for bytes in samples {
            XCTAssertThrowsError(try MetadataParser.parse(bytes), "\(bytes)") { error in
                XCTAssertEqual((error as? MetadataError)?.kind, .malformedXML, "\(bytes): \(error)")
            }
        }
    }

    func testWrongRootsAndNamespaces() throws {
        assertParseFails("<html><body/></html>", kind: .notEDMX)
        assertParseFails("<Edmx Version=\"1.0\"><DataServices/></Edmx>", kind: .notEDMX)
        // An EDMX 4.0 root is read (CSDL4Tests); a v4 root with a v2 DataServices, or the reverse, is not EDMX.
        let v4 = try Fixtures.parse(
            #"<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices/></edmx:Edmx>"#)
        XCTAssertEqual(v4.version, .v4)
        XCTAssertEqual(v4.schemas, [])
        assertParseFails(
            #"<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" xmlns:v2="http://schemas.microsoft.com/ado/2007/06/edmx"><v2:DataServices/></edmx:Edmx>"#,
            kind: .notEDMX)
        assertParseFails(#"<edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"/>"#, kind: .notEDMX)
        let wrongSchema = try Fixtures.parse(
            "\(edmxOpen)<Schema Namespace=\"N\" xmlns=\"urn:not-csdl\"><EntityType Name=\"T\"/></Schema>\(edmxClose)")
        XCTAssertEqual(wrongSchema.schemas.count, 0)
        XCTAssertEqual(wrongSchema.diagnostics("unexpected-namespace").count, 1)
        let strict = assertParseFails(
            "\(edmxOpen)<Schema Namespace=\"N\" xmlns=\"urn:not-csdl\"/>\(edmxClose)", kind: .strictModeViolation, options: .strict)
        XCTAssertEqual(strict?.diagnostics.first?.code, "unexpected-namespace")
    }

    func testDuplicateNamesAreReported() throws {
        let body = """
            <EntityType Name="T"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/><Property Name="K" Type="Edm.String"/></EntityType>
            <EntityType Name="T"><Key><PropertyRef Name="X"/></Key><Property Name="X" Type="Edm.Int32" Nullable="false"/></EntityType>
            <ComplexType Name="T"/>
            <EntityContainer Name="C"><EntitySet Name="S" EntityType="Test.T"/><EntitySet Name="S" EntityType="Test.T"/></EntityContainer>
            """
        let metadata = try Fixtures.parse(Fixtures.edmx(body))
        XCTAssertEqual(metadata.diagnostics("duplicate-name").map(\.location.line), [5, 6, 7, 8])
        XCTAssertEqual(metadata.entityType(named: "Test.T")?.key, ["K"])
        let error = assertParseFails(Fixtures.edmx(body), kind: .strictModeViolation, options: .strict)
        XCTAssertEqual(error?.location?.line, 5)
    }

    func testUnknownTypesAndDanglingReferences() throws {
        let body = """
            <EntityType Name="T"><Key><PropertyRef Name="K"/><PropertyRef Name="Missing"/></Key>
              <Property Name="K" Type="Edm.Int32" Nullable="false"/><Property Name="S" Type="Edm.Stream"/><Property Name="U" Type="Test.Nope"/>
              <NavigationProperty Name="N" Relationship="Test.NoSuchAssociation" FromRole="A" ToRole="B"/>
            </EntityType>
            <EntityContainer Name="C"><EntitySet Name="S" EntityType="Test.Unknown"/>
              <AssociationSet Name="AS" Association="Test.Gone"><End Role="A" EntitySet="Nowhere"/></AssociationSet>
              <FunctionImport Name="F" ReturnType="Collection(Test.Nope)" EntitySet="Elsewhere"><Parameter Name="p" Type="Edm.Int99"/></FunctionImport>
            </EntityContainer>
            """
        let metadata = try Fixtures.parse(Fixtures.edmx(body))
        let codes = Set(metadata.diagnostics.map(\.code))
        for code in ["unresolved-key", "unsupported-type", "unresolved-type", "unresolved-association", "unresolved-entity-set"] {
            XCTAssertTrue(codes.contains(code), "missing \(code) in \(metadata.diagnostics)")
        }
        let type = try XCTUnwrap(metadata.entityType(named: "Test.T"))
        XCTAssertEqual(type.property(named: "U")?.type, .unresolved("Test.Nope"))
        XCTAssertNil(type.navigationProperty(named: "N")?.targetType)
        XCTAssertEqual(metadata.defaultContainer?.functionImports.first?.returnType, .collection(.unresolved("Test.Nope")))
        XCTAssertTrue(metadata.diagnostics.allSatisfy { $0.location.line >= 5 && $0.location.column > 0 }, "\(metadata.diagnostics)")
    }

    func testBaseTypeCyclesAreReportedAndTerminate() throws {
        let body = """
            <EntityType Name="A" BaseType="Test.B"><Property Name="a" Type="Edm.Int32"/></EntityType>
            <EntityType Name="B" BaseType="Test.A"><Property Name="b" Type="Edm.Int32"/></EntityType>
            <EntityType Name="C" BaseType="Test.C"/>
            <EntityType Name="D" BaseType="Test.A"><Key><PropertyRef Name="a"/></Key></EntityType>
            <ComplexType Name="X" BaseType="Test.Y"/><ComplexType Name="Y" BaseType="Test.X"/>
            """
        let metadata = try Fixtures.parse(Fixtures.edmx(body))
        XCTAssertEqual(metadata.diagnostics("basetype-cycle").map(\.location.line), [5, 6, 7, 9, 9])
        XCTAssertEqual(metadata.entityType(named: "Test.D")?.properties.map(\.name), ["a"])
        assertParseFails(Fixtures.edmx(body), kind: .strictModeViolation, options: .strict)
    }

    func testLongInheritanceChainsAreBoundedAndDoNotExhaustTheStack() throws {
        // 3,000 types, each deriving from the previous one: inheriting everything would copy 4.5 million
        // properties; the chain is cut every 65 levels instead, with a diagnostic.
        var body =
            #"<EntityType Name="T0"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/></EntityType>"#
        for index in 1..<3000 {
            body +=
                #"<EntityType Name="T\#(index)" BaseType="Test.T\#(index - 1)"><Property Name="P\#(index)" Type="Edm.Int32"/></EntityType>"#
        }
        let metadata = try Fixtures.parse(Fixtures.edmx(body))
        XCTAssertEqual(metadata.entityType(named: "Test.T64")?.properties.count, 65)
        XCTAssertEqual(metadata.entityType(named: "Test.T64")?.key, ["K"])
        XCTAssertEqual(metadata.entityType(named: "Test.T65")?.properties.map(\.name), ["P65"])
        XCTAssertEqual(metadata.diagnostics("inheritance-too-deep").count, 2999 / 65)
        XCTAssertLessThanOrEqual(metadata.entityTypes.reduce(0) { $0 + $1.properties.count }, 3000 * 65)
        let withinLimit = try Fixtures.parse(Fixtures.edmx(body.components(separatedBy: #"<EntityType Name="T65""#)[0]))
        XCTAssertEqual(withinLimit.diagnostics("inheritance-too-deep"), [])
    }

    func testDeepNestingIsRefused() {
        let deep = String(repeating: "<a>", count: 1000) + String(repeating: "</a>", count: 1000)
        let error = assertParseFails(Fixtures.edmx(deep), kind: .tooDeep)
        XCTAssertNotNil(error?.location)
        let inAnnotation =
            "<Annotations Target=\"Test\" xmlns=\"http://docs.oasis-open.org/odata/ns/edm\"><Annotation Term=\"X\">\(deep)</Annotation></Annotations>"
        assertParseFails(Fixtures.edmx(inAnnotation), kind: .tooDeep)
        // The limit is the parser's own: a caller may raise it (the skipped subtree is then only noted).
        XCTAssertEqual(
            try Fixtures.parse(Fixtures.edmx(deep), options: ParseOptions(maximumDepth: 5000)).diagnostics("unknown-element").count, 1)
        // Edmx, DataServices, Schema and three <a> are six levels.
        XCTAssertNoThrow(try Fixtures.parse(Fixtures.edmx("<a><a><a></a></a></a>"), options: ParseOptions(maximumDepth: 6)))
        assertParseFails(Fixtures.edmx("<a><a><a></a></a></a>"), kind: .tooDeep, options: ParseOptions(maximumDepth: 5))
    }

    func testInputSizeIsBounded() {
        let document = Fixtures.edmx("")
        let error = assertParseFails(document, kind: .tooLarge, options: ParseOptions(maximumInputSize: 100))
        XCTAssertTrue(error?.message.contains("100") == true)
    }

    /// A file over the limit is refused by its size before it is read, in a message that names it.
    func testFileSizeIsBoundedBeforeReading() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("too-large-\(UUID().uuidString).xml")
        let document = Data(Fixtures.edmx("").utf8)
        try document.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertThrowsError(try MetadataParser.parse(contentsOf: file, options: ParseOptions(maximumInputSize: 100))) { error in
            let failure = error as? MetadataError
            XCTAssertEqual(failure?.kind, .tooLarge)
            XCTAssertEqual(failure?.message, "\(file.path): \(document.count) bytes is more than the limit of 100 bytes")
        }
    }

    func testFiftyMegabyteDocument() throws {
        let label = String(repeating: "label text ", count: 25)
        var body = ""
        body.reserveCapacity(52 << 20)
        var types = 0
        while body.utf8.count < 50_000_000 {
            body += #"<EntityType Name="T\#(types)"><Key><PropertyRef Name="P0"/></Key>"#
            for property in 0..<40 {
                body += #"<Property Name="P\#(property)" Type="Edm.String" Nullable="false" MaxLength="40" sap:label="\#(label)"/>"#
            }
            body += "</EntityType>\n"
            types += 1
        }
        let document = Array(Fixtures.edmx(body).utf8)
        XCTAssertGreaterThan(document.count, 50_000_000)
        let metadata = try MetadataParser.parse(document)
        XCTAssertEqual(metadata.entityTypes.count, types)
        XCTAssertEqual(metadata.entityTypes.last?.properties.last?.annotations.label, label)
        XCTAssertEqual(metadata.diagnostics, [])
        XCTAssertThrowsError(try MetadataParser.parse(document, options: ParseOptions(maximumInputSize: 10 << 20))) { error in
            XCTAssertEqual((error as? MetadataError)?.kind, .tooLarge)
        }
    }

    func testMissingRequiredAttributesAndBadMultiplicity() throws {
        let body = """
            <EntityType><Property Name="x" Type="Edm.Int32"/></EntityType>
            <EntityType Name="T"><Key><PropertyRef Name="K"/></Key><Property Name="K" Nullable="false"/></EntityType>
            <Association Name="A"><End Type="Test.T" Role="X" Multiplicity="many"/></Association>
            """
        let metadata = try Fixtures.parse(Fixtures.edmx(body))
        XCTAssertEqual(metadata.diagnostics("missing-attribute").map(\.location.line), [5, 6])
        XCTAssertEqual(metadata.diagnostics("invalid-multiplicity").count, 1)
        XCTAssertEqual(metadata.entityTypes.map(\.name), ["T"])
    }
}

/// The loopback listener could not be set up.
struct LoopbackError: Error {}

/// A TCP listener on 127.0.0.1 that records whether anything connected.
final class LoopbackListener {
    private let socketFD: Int32
    let port: UInt16

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard fd >= 0, bound else { throw LoopbackError() }
        socketFD = fd
        port = UInt16(bigEndian: address.sin_port)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    /// Whether a connection is waiting to be accepted.
    func hadConnection() -> Bool {
        let client = accept(socketFD, nil, nil)
        if client >= 0 {
            _ = Glibc.close(client)
            return true
        }
        return false
    }

    func close() { _ = Glibc.close(socketFD) }
}
