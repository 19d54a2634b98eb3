import Foundation
import XCTest

@testable import OData

/// Atom value documents, `$links`, media-link entries, derived types, and hostile or malformed XML.
final class AtomDecoderTests: XCTestCase {
    let decoder = ODataAtomDecoder(typeResolver: RefScenarioModel.resolver)
    static let namespaces = """
        xmlns="http://www.w3.org/2005/Atom" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" \
        xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices"
        """

    func testValueDocumentsAndLinks() throws {
        let d =
            #"xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata""#
        XCTAssertEqual(
            try decoder.decodeProperty(
                Data("<d:Age \(d) m:type=\"Edm.Int16\"> 52 </d:Age>".utf8), property: RefScenarioModel.employee.properties[6]),
            .int16(52))
        XCTAssertEqual(try decoder.decodeValue(Data("<d:Name \(d) m:null=\"true\"/>".utf8), type: .primitive(.string)), .null)
        XCTAssertEqual(
            try decoder.decodeValue(
                Data("<d:Tags \(d)><d:element>a &amp; b</d:element><d:element m:null=\"true\"/></d:Tags>".utf8),
                type: .primitiveCollection(.string)),
            .collection([.string("a & b"), .null]))
        var city = ComplexValue(type: RefScenarioModel.city)
        try city.set("CityName", to: .string("Walldorf"))
        XCTAssertEqual(
            try decoder.decodeValue(
                Data("<d:City \(d)><d:CityName>Walldorf</d:CityName><d:Other>x</d:Other></d:City>".utf8),
                type: .complex(RefScenarioModel.city)),
            .complex(city))
        let links = """
            <links xmlns="http://schemas.microsoft.com/ado/2007/08/dataservices" \
            xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata"><m:count>2</m:count>\
            <uri>http://h/S/Rooms('1')</uri><uri>http://h/S/Rooms('2')</uri></links>
            """
        XCTAssertEqual(
            try decoder.decodeLinks(Data(links.utf8)), LinkList(uris: ["http://h/S/Rooms('1')", "http://h/S/Rooms('2')"], count: 2))
        XCTAssertEqual(
            try decoder.decodeLinks(Data(#"<uri xmlns="http://schemas.microsoft.com/ado/2007/08/dataservices">u</uri>"#.utf8)),
            LinkList(uris: ["u"]))
    }

    func testMediaLinkEntryWithPropertiesOutsideContentAndDerivedType() throws {
        let text = """
            <entry \(Self.namespaces) xml:base="http://h/S/" m:etag="W/&quot;7&quot;">
              <id>http://h/S/Employees('9')</id>
              <category term="RefScenario.Manager" scheme="http://schemas.microsoft.com/ado/2007/08/dataservices/scheme"/>
              <link rel="edit-media" href="/other/Employees('9')/$value" m:etag="W/&quot;m&quot;"/>
              <link rel="http://schemas.microsoft.com/ado/2007/08/dataservices/related/nm_Employees" href="Employees('9')/nm_Employees">
                <m:inline/>
              </link>
              <link rel="http://schemas.microsoft.com/ado/2007/08/dataservices/related/ne_Team" href="Employees('9')/ne_Team"><m:inline/></link>
              <content type="image/png" src="https://cdn/x.png"/>
              <m:properties><d:EmployeeId>9</d:EmployeeId><d:Age m:null="true"/><d:Unknown>z</d:Unknown></m:properties>
            </entry>
            """
        let entity = try decoder.decodeEntity(Data(text.utf8), entityType: RefScenarioModel.employee)
        XCTAssertEqual(entity.entityType, RefScenarioModel.manager)
        XCTAssertEqual(entity["EmployeeId"], .string("9"))
        XCTAssertEqual(entity["Age"], .null)
        XCTAssertNil(entity["EmployeeName"])
        XCTAssertEqual(
            entity.metadata,
            EntityMetadata(
                uri: "http://h/S/Employees('9')", etag: "W/\"7\"", mediaReadLink: "https://cdn/x.png",
                mediaEditLink: "http://h/other/Employees('9')/$value", mediaContentType: "image/png", mediaETag: "W/\"m\"",
                typeName: "RefScenario.Manager"))
        XCTAssertEqual(entity.navigationValues, [nil, .entity(nil), nil, .entities([])])
    }

    func testErrorDocumentIsThrownAsErrorBody() {
        let text = """
            <?xml version="1.0" encoding="utf-8"?><error xmlns="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">\
            <code>404</code><message xml:lang="en">Not found</message></error>
            """
        XCTAssertThrowsError(try decoder.decodeEntity(Data(text.utf8), entityType: RefScenarioModel.room)) { error in
            XCTAssertEqual((error as? ODataErrorBody)?.message, "Not found")
            XCTAssertEqual((error as? ODataErrorBody)?.code, "404")
        }
    }

    func atomError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ODataDecodingError? {
        do {
            _ = try decoder.decodeEntityList(Data(text.utf8), entityType: RefScenarioModel.room)
            XCTFail("decoded \(text.prefix(80))", file: file, line: line)
        } catch let error as ODataDecodingError {
            return error
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
        }
        return nil
    }

    func testHostileAndMalformedDocuments() {
        let xxe = """
            <?xml version="1.0"?><!DOCTYPE feed [<!ENTITY x SYSTEM "file:///etc/passwd">]>\
            <feed \(Self.namespaces)><entry><m:properties><d:Name>&x;</d:Name></m:properties></entry></feed>
            """
        XCTAssertEqual(atomError(xxe)?.message, "DOCTYPE declarations are not accepted")
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>\
            <feed \(Self.namespaces)><entry><m:properties><d:Name>&lol2;</d:Name></m:properties></entry></feed>
            """
        XCTAssertEqual(atomError(laughs)?.message, "DOCTYPE declarations are not accepted")
        let undefined = "<feed \(Self.namespaces)><entry><m:properties><d:Name>&x;</d:Name></m:properties></entry></feed>"
        XCTAssertEqual(atomError(undefined)?.message.hasPrefix("malformed XML"), true)
        let truncated = "<feed \(Self.namespaces)><entry><m:properties><d:Seats>1</d:Seats>"
        XCTAssertNotNil(atomError(truncated))
        let badValue = "<feed \(Self.namespaces)><entry><m:properties>\n<d:Seats>many</d:Seats></m:properties></entry></feed>"
        let error = atomError(badValue)
        XCTAssertEqual(error?.line, 2)
        XCTAssertEqual(error?.message.contains("Edm.Int16"), true)
        XCTAssertEqual(atomError("<rss/>")?.message, "expected an Atom <feed> or <entry> root element")
        XCTAssertEqual(atomError("")?.message, "empty payload")
        XCTAssertEqual(atomError("<feed \(Self.namespaces)><m:count>-3</m:count></feed>")?.message, "invalid m:count \"-3\"")
        var deep = "<feed \(Self.namespaces)><entry><m:properties><d:Id>"
        deep += String(repeating: "<x>", count: 5000)
        XCTAssertNotNil(atomError(deep))
        var nested = "<entry \(Self.namespaces)><m:properties><d:Id>1</d:Id></m:properties></entry>"
        for _ in 0..<120 {
            nested =
                "<entry \(Self.namespaces)><link rel=\"http://schemas.microsoft.com/ado/2007/08/dataservices/related/nr_Employees\">"
                + "<m:inline><feed><entry><link rel=\"http://schemas.microsoft.com/ado/2007/08/dataservices/related/ne_Room\"><m:inline>"
                + nested + "</m:inline></link></entry></feed></m:inline></link></entry>"
        }
        XCTAssertEqual(atomError(nested)?.message, "inline expansions nested too deeply")
    }
}

extension AtomDecoderTests {
    func testEncodingsUTF8WithBOMAndUTF16AreReadOthersAreNot() throws {
        let text = "<entry \(Self.namespaces)><m:properties><d:Name>Müller ☕</d:Name></m:properties></entry>"
        for data in [
            Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)), text.data(using: .utf16)!,
            text.data(using: .utf16BigEndian).map { Data([0xFE, 0xFF]) + $0 }!,
        ] {
            XCTAssertEqual(try decoder.decodeEntity(data, entityType: RefScenarioModel.room)["Name"], .string("Müller ☕"))
        }
        let declaredUTF8 = "<?xml version=\"1.0\" encoding=\"utf-8\"?>" + text
        XCTAssertEqual(try decoder.decodeEntity(Data(declaredUTF8.utf8), entityType: RefScenarioModel.room)["Name"], .string("Müller ☕"))
        // A single-byte encoding that the declaration names is transcoded (ISO-8859-1, Windows-1252).
        let latin1 =
            "<?xml version='1.0' encoding='ISO-8859-1'?><entry \(Self.namespaces)><m:properties>"
            + "<d:Name>M\u{FC}ller \u{A9} \u{80}</d:Name></m:properties></entry>"
        let latin1Bytes = Data(latin1.unicodeScalars.map { UInt8($0.value) })
        XCTAssertEqual(try decoder.decodeEntity(latin1Bytes, entityType: RefScenarioModel.room)["Name"], .string("Müller © \u{80}"))
        let windows1252Bytes = Data(
            latin1.replacingOccurrences(of: "ISO-8859-1", with: "windows-1252").unicodeScalars.map { UInt8($0.value) })
        XCTAssertEqual(try decoder.decodeEntity(windows1252Bytes, entityType: RefScenarioModel.room)["Name"], .string("Müller © €"))
        // Any other declared encoding is read through iconv (issue #31): bytes that are not text in it are an error
        // naming the encoding and the byte, never misread.
        let shiftJIS = "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>" + text
        XCTAssertThrowsError(try decoder.decodeEntity(Data(shiftJIS.utf8), entityType: RefScenarioModel.room)) { error in
            XCTAssertTrue((error as? ODataDecodingError)?.message.contains("not valid Shift_JIS text (at byte") == true, "\(error)")
        }
        // UCS-4 without a byte-order mark (which crashed libxml2's detection under fuzzing) is an error.
        XCTAssertThrowsError(try decoder.decodeEntity(Data([0, 0, 0x3C, 0, 0x6E, 0x26]), entityType: RefScenarioModel.room))
    }
}

extension AtomDecoderTests {
    /// libxml2 reads the payload in pieces of a few kilobytes: text, tags and entities cross their boundaries.
    func testLargeFeedIsReadAcrossInputPieces() throws {
        var text = "<feed \(Self.namespaces)>"
        for index in 0..<3000 {
            let name = index == 1234 ? String(repeating: "Müller &amp; ☕ ", count: 1000) : "Room \(index) &lt;x&gt;"
            text +=
                "<entry><id>Rooms('\(index)')</id><content type=\"application/xml\"><m:properties><d:Id>\(index)</d:Id>"
                + "<d:Name>\(name)</d:Name><d:Seats>\(index % 300)</d:Seats></m:properties></content></entry>"
        }
        text += "</feed>"
        let list = try decoder.decodeEntityList(Data(text.utf8), entityType: RefScenarioModel.room)
        XCTAssertEqual(list.entities.count, 3000)
        XCTAssertEqual(list.entities[2999]["Name"], .string("Room 2999 <x>"))
        XCTAssertEqual(list.entities[2999]["Seats"], .int16(299))
        XCTAssertEqual(list.entities[2999].metadata.uri, "Rooms('2999')")
        XCTAssertEqual(list.entities[1234]["Name"], .string(String(repeating: "Müller & ☕ ", count: 1000)))
    }

    /// An escaped `&` in an attribute value (a next link's query, an ETag, an edit link) reads as `&`, whether
    /// written `&amp;` or `&#38;`, and a literal `&#38;` (written `&amp;#38;`) stays as it was written.
    func testAmpersandsInAttributeValuesReadAsAmpersands() throws {
        let text = """
            <feed \(Self.namespaces) xml:base="http://h/S/">
              <entry m:etag="W/&quot;a&amp;b&quot;"><id>http://h/S/Rooms('1')</id>
                <link rel="edit" href="Rooms('a&amp;b')"/>
                <content type="application/xml"><m:properties><d:Id>1</d:Id><d:Name>x &amp; y</d:Name></m:properties></content>
              </entry>
              <link rel="next" href="Rooms?$skiptoken=1&amp;$top=10&#38;$x=&amp;#38;"/>
            </feed>
            """
        let list = try decoder.decodeEntityList(Data(text.utf8), entityType: RefScenarioModel.room)
        XCTAssertEqual(list.nextLink, "http://h/S/Rooms?$skiptoken=1&$top=10&$x=&#38;")
        XCTAssertEqual(list.entities.first?.metadata.etag, "W/\"a&b\"")
        XCTAssertEqual(list.entities.first?.metadata.editLink, "http://h/S/Rooms('a&b')")
        XCTAssertEqual(list.entities.first?["Name"], .string("x & y"))
    }

    /// Properties are matched whatever their order, which may differ from entry to entry.
    func testPropertiesInAnyOrder() throws {
        func entry(_ properties: String) -> String { "<entry><m:properties>\(properties)</m:properties></entry>" }
        let text =
            "<feed \(Self.namespaces)>"
            + entry("<d:Id>1</d:Id><d:Name>a</d:Name><d:Seats>10</d:Seats>")
            + entry("<d:Seats>20</d:Seats><d:Name>b</d:Name><d:Id>2</d:Id>")
            + entry("<d:Name>c</d:Name><d:Unknown>x</d:Unknown><d:Seats>30</d:Seats><d:Seats>31</d:Seats>")
            + entry("<d:Id>4</d:Id><d:Name>d</d:Name><d:Seats>40</d:Seats>") + "</feed>"
        let entities = try decoder.decodeEntityList(Data(text.utf8), entityType: RefScenarioModel.room).entities
        XCTAssertEqual(entities.map { $0["Id"] }, [.string("1"), .string("2"), nil, .string("4")])
        XCTAssertEqual(entities.map { $0["Name"] }, ["a", "b", "c", "d"].map { .string($0) })
        XCTAssertEqual(entities.map { $0["Seats"] }, [10, 20, 31, 40].map { .int16($0) })
    }

    /// libxml2's pull parser stops at a NUL byte as if the input ended there: what follows is not ignored.
    func testContentAfterANulByteIsAnError() {
        let entry = "<entry \(Self.namespaces)><m:properties><d:Id>1</d:Id></m:properties></entry>"
        for suffix in ["\u{0}<entry/>", "\u{0}", " \u{0} "] {
            XCTAssertEqual(atomError(entry + suffix)?.message.hasPrefix("malformed XML"), true, suffix.debugDescription)
        }
        XCTAssertEqual(
            atomError("<entry \(Self.namespaces)><m:properties><d:Id>1\u{0}</d:Id></m:properties></entry>")?
                .message.hasPrefix("malformed XML"), true)
    }
}

extension AtomDecoderTests {
    /// Deferred links at `<id>/<name>` are kept compactly; links read before `<id>`, or before a second `<id>`,
    /// keep the URI they were written with.
    func testDeferredLinksWhateverTheOrderOfIdAndLinks() throws {
        let related = "http://schemas.microsoft.com/ado/2007/08/dataservices/related/"
        let employees = try XCTUnwrap(RefScenarioModel.room.navigationProperty(named: "nr_Employees"))
        let building = try XCTUnwrap(RefScenarioModel.room.navigationProperty(named: "nr_Building"))
        func room(_ body: String) throws -> EntityValue {
            try decoder.decodeEntity(
                Data("<entry \(Self.namespaces) xml:base=\"http://h/S/\">\(body)</entry>".utf8), entityType: RefScenarioModel.room)
        }
        let usual = try room(
            "<id>http://h/S/Rooms('1')</id><link rel=\"\(related)nr_Employees\" href=\"Rooms('1')/nr_Employees\"/>"
                + "<link rel=\"\(related)nr_Building\" href=\"http://other/B('9')\"/>")
        XCTAssertEqual(usual[employees], .deferred(uri: "http://h/S/Rooms('1')/nr_Employees"))
        XCTAssertEqual(usual[building], .deferred(uri: "http://other/B('9')"))
        let linkFirst = try room("<link rel=\"\(related)nr_Employees\" href=\"Rooms('1')/nr_Employees\"/><id>http://h/S/Rooms('1')</id>")
        XCTAssertEqual(linkFirst[employees], .deferred(uri: "http://h/S/Rooms('1')/nr_Employees"))
        XCTAssertEqual(linkFirst, usual.removingNavigation(building))
        let secondID = try room(
            "<id>http://h/S/Rooms('1')</id><link rel=\"\(related)nr_Employees\" href=\"Rooms('1')/nr_Employees\"/><id>http://h/S/Rooms('2')</id>"
        )
        XCTAssertEqual(secondID.metadata.uri, "http://h/S/Rooms('2')")
        XCTAssertEqual(secondID[employees], .deferred(uri: "http://h/S/Rooms('1')/nr_Employees"))
        let noHref = try room("<id>http://h/S/Rooms('1')</id><link rel=\"\(related)nr_Employees\"/>")
        XCTAssertEqual(noHref[employees], .deferred(uri: nil))
    }
}

extension EntityValue {
    fileprivate func removingNavigation(_ navigation: NavigationDescriptor) -> EntityValue {
        var copy = self
        copy[navigation] = nil
        return copy
    }
}
