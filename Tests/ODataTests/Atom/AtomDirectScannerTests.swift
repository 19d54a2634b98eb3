import Foundation
import XCTest

@testable import OData

/// `AtomDirectScanner` against libxml2: every document gives the same result or the same error read either
/// way, the usual shapes are read by the scanner, and what it does not read itself is left to libxml2.
final class AtomDirectScannerTests: XCTestCase {
    typealias M = RefScenarioModel
    static let namespaces = AtomDecoderTests.namespaces

    /// What a document reads as: how it is expected to be read, and its outcome compared both ways.
    private enum Kind {
        case entities(EntityTypeDescriptor)
        case value(PropertyType)
        case links
    }

    /// The result of reading `data` (the root list, entity, value and links), or the error thrown.
    private enum Outcome: Equatable {
        case read(
            list: [EntityValue]?, count: Int?, next: String?, delta: String?, deleted: [String]?, entity: EntityValue?, value: EdmValue?,
            links: LinkList)
        case failed(String)
    }

    private func outcome(_ data: Data, _ kind: Kind, direct: Bool) -> Outcome {
        let tables = NameTableCache()
        let expectation: AtomReader.Expectation
        switch kind {
        case .entities(let type): expectation = .entities(tables.table(for: type))
        case .value(let type): expectation = .value(type)
        case .links: expectation = .links
        }
        do {
            let reader = try data.withUnsafeBytes { bytes in
                try AtomSAXSession.parse(bytes, expectation: expectation, typeResolver: M.resolver, tables: tables, direct: direct)
            }
            let list = reader.rootList
            return .read(
                list: list?.entities, count: list?.inlineCount, next: list?.nextLink, delta: list?.deltaLink,
                deleted: list?.deletedEntryIDs,
                entity: reader.rootEntity, value: reader.rootValue, links: reader.linkList)
        } catch {
            return .failed(String(reflecting: error))
        }
    }

    /// Whether the scanner reads `data` to the end by itself.
    private func readsDirectly(_ data: Data, _ kind: Kind) -> Bool {
        let tables = NameTableCache()
        let expectation: AtomReader.Expectation
        switch kind {
        case .entities(let type): expectation = .entities(tables.table(for: type))
        case .value(let type): expectation = .value(type)
        case .links: expectation = .links
        }
        return data.withUnsafeBytes { bytes in
            AtomSAXSession.parseDirectly(bytes, expectation: expectation, typeResolver: M.resolver, tables: tables) != nil
        }
    }

    private func assertSameBothWays(
        _ text: String, _ kind: Kind = .entities(M.employee), direct expected: Bool, file: StaticString = #filePath, line: UInt = #line
    ) {
        assertSameBothWays(Data(text.utf8), kind, direct: expected, file: file, line: line)
    }

    private func assertSameBothWays(
        _ data: Data, _ kind: Kind = .entities(M.employee), direct expected: Bool, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(outcome(data, kind, direct: true), outcome(data, kind, direct: false), file: file, line: line)
        XCTAssertEqual(readsDirectly(data, kind), expected, "read by the scanner", file: file, line: line)
    }

    private func feed(_ entries: String, attributes: String = "") -> String {
        """
        <?xml version="1.0" encoding="utf-8" standalone="yes"?>
        <feed \(Self.namespaces) xml:base="http://h/S/"\(attributes)>
          <id>http://h/S/Employees</id><m:count>2</m:count>
          \(entries)
          <link rel="next" href="Employees?$skiptoken=2"/>
        </feed>
        """
    }

    private func entry(_ id: String, properties: String, extra: String = "") -> String {
        """
        <entry m:etag="W/&quot;\(id)&quot;">
          <id>http://h/S/Employees('\(id)')</id>
          <category term="RefScenario.Employee" scheme="http://schemas.microsoft.com/ado/2007/08/dataservices/scheme"/>
          <link href="Employees('\(id)')" rel="edit" title="Employee"/>
          <link href="Employees('\(id)')/ne_Team" rel="http://schemas.microsoft.com/ado/2007/08/dataservices/related/ne_Team" \
        type="application/atom+xml;type=entry" title="ne_Team"/>\(extra)
          <content type="application/xml"><m:properties>\(properties)</m:properties></content>
        </entry>
        """
    }

