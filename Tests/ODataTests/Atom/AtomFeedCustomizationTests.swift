import Foundation
import ODataMetadata
import XCTest

@testable import OData

/// Issue 14 item 7: customizable feeds ([MS-ODATA] 2.2.3.7.2.1 and 2.2.6.2.2.1) beyond the syndication
/// keywords: custom targets in another namespace (elements and attributes), XHTML content, mappings an
/// entity type declares for an inherited property (`FC_SourcePath`), nulls, the generated-row form, and
/// writes that keep every mapped property.
final class AtomFeedCustomizationTests: XCTestCase {
    /// A WCF Data Services style model: `Name` in `<title>` and `Notes` as XHTML in `<rights>` only, `Rating`
    /// and `Reviewer` in a custom `<r:review stars="…"><r:by>…</r:by></r:review>` only, and a derived type
    /// that maps the inherited `Price` to `<summary>`.
    static let model: DataModel = {
        let edmx = """
            <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx">
              <edmx:DataServices m:DataServiceVersion="2.0" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
                <Schema Namespace="Shop" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
                  <EntityType Name="Product">
                    <Key><PropertyRef Name="ID"/></Key>
                    <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
                    <Property Name="Name" Type="Edm.String" m:FC_TargetPath="SyndicationTitle" m:FC_ContentKind="text" m:FC_KeepInContent="false"/>
                    <Property Name="Notes" Type="Edm.String" m:FC_TargetPath="SyndicationRights" m:FC_ContentKind="xhtml" m:FC_KeepInContent="false"/>
                    <Property Name="ReleaseDate" Type="Edm.DateTime" m:FC_TargetPath="SyndicationUpdated" m:FC_KeepInContent="false"/>
                    <Property Name="Rating" Type="Edm.Int32" m:FC_TargetPath="review/@stars" m:FC_NsUri="http://example.org/reviews" m:FC_NsPrefix="r" m:FC_KeepInContent="false"/>
                    <Property Name="Reviewer" Type="Edm.String" m:FC_TargetPath="review/by" m:FC_NsUri="http://example.org/reviews" m:FC_NsPrefix="r" m:FC_KeepInContent="false"/>
                    <Property Name="Price" Type="Edm.Decimal"/>
                  </EntityType>
                  <EntityType Name="Gadget" BaseType="Shop.Product" m:FC_SourcePath="Price" m:FC_TargetPath="SyndicationSummary" m:FC_KeepInContent="false"/>
                  <EntityContainer Name="Container" m:IsDefaultEntityContainer="true">
                    <EntitySet Name="Products" EntityType="Shop.Product"/>
                  </EntityContainer>
                </Schema>
              </edmx:DataServices>
            </edmx:Edmx>
            """
        do { return try DataModel(metadata: MetadataParser.parse(edmx)) } catch { fatalError("\(error)") }
    }()
    static let product = RecordedModels.entityType(model, "Shop.Product")
    static let gadget = RecordedModels.entityType(model, "Shop.Gadget")
    let decoder = ODataAtomDecoder(typeResolver: { AtomFeedCustomizationTests.model.entityType(named: $0) })

    static func entry(_ body: String, type: String = "Shop.Product") -> Data {
        Data(
            """
            <entry xmlns="http://www.w3.org/2005/Atom" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" \
            xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices" xmlns:r="http://example.org/reviews">
              <id>http://h/svc/Products(1)</id>
              <category term="\(type)" scheme="http://schemas.microsoft.com/ado/2007/08/dataservices/scheme"/>
              \(body)
              <content type="application/xml"><m:properties><d:ID m:type="Edm.Int32">1</d:ID></m:properties></content>
            </entry>
            """.utf8)
    }

    func testTheModelCarriesEveryMapping() throws {
        let rating = try XCTUnwrap(Self.product.property(named: "Rating")?.feedMapping)
        XCTAssertEqual(
            rating,
            FeedMapping(targetPath: "review/@stars", namespaceURI: "http://example.org/reviews", namespacePrefix: "r", keepInContent: false)
        )
        XCTAssertEqual(Self.product.property(named: "Notes")?.feedMapping?.contentKind, .xhtml)
        XCTAssertNil(Self.product.property(named: "Price")?.feedMapping, "the base type does not map Price")
        XCTAssertEqual(Self.gadget.property(named: "Price")?.feedMapping?.targetPath, "SyndicationSummary")
    }

    func testCustomElementsAndAttributesOfAnotherNamespaceAreRead() throws {
        let data = Self.entry(
            """
            <title type="text">Kettle</title>
            <updated>2026-12-02T08:00:00Z</updated>
            <r:review r:stars="4"><r:by>Ann &amp; Bo</r:by></r:review>
            <other:review xmlns:other="http://example.org/other" stars="1"><other:by>Not this</other:by></other:review>
            """)
        let entity = try decoder.decodeEntity(data, entityType: Self.product)
        XCTAssertEqual(entity["Name"], .string("Kettle"))
        XCTAssertEqual(entity["Rating"], .int32(4))
        XCTAssertEqual(entity["Reviewer"], .string("Ann & Bo"))
        XCTAssertEqual(entity["ReleaseDate"], .dateTime(LocalDateTime(millisecondsSince1970: 1_796_198_400_000)!))
        XCTAssertEqual(entity["ID"], .int32(1))
    }

