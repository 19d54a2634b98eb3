import Foundation
import ODataMetadata
import XCTest

@testable import ODataCodeGen

/// Issue 14 item 7: generated descriptors carry the customizable-feed mappings (`m:FC_*`), so that typed
/// entities read the values a WCF Data Services feed carries in `<title>`, `<summary>` or a custom element
/// instead of `m:properties`. (PluginIntegration's DemoServiceTests decodes such an Atom entry into the
/// generated `Product`.)
final class FeedMappingTests: XCTestCase {
    func testRowsCarryTheMappingsOfARealWCFDocument() throws {
        let result = try CodeGenerator().generate(try TestSupport.parse(try TestSupport.corpusDocument("ODataDemo.xml")))
        let product = try TestSupport.file(result, "Product.swift")
        XCTAssertContains(product, #""Name Edm.String FC_TargetPath=SyndicationTitle FC_KeepInContent=false FC_ContentKind=text""#)
        XCTAssertContains(product, #""Description Edm.String FC_TargetPath=SyndicationSummary FC_KeepInContent=false FC_ContentKind=text""#)
        XCTAssertContains(product, #""Price Edm.Decimal Nullable=false","#)  // an unmapped property has no FC_ facets
    }

    func testCustomTargetsAndInheritedMappingsAndTheDescriptorForm() throws {
        let types = """
            <EntityType Name="Product">
              <Key><PropertyRef Name="ID"/></Key>
              <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
              <Property Name="Rating" Type="Edm.Int32" m:FC_TargetPath="review/@stars" m:FC_NsUri="http://example.org/reviews" m:FC_NsPrefix="r" m:FC_KeepInContent="false"/>
              <Property Name="Notes" Type="Edm.String" m:FC_TargetPath="SyndicationRights" m:FC_ContentKind="xhtml"/>
              <Property Name="Price" Type="Edm.Decimal"/>
            </EntityType>
            <EntityType Name="Gadget" BaseType="T.Product" m:FC_SourcePath="Price" m:FC_TargetPath="SyndicationSummary"/>
            <EntityType Name="Odd">
              <Key><PropertyRef Name="ID"/></Key>
              <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
              <Property Name="Label" Type="Edm.String" m:FC_TargetPath="a b" m:FC_NsUri="urn:x" m:FC_ContentKind="html" m:FC_KeepInContent="false"/>
            </EntityType>
            """
        let container = """
            <EntitySet Name="Products" EntityType="T.Product"/><EntitySet Name="Odds" EntityType="T.Odd"/>
            """
        let result = try TestSupport.generate(TestSupport.edmx(types: types, container: container))
        XCTAssertContains(
            try TestSupport.file(result, "Product.swift"),
            #""Rating Edm.Int32 FC_TargetPath=review/@stars FC_KeepInContent=false FC_NsUri=http://example.org/reviews FC_NsPrefix=r""#)
        XCTAssertContains(
            try TestSupport.file(result, "Product.swift"), #""Notes Edm.String FC_TargetPath=SyndicationRights FC_ContentKind=xhtml""#)
        XCTAssertContains(try TestSupport.file(result, "Product.swift"), #""Price Edm.Decimal""#)
        XCTAssertContains(try TestSupport.file(result, "Gadget.swift"), #""Price Edm.Decimal FC_TargetPath=SyndicationSummary""#)
        // A value with whitespace cannot go in a row: the type gets descriptor calls, which must compile.
        let odd = try TestSupport.file(result, "Odd.swift")
        XCTAssertContains(
            odd,
            #"feedMapping: OData.FeedMapping(targetPath: "a b", namespaceURI: "urn:x", contentKind: OData.FeedMapping.ContentKind.html, keepInContent: false)"#
        )
        XCTAssertNil(try Compiler.typecheck(result.files, moduleName: "FeedMapped"))
    }
}