    func testUsualFeedsAreReadDirectlyAndAsLibxml2ReadsThem() throws {
        let properties = """
            <d:EmployeeId>1</d:EmployeeId><d:EmployeeName>Walter &lt;W&gt; &amp; &#x57;inter &#233;&#x1F600; é😀</d:EmployeeName>\
            <d:Age m:type="Edm.Int16">52</d:Age><d:EntryDate m:type="Edm.DateTime" m:null="true"/>\
            <d:Location m:type="RefScenario.c_Location"><d:City><d:PostalCode>69124</d:PostalCode>\
            <d:CityName>Heidelberg</d:CityName></d:City><d:Country>Germany</d:Country></d:Location>
            """
        assertSameBothWays(
            feed(entry("1", properties: properties) + entry("2", properties: "<d:EmployeeId>2</d:EmployeeId>")), direct: true)
        // Single quotes, white space around `=` and before `>`, tabs and line feeds in values and between
        // attributes, references in attribute values, an empty root.
        assertSameBothWays(
            """
            <entry \(Self.namespaces) xml:base = 'http://h/S/'\t\n m:etag='W/"a&apos;&lt;&#x20;b"'>
              <id >http://h/S/Employees('1')</id >
              <link rel='edit' href="Employees('1')\tx\ny" />
              <content type="application/xml"><m:properties><d:EmployeeName>\t a\n </d:EmployeeName></m:properties></content>
            </entry >
            """,
            direct: true)
        assertSameBothWays("<feed \(Self.namespaces)/>", direct: true)
        // Line ends: CR LF and a lone CR read as a line feed in text, as a space in attribute values.
        assertSameBothWays(
            "<?xml version=\"1.0\"?>\r\n<entry \(Self.namespaces)\r\n m:etag=\"a\r\nb\rc\r\r\nd\">\r\n<id>http://h/S/E('1')</id>"
                + "<link rel=\"edit\" href=\"E('1')\r\"/><content><m:properties><d:EmployeeName>\r\na\rb\r\r\nc&amp;\r</d:EmployeeName>"
                + "</m:properties></content></entry\r\n>\r\n",
            direct: true)
        // Prefixes bound again inside the document, another default namespace, an element in no namespace.
        assertSameBothWays(
            """
            <a:entry xmlns:a="http://www.w3.org/2005/Atom" xmlns:x="http://schemas.microsoft.com/ado/2007/08/dataservices">
              <a:id>http://h/S/Employees('3')</a:id>
              <a:content><p:properties xmlns:p="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">\
            <x:EmployeeId>3</x:EmployeeId><EmployeeName xmlns="http://schemas.microsoft.com/ado/2007/08/dataservices">n</EmployeeName>\
            <x:Age xmlns:x="urn:other">5</x:Age><d:Age xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices">7</d:Age>\
            </p:properties></a:content><other xmlns=""><x:y/></other>
            </a:entry>
            """,
            direct: true)
        assertSameBothWays(
            "<d:Tags xmlns:d=\"http://schemas.microsoft.com/ado/2007/08/dataservices\"><d:element>a &amp; b</d:element></d:Tags>",
            .value(.primitiveCollection(.string)), direct: true)
        assertSameBothWays(
            "<links xmlns=\"http://schemas.microsoft.com/ado/2007/08/dataservices\"><uri>http://h/S/R('1')</uri><uri> u </uri></links>",
            .links, direct: true)
    }