    func testAnUnprefixedAttributeOfTheMappedElementIsReadToo() throws {
        let entity = try decoder.decodeEntity(Self.entry(#"<r:review stars="5"/>"#), entityType: Self.product)
        XCTAssertEqual(entity["Rating"], .int32(5))
        XCTAssertNil(entity["Reviewer"], "no <r:by>: not read, not null")
    }

    func testXHTMLContentIsReadAsItsMarkup() throws {
        let data = Self.entry(
            #"<rights type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Fits <b class="x">1&lt;2</b> kettles</div></rights>"#)
        let entity = try decoder.decodeEntity(data, entityType: Self.product)
        XCTAssertEqual(
            entity["Notes"], .string(#"<div xmlns="http://www.w3.org/1999/xhtml">Fits <b class="x">1&lt;2</b> kettles</div>"#))
    }

    func testADerivedTypeMapsAnInheritedPropertyThroughSourcePath() throws {
        let data = Self.entry("<summary type=\"text\">12.50</summary>", type: "Shop.Gadget")
        let entity = try decoder.decodeEntity(data, entityType: Self.product)
        XCTAssertEqual(entity.entityType.qualifiedName, "Shop.Gadget")
        XCTAssertEqual(entity["Price"], .decimal(BigDecimal(significand: 1250, scale: 2)))
    }

    func testAnEmptyTargetIsNullExceptForStringsAndABadValueNamesTheProperty() throws {
        let entity = try decoder.decodeEntity(Self.entry("<title/><updated/><r:review r:stars=\"\"/>"), entityType: Self.product)
        XCTAssertEqual(entity["Name"], .string(""))
        XCTAssertEqual(entity["ReleaseDate"], .null)
        XCTAssertEqual(entity["Rating"], .null)
        XCTAssertThrowsError(try decoder.decodeEntity(Self.entry(#"<r:review r:stars="many"/>"#), entityType: Self.product)) { error in
            XCTAssertEqual((error as? ODataDecodingError)?.property, "Rating")
        }
    }

    func testAGeneratedRowCarriesTheMapping() throws {
        let row = "Rating Edm.Int32 FC_TargetPath=review/@stars FC_KeepInContent=false FC_NsUri=http://example.org/reviews FC_NsPrefix=r"
        let descriptor = try PropertyDescriptor.parse(row, index: 0, complexTypes: []).get()
        XCTAssertEqual(descriptor.feedMapping, Self.product.property(named: "Rating")?.feedMapping)
        let xhtml = try PropertyDescriptor.parse(
            "Notes Edm.String FC_TargetPath=SyndicationRights FC_ContentKind=xhtml", index: 0, complexTypes: []
        ).get()
        XCTAssertEqual(xhtml.feedMapping, FeedMapping(targetPath: "SyndicationRights", contentKind: .xhtml))
        XCTAssertEqual(
            PropertyDescriptor.parse("X Edm.String FC_KeepInContent=false", index: 0, complexTypes: []).failureReason,
            "FC_ facets without FC_TargetPath")
    }

    func testWritesKeepEveryMappedPropertyInPropertiesAndInTheMappedPlace() throws {
        var entity = EntityValue(type: Self.product)
        try entity.set("ID", to: .int32(7))
        try entity.set("Name", to: .string("Kettle <2L>"))
        try entity.set("Rating", to: .int32(3))
        try entity.set("Reviewer", to: .string("Ann"))
        try entity.set("Notes", to: .string("<div xmlns=\"http://www.w3.org/1999/xhtml\">x</div>"))
        try entity.set("ReleaseDate", to: .dateTime(LocalDateTime(millisecondsSince1970: 1_796_198_400_000)!))
        let body = String(decoding: ODataAtomEncoder().encodeForCreate(entity), as: UTF8.self)
        XCTAssertTrue(body.contains("<d:Name>Kettle &lt;2L&gt;</d:Name>"), body)
        XCTAssertTrue(body.contains("<d:Rating m:type=\"Edm.Int32\">3</d:Rating>"), body)
        XCTAssertTrue(body.contains("<d:Reviewer>Ann</d:Reviewer>"), body)
        XCTAssertTrue(body.contains("<title type=\"text\">Kettle &lt;2L&gt;</title>"), body)
        XCTAssertTrue(body.contains("<updated>2026-12-02T08:00:00Z</updated>"), body)
        XCTAssertTrue(body.contains(#"<r:review xmlns:r="http://example.org/reviews" r:stars="3"><r:by>Ann</r:by></r:review>"#), body)
        // What the SDK writes, it reads back the same.
        let read = try decoder.decodeEntity(Data(body.utf8), entityType: Self.product)
        for name in ["ID", "Name", "Rating", "Reviewer", "Notes", "ReleaseDate"] { XCTAssertEqual(read[name], entity[name], name) }
    }
}

extension Result where Failure == PropertyDescriptor.RowError {
    fileprivate var failureReason: String? {
        if case .failure(let error) = self { return error.reason }
        return nil
    }
}
