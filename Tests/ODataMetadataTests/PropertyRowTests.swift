import XCTest

@testable import ODataMetadata

/// The compact descriptor-row grammar that the generator writes and the runtime reads.
final class PropertyRowTests: XCTestCase {
    func testEveryFacetReadsBackAsWritten() throws {
        let row = PropertyRow(
            name: "Rating", typeName: "Collection(Edm.Decimal)", isNullable: false, maxLength: 10, precision: 15, scale: 3,
            isKey: true, isConcurrencyToken: true,
            feedMapping: FeedCustomization(
                targetPath: "review/@stars", keepInContent: false, contentKind: "html", namespaceURI: "http://example.org/r",
                namespacePrefix: "r"))
        XCTAssertEqual(
            row.text,
            "Rating Collection(Edm.Decimal) Nullable=false MaxLength=10 Precision=15 Scale=3 Key ConcurrencyMode=Fixed "
                + "FC_TargetPath=review/@stars FC_KeepInContent=false FC_ContentKind=html FC_NsUri=http://example.org/r FC_NsPrefix=r")
        XCTAssertEqual(try PropertyRow.parse(row.text), row)
        XCTAssertTrue(row.isRoundTripping)
        let plain = PropertyRow(name: "City", typeName: "Edm.String")
        XCTAssertEqual(plain.text, "City Edm.String")
        XCTAssertEqual(try PropertyRow.parse("City Edm.String"), plain)
    }

    func testWhatARowCannotCarryDoesNotRoundTrip() {
        XCTAssertFalse(PropertyRow(name: "First Name", typeName: "Edm.String").isRoundTripping)
        XCTAssertFalse(PropertyRow(name: "", typeName: "Edm.String").isRoundTripping)
        XCTAssertFalse(PropertyRow(name: "X", typeName: "").isRoundTripping)
        XCTAssertFalse(PropertyRow(name: "X", typeName: "Edm.String", maxLength: -1).isRoundTripping)
        XCTAssertFalse(
            PropertyRow(name: "X", typeName: "Edm.String", feedMapping: FeedCustomization(targetPath: "a b")).isRoundTripping)
        XCTAssertFalse(
            PropertyRow(name: "X", typeName: "Edm.String", feedMapping: FeedCustomization(targetPath: "t", namespaceURI: "urn:a b"))
                .isRoundTripping)
        XCTAssertTrue(
            PropertyRow(name: "X", typeName: "Edm.String", feedMapping: FeedCustomization(targetPath: "t", namespaceURI: "urn:a=b"))
                .isRoundTripping)
    }

    func testMalformedRowsSayWhy() {
        func reason(_ text: String) -> String? {
            do {
                _ = try PropertyRow.parse(text)
                return nil
            } catch {
                return error.reason
            }
        }
        XCTAssertEqual(reason("Name"), "expected a name and a type")
        XCTAssertEqual(reason(" Edm.String"), "expected a name and a type")
        XCTAssertEqual(reason("Name  Key"), "expected a name and a type")
        XCTAssertEqual(reason("Name Edm.String Nullable=true"), "unknown facet Nullable=true")
        XCTAssertEqual(reason("Name Edm.String MaxLength=-1"), "unknown facet MaxLength=-1")
        XCTAssertEqual(reason("Name Edm.String Width=3"), "unknown facet Width=3")
        XCTAssertEqual(reason("Name Edm.String  Key"), "unknown facet ")
        XCTAssertEqual(reason("Name Edm.String FC_NsUri=urn:x"), "FC_ facets without FC_TargetPath")
        XCTAssertEqual(reason("Name Edm.String FC_TargetPath=t FC_Other=1"), "unknown facet FC_Other")
        XCTAssertEqual(reason("Name Edm.String FC_TargetPath=t FC_TargetPath=u"), "repeated facet FC_TargetPath")
        XCTAssertNil(reason("Name Edm.String Key"))
    }
}