    func testRecordedPayloadsReadTheSameBothWays() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/payloads")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".xml") }.sorted()
        XCTAssertFalse(names.isEmpty)
        var direct = 0
        for name in names {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            for type in [M.employee, M.room, M.team] {
                XCTAssertEqual(outcome(data, .entities(type), direct: true), outcome(data, .entities(type), direct: false), name)
            }
            if readsDirectly(data, .entities(M.employee)) { direct += 1 }
        }
        XCTAssertGreaterThan(direct, 0, "some recorded payloads are read by the scanner")
    }

    func testWhatTheScannerLeavesToLibxml2ReadsAsBefore() {
        let body = "<id>http://h/S/Employees('1')</id><content><m:properties><d:EmployeeId>1</d:EmployeeId></m:properties></content>"
        let cases: [String] = [
            // Constructs the scanner does not read: libxml2 reads them, with or without an error.
            "<entry \(Self.namespaces)><!-- c -->\(body)</entry>",
            "<entry \(Self.namespaces)><?pi x?>\(body)</entry>",
            "<entry \(Self.namespaces)>\(body)<![CDATA[x]]></entry>",
            "<!DOCTYPE entry><entry \(Self.namespaces)>\(body)</entry>",
            "<entry \(Self.namespaces)><link rel=\"edit\" href=\"a?b=1&amp;c=2\"/>\(body)</entry>",
            "<entry \(Self.namespaces)><link rel=\"edit\" href=\"a?b=1&#38;c=2\"/>\(body)</entry>",
            "<entry \(Self.namespaces)><é/>\(body)</entry>",
            "<entry \(Self.namespaces)>\(body)&unknown;</entry>",
            "<entry \(Self.namespaces)>\(body)</entry><!-- after -->",
            "<?xml version=\"1.1\"?><entry \(Self.namespaces)>\(body)</entry>",
            "<?xml-stylesheet href=\"a\"?><entry \(Self.namespaces)>\(body)</entry>",
            "<m:error \(Self.namespaces)><m:code>1</m:code><m:message xml:lang=\"en\">boom</m:message></m:error>",
            // Malformed documents and namespace errors.
            "<entry \(Self.namespaces)>\(body)",
            "<entry \(Self.namespaces)>\(body)</feed>",
            "<entry \(Self.namespaces)>\(body)</entry>trailing",
            "<entry \(Self.namespaces)><x:y/>\(body)</entry>",
            "<entry \(Self.namespaces) a=\"1\" a=\"2\">\(body)</entry>",
            "<entry \(Self.namespaces) xmlns:p=\"http://schemas.microsoft.com/ado/2007/08/dataservices\" p:a=\"1\" d:a=\"2\">\(body)</entry>",
            "<entry \(Self.namespaces) xmlns:d=\"urn:x\">\(body)</entry>",
            "<entry \(Self.namespaces) xmlns:e=\"\">\(body)</entry>",
            "<entry \(Self.namespaces) xmlns:e=\"http://a b\">\(body)</entry>",
            "<entry \(Self.namespaces) xmlns:xml=\"http://www.w3.org/XML/1998/namespace\">\(body)</entry>",
            "<entry \(Self.namespaces)>\(body)]]></entry>",
            "<entry \(Self.namespaces)>\(body)a<b</entry>",
            "<entry \(Self.namespaces) a=\"<\">\(body)</entry>",
            "<entry \(Self.namespaces) a=\"1\"b=\"2\">\(body)</entry>",
            "<entry \(Self.namespaces)>\(body)&#0;</entry>",
            "<entry \(Self.namespaces)>\(body)&#xD800;</entry>",
            "<entry \(Self.namespaces)>\(body)&#X41;</entry>",
            "<entry \(Self.namespaces)>\(body)\u{1}</entry>",
            "<entry \(Self.namespaces)>\(body)\u{FFFE}</entry>",
            "<a:b:entry \(Self.namespaces)>\(body)</a:b:entry>",
            // Failures of the reader itself, reported with their position by the libxml2 reading.
            "<entry \(Self.namespaces)><content><m:properties><d:Age>old</d:Age></m:properties></content></entry>",
            "<other \(Self.namespaces)/>",
            "   ",
        ]
        for text in cases {
            assertSameBothWays(text, direct: false)
        }
        // Bytes that are not UTF-8, a NUL byte, and another encoding.
        var invalid = Data("<entry \(Self.namespaces)>\(body)".utf8)
        invalid.append(contentsOf: [0xC3, 0x28])
        invalid.append(contentsOf: Data("</entry>".utf8))
        assertSameBothWays(invalid, direct: false)
        var nul = Data("<entry \(Self.namespaces)>\(body)</entry>".utf8)
        nul.append(0)
        nul.append(contentsOf: Data("<x/>".utf8))
        assertSameBothWays(nul, direct: false)
        let latin1 = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><entry \(Self.namespaces)>\(body)</entry>"
        var latin1Data = Data(latin1.utf8)
        latin1Data.append(contentsOf: [0xE9])
        assertSameBothWays(latin1Data, direct: false)
        assertSameBothWays(Data(), direct: false)
    }

    func testLatin1AndUTF16DocumentsAreTranscodedAndReadDirectly() {
        let text =
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><entry \(Self.namespaces)><id>http://h/S/Employees('1')</id>"
            + "<content><m:properties><d:EmployeeName>Jos\u{E9}</d:EmployeeName></m:properties></content></entry>"
        assertSameBothWays(text.data(using: .isoLatin1)!, direct: true)
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(text.replacingOccurrences(of: "ISO-8859-1", with: "UTF-16").data(using: .utf16LittleEndian)!)
        assertSameBothWays(utf16, direct: true)
    }

    /// Documents derived from a usual entry by deterministic random edits (bytes replaced, inserted or
    /// removed, with a bias to the bytes XML gives a meaning) read the same both ways, whether the scanner
    /// reads them or gives up.
    func testEditedDocumentsReadTheSameBothWays() {
        let base = Array(
            """
            <?xml version="1.0" encoding="utf-8"?><entry \(Self.namespaces) xml:base="http://h/S/" m:etag="W/&quot;1&quot;">\
            <id>http://h/S/Employees('1')</id><link rel="edit" href="Employees('1')"/>\
            <link rel="http://schemas.microsoft.com/ado/2007/08/dataservices/related/ne_Team" href="Employees('1')/ne_Team"/>\
            <content type="application/xml"><m:properties><d:EmployeeId>1</d:EmployeeId>\
            <d:EmployeeName>W &amp; W</d:EmployeeName><d:Age m:type="Edm.Int16">52</d:Age>\
            <d:EntryDate m:null="true"/></m:properties></content></entry>
            """.utf8)
        let meaningful: [UInt8] = Array("<>&;:/=\"'#x \t\r\n]!?-".utf8) + [0, 0x80, 0xC3, 0xA9, 0xFF]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &+ 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        var direct = 0
        for _ in 0..<1500 {
            var bytes = base
            for _ in 0...next(3) {
                let at = next(bytes.count)
                let byte = next(3) == 0 ? UInt8(next(128)) : meaningful[next(meaningful.count)]
                switch next(3) {
                case 0: bytes[at] = byte
                case 1: bytes.insert(byte, at: at)
                default: bytes.remove(at: at)
                }
            }
            let data = Data(bytes)
            let kind = Kind.entities(M.employee)
            XCTAssertEqual(outcome(data, kind, direct: true), outcome(data, kind, direct: false), String(decoding: bytes, as: UTF8.self))
            if readsDirectly(data, kind) { direct += 1 }
        }
        XCTAssertGreaterThan(direct, 100, "edits that leave the document usual are read by the scanner")
    }
}
