import XCTest

@testable import ODataMetadata

/// OData 3.0 documents (EDMX 1.0, `DataServiceVersion="3.0"`, CSDL 2009/11) read as what they are.
final class OData3DocumentTests: XCTestCase {
    /// A v3 document around `body`.
    static func document(_ body: String, dataServiceVersion: String = "3.0") -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx">
          <edmx:DataServices m:DataServiceVersion="\(dataServiceVersion)" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
            <Schema Namespace="Shop" xmlns="http://schemas.microsoft.com/ado/2009/11/edm">
        \(body)
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """
    }

    static let shop = """
        <EnumType Name="Colour" UnderlyingType="Edm.Int16"><Member Name="Red"/><Member Name="Green" Value="5"/><Member Name="Blue"/></EnumType>
        <EntityType Name="Paint"><Key><PropertyRef Name="Colour"/></Key><Property Name="Colour" Type="Shop.Colour" Nullable="false"/>
          <Property Name="Picture" Type="Edm.Stream"/></EntityType>
        <EntityContainer Name="Store" m:IsDefaultEntityContainer="true">
          <EntitySet Name="Paints" EntityType="Shop.Paint"/>
          <FunctionImport Name="Mix" ReturnType="Shop.Paint" EntitySet="Paints"><Parameter Name="a" Type="Shop.Colour"/></FunctionImport>
          <FunctionImport Name="Count" ReturnType="Edm.Int32" IsSideEffecting="false"/>
          <FunctionImport Name="Touch" ReturnType="Edm.Int32" m:HttpMethod="GET"/>
          <FunctionImport Name="Polish" IsBindable="true" m:IsAlwaysBindable="true" IsSideEffecting="true">
            <Parameter Name="paint" Type="Shop.Paint"/></FunctionImport>
          <FunctionImport Name="Polish" IsBindable="true"><Parameter Name="paints" Type="Collection(Shop.Paint)"/></FunctionImport>
          <FunctionImport Name="Rate" ReturnType="Edm.Int32" IsBindable="true" IsComposable="true" IsSideEffecting="false">
            <Parameter Name="paint" Type="Shop.Paint"/></FunctionImport>
        </EntityContainer>
        """

    func testEnumTypeIsDeclaredAndAnEnumKeyIsAKey() throws {
        let metadata = try Fixtures.parse(Self.document(Self.shop))
        XCTAssertEqual(metadata.version, .v3)
        let colour = try XCTUnwrap(metadata.enumType(named: "Shop.Colour"))
        XCTAssertEqual(colour.underlyingType, .int16)
        XCTAssertEqual(colour.members.map(\.value), [0, 5, 6])
        let paint = try XCTUnwrap(metadata.entityType(named: "Shop.Paint"))
        XCTAssertEqual(paint.key, ["Colour"])
        XCTAssertEqual(paint.property(named: "Colour")?.type, .enumeration(qualifiedName: "Shop.Colour"))
        XCTAssertEqual(paint.property(named: "Picture")?.type, .primitive(.stream))
        XCTAssertEqual(
            metadata.defaultContainer?.functionImport(named: "Mix")?.parameters.first?.type, .enumeration(qualifiedName: "Shop.Colour"))
        XCTAssertEqual(metadata.diagnostics, [])
    }

    func testSideEffectingImportsAreActionsCalledWithPOST() throws {
        let container = try XCTUnwrap(Fixtures.parse(Self.document(Self.shop)).defaultContainer)
        let mix = try XCTUnwrap(container.functionImport(named: "Mix"))
        XCTAssertNil(mix.httpMethod)
        XCTAssertEqual(mix.kind, .action)
        XCTAssertEqual(mix.effectiveHTTPMethod, "POST")
        let count = try XCTUnwrap(container.functionImport(named: "Count"))
        XCTAssertEqual(count.isSideEffecting, false)
        XCTAssertEqual(count.kind, .function)
        XCTAssertEqual(count.effectiveHTTPMethod, "GET")
        XCTAssertEqual(container.functionImport(named: "Touch")?.kind, .function)
        // The same import in a 2.0 document keeps SAP's reading: GET.
        let v2 = try XCTUnwrap(Fixtures.parse(Self.document(Self.shop, dataServiceVersion: "2.0")).defaultContainer)
        XCTAssertEqual(v2.functionImport(named: "Mix")?.effectiveHTTPMethod, "GET")
    }

    func testBindableFlagsAreReadAndOverloadsAreValid() throws {
        let metadata = try Fixtures.parse(Self.document(Self.shop))
        let container = try XCTUnwrap(metadata.defaultContainer)
        let polish = container.functionImports.filter { $0.name == "Polish" }
        XCTAssertEqual(polish.map(\.isBound), [true, true])
        XCTAssertEqual(polish.map(\.isAlwaysBindable), [true, false])
        XCTAssertEqual(
            polish.map { $0.parameters.first?.type },
            [.entity(qualifiedName: "Shop.Paint"), .collection(.entity(qualifiedName: "Shop.Paint"))])
        let rate = try XCTUnwrap(container.functionImport(named: "Rate"))
        XCTAssertTrue(rate.isBound)
        XCTAssertTrue(rate.isComposable)
        XCTAssertEqual(metadata.diagnostics("duplicate-name"), [])
        // The same name with the same parameter types is still a duplicate.
        let twice = Self.shop.replacingOccurrences(
            of: "<Parameter Name=\"paints\" Type=\"Collection(Shop.Paint)\"/>", with: "<Parameter Name=\"paint\" Type=\"Shop.Paint\"/>")
        XCTAssertEqual(try Fixtures.parse(Self.document(twice)).diagnostics("duplicate-name").map(\.location.line), [15])
    }

    func testDuplicatedPropertyIsReportedAndKeptOnce() throws {
        let body = """
            <EntityType Name="Order"><Key><PropertyRef Name="ekgrp"/><PropertyRef Name="ekgrp"/></Key>
              <Property Name="ekgrp" Type="Edm.String" Nullable="false" MaxLength="3"/>
              <Property Name="ekgrp" Type="Edm.Int32" Nullable="false"/>
              <Property Name="name" Type="Edm.String"/>
            </EntityType>
            """
        let metadata = try Fixtures.parse(Fixtures.edmx(body))
        let order = try XCTUnwrap(metadata.entityType(named: "Test.Order"))
        XCTAssertEqual(order.properties.map(\.name), ["ekgrp", "name"])
        XCTAssertEqual(order.properties.first?.type, .primitive(.string))
        XCTAssertEqual(order.key, ["ekgrp"])
        let duplicates = metadata.diagnostics("duplicate-name")
        XCTAssertEqual(duplicates.map(\.location.line), [5, 7])
        XCTAssertTrue(duplicates.last?.message.contains("the first is kept") == true, "\(duplicates)")
    }

    func testNonUTF8EncodingsLibxml2KnowsAreRead() throws {
        let document = Fixtures.edmx(
            #"<EntityType Name="Łódź"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/></EntityType>"#
        )
        .replacingOccurrences(of: "encoding=\"utf-8\"", with: "encoding=\"iso-8859-2\"")
        // Plain ASCII under the ISO-8859-2 declaration.
        let ascii = try MetadataParser.parse(Array(document.replacingOccurrences(of: "Łódź", with: "Lodz").utf8))
        XCTAssertEqual(ascii.entityTypes.map(\.name), ["Lodz"])
        // Real ISO-8859-2 bytes: Ł is 0xA3, ó 0xF3, ź 0xBC.
        var latin2: [UInt8] = []
        for scalar in document.unicodeScalars {
            switch scalar {
            case "Ł": latin2.append(0xA3)
            case "ó": latin2.append(0xF3)
            case "ź": latin2.append(0xBC)
            default: latin2.append(UInt8(scalar.value))
            }
        }
        XCTAssertEqual(try MetadataParser.parse(latin2).entityTypes.map(\.name), ["Łódź"])
        let unknown = document.replacingOccurrences(of: "iso-8859-2", with: "x-no-such-encoding").replacingOccurrences(
            of: "Łódź", with: "Lodz")
        assertParseFails(unknown, kind: .malformedXML)
    }
}
