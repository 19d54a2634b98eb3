import XCTest

@testable import ODataMetadata

/// CSDL XML 4.0 and 4.01 read into the one model.
final class CSDL4Tests: XCTestCase {
    static let library = """
        <EnumType Name="Genre" UnderlyingType="Edm.Byte"><Member Name="Novel" Value="1"/><Member Name="Poetry" Value="2"/></EnumType>
        <EnumType Name="Access" IsFlags="true"><Member Name="Read" Value="1"/><Member Name="Write" Value="2"/></EnumType>
        <EnumType Name="Plain"><Member Name="A"/><Member Name="B"/><Member Name="C" Value="7"/><Member Name="D"/></EnumType>
        <TypeDefinition Name="Isbn" UnderlyingType="Edm.String" MaxLength="13"/>
        <TypeDefinition Name="Money" UnderlyingType="Edm.Decimal" Precision="16" Scale="variable"/>
        <ComplexType Name="Address" Abstract="true" OpenType="true"><Property Name="City" Type="Edm.String" Nullable="false"/>
          <NavigationProperty Name="Country" Type="Lib.Country"/></ComplexType>
        <EntityType Name="Country"><Key><PropertyRef Name="Code"/></Key><Property Name="Code" Type="Edm.String" Nullable="false"/></EntityType>
        <EntityType Name="Item" Abstract="true"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
        <EntityType Name="Book" BaseType="L.Item" OpenType="true" HasStream="true">
          <Property Name="Isbn" Type="L.Isbn"/><Property Name="Genre" Type="Lib.Genre" Nullable="false"/>
          <Property Name="Access" Type="Lib.Access"/><Property Name="Price" Type="L.Money"/>
          <Property Name="Published" Type="Edm.Date"/><Property Name="Opens" Type="Edm.TimeOfDay"/>
          <Property Name="Loan" Type="Edm.Duration"/><Property Name="Cover" Type="Edm.Stream"/>
          <Property Name="Extra" Type="Edm.Untyped"/><Property Name="Rate" Type="Edm.Decimal" Scale="floating" Precision="7"/>
          <Property Name="Place" Type="Edm.GeographyPoint"/>
          <NavigationProperty Name="Author" Type="Lib.Author" Nullable="false" Partner="Books">
            <ReferentialConstraint Property="AuthorID" ReferencedProperty="ID"/><OnDelete Action="Cascade"/>
          </NavigationProperty>
          <NavigationProperty Name="Chapters" Type="Collection(Lib.Chapter)" ContainsTarget="true"/>
          <Property Name="AuthorID" Type="Edm.Int32"/>
        </EntityType>
        <EntityType Name="Author"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/>
          <Property Name="Home" Type="Lib.Address"/>
          <NavigationProperty Name="Books" Type="Collection(Lib.Book)" Partner="Author"/></EntityType>
        <EntityType Name="Chapter"><Key><PropertyRef Name="Home/City" Alias="City"/></Key><Property Name="Home" Type="Lib.Address" Nullable="false"/></EntityType>
        <Action Name="Borrow" IsBound="true" EntitySetPath="book/Author"><Parameter Name="book" Type="Lib.Book" Nullable="false"/>
          <Parameter Name="days" Type="Edm.Int32"/><ReturnType Type="Lib.Author"/></Action>
        <Action Name="Reset"/>
        <Function Name="Search" IsComposable="true"><Parameter Name="text" Type="Edm.String"/><ReturnType Type="Collection(Lib.Book)" Nullable="false"/></Function>
        <Function Name="Search"><Parameter Name="genre" Type="Lib.Genre"/><ReturnType Type="Collection(Lib.Book)"/></Function>
        <Function Name="Total"><ReturnType Type="Edm.Decimal" Precision="10" Scale="2"/></Function>
        <EntityContainer Name="Service">
          <EntitySet Name="Books" EntityType="Lib.Book"><NavigationPropertyBinding Path="Author" Target="Authors"/></EntitySet>
          <EntitySet Name="Authors" EntityType="Lib.Author" IncludeInServiceDocument="false"><NavigationPropertyBinding Path="Books" Target="Books"/></EntitySet>
          <Singleton Name="Favourite" Type="Lib.Book"><NavigationPropertyBinding Path="Author" Target="Authors"/></Singleton>
          <ActionImport Name="ResetAll" Action="L.Reset"/>
          <FunctionImport Name="Search" Function="Lib.Search" EntitySet="Books" IncludeInServiceDocument="true"/>
        </EntityContainer>
        <Annotations Target="L.Book/Isbn">
          <Annotation Term="Core.Description" String="The ISBN"/>
          <Annotation Term="UI.LineItem" Qualifier="Short"><Collection>
            <Record Type="UI.DataField"><PropertyValue Property="Value" Path="Isbn"/><PropertyValue Property="Label"><String>ISBN</String></PropertyValue></Record>
            <Null/><If><Bool>true</Bool><Int>1</Int><Int>2</Int></If></Collection></Annotation>
        </Annotations>
        """

    /// A CSDL 4 document around `body` (schema `Lib`, alias `L`).
    static func document(_ body: String, version: String = "4.0", references: String = "") -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="\(version)" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">\(references)
          <edmx:DataServices>
            <Schema Namespace="Lib" Alias="L" xmlns="http://docs.oasis-open.org/odata/ns/edm">
        \(body)
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """
    }

    func testVersionsAreRead() throws {
        XCTAssertEqual(try Fixtures.parse(Self.document("")).version, .v4)
        XCTAssertEqual(try Fixtures.parse(Self.document("", version: "4.01")).version, .v401)
        XCTAssertEqual(try Fixtures.parse(Fixtures.edmx("")).version, .v2)
        let odd = try Fixtures.parse(Self.document("", version: "4.7"))
        XCTAssertEqual(odd.diagnostics("unsupported-version").map(\.location.line), [2])
    }

    func testEnumTypesAndTypeDefinitions() throws {
        let metadata = try Fixtures.parse(Self.document(Self.library))
        let genre = try XCTUnwrap(metadata.enumType(named: "L.Genre"))
        XCTAssertEqual(genre.underlyingType, .byte)
        XCTAssertEqual(genre.members.map(\.name), ["Novel", "Poetry"])
        XCTAssertEqual(genre.members.map(\.value), [1, 2])
        XCTAssertEqual(metadata.enumType(named: "Lib.Access")?.isFlags, true)
        let plain = try XCTUnwrap(metadata.enumType(named: "Lib.Plain"))
        XCTAssertEqual(plain.underlyingType, .int32)
        XCTAssertEqual(plain.members.map(\.value), [0, 1, 7, 8])
        XCTAssertEqual(plain.members.map(\.hasExplicitValue), [false, false, true, false])
        let isbn = try XCTUnwrap(metadata.typeDefinition(named: "Lib.Isbn"))
        XCTAssertEqual(isbn.underlyingType, .string)
        XCTAssertEqual(isbn.maxLength, .value(13))
        let money = try XCTUnwrap(metadata.typeDefinition(named: "L.Money"))
        XCTAssertEqual(money.precision, 16)
        XCTAssertEqual(money.variableScale, .variable)
        XCTAssertNil(money.scale)
        let book = try XCTUnwrap(metadata.entityType(named: "Lib.Book"))
        XCTAssertEqual(book.property(named: "Isbn")?.type, .typeDefinition(qualifiedName: "Lib.Isbn"))
        XCTAssertEqual(book.property(named: "Genre")?.type, .enumeration(qualifiedName: "Lib.Genre"))
        XCTAssertEqual(book.property(named: "Price")?.type, .typeDefinition(qualifiedName: "Lib.Money"))
    }

    func testPrimitiveTypesOfV4AndSpatialByName() throws {
        let metadata = try Fixtures.parse(Self.document(Self.library))
        let book = try XCTUnwrap(metadata.entityType(named: "Lib.Book"))
        let expected: [(String, EDMPrimitiveType)] = [
            ("Published", .date), ("Opens", .timeOfDay), ("Loan", .duration), ("Cover", .stream), ("Extra", .untyped), ("Rate", .decimal),
        ]
        for (name, type) in expected { XCTAssertEqual(book.property(named: name)?.type, .primitive(type), name) }
        XCTAssertEqual(book.property(named: "Rate")?.variableScale, .floating)
        XCTAssertEqual(book.property(named: "Rate")?.precision, 7)
        XCTAssertEqual(book.property(named: "Place")?.type, .unresolved("Edm.GeographyPoint"))
        let spatial = metadata.diagnostics("unsupported-type")
        XCTAssertEqual(spatial.count, 1)
        XCTAssertTrue(spatial.first?.message.contains("Edm.GeographyPoint") == true, "\(spatial)")
        XCTAssertEqual(spatial.first?.location.line, 20)
        XCTAssertEqual(metadata.diagnostics.filter { $0.severity == .error }, [])
    }

    func testTypesNavigationAndKeys() throws {
        let metadata = try Fixtures.parse(Self.document(Self.library))
        let book = try XCTUnwrap(metadata.entityType(named: "Lib.Book"))
        XCTAssertEqual(book.baseType, "Lib.Item")
        XCTAssertTrue(book.isOpenType)
        XCTAssertTrue(book.hasStream)
        XCTAssertEqual(book.key, ["ID"])
        XCTAssertEqual(metadata.entityType(named: "Lib.Item")?.isAbstract, true)
        let author = try XCTUnwrap(book.navigationProperty(named: "Author"))
        XCTAssertEqual(author.targetType, "Lib.Author")
        XCTAssertEqual(author.multiplicity, .one)
        XCTAssertEqual(author.partner, "Books")
        XCTAssertEqual(author.onDelete, .cascade)
        XCTAssertEqual(author.referentialConstraints, [NavigationConstraint(property: "AuthorID", referencedProperty: "ID")])
        XCTAssertEqual(author.relationship, "")
        let chapters = try XCTUnwrap(book.navigationProperty(named: "Chapters"))
        XCTAssertEqual(chapters.multiplicity, .many)
        XCTAssertTrue(chapters.containsTarget)
        XCTAssertEqual(metadata.entityType(named: "Lib.Author")?.navigationProperty(named: "Books")?.multiplicity, .many)
        let address = try XCTUnwrap(metadata.complexType(named: "Lib.Address"))
        XCTAssertTrue(address.isAbstract)
        XCTAssertTrue(address.isOpenType)
        XCTAssertEqual(address.navigationProperties.map(\.targetType), ["Lib.Country"])
        XCTAssertEqual(address.navigationProperties.first?.multiplicity, .zeroOrOne)
        let chapter = try XCTUnwrap(metadata.entityType(named: "Lib.Chapter"))
        XCTAssertEqual(chapter.key, ["Home/City"])
        XCTAssertEqual(chapter.keyAliases, [KeyAlias(path: "Home/City", alias: "City")])
        XCTAssertEqual(metadata.diagnostics("unresolved-key"), [])
    }

    /// A derived complex type inherits its base's navigation properties as well as its properties (CSDL 4: both are
    /// structural members of the type), base members first.
    func testADerivedComplexTypeInheritsNavigationProperties() throws {
        let metadata = try Fixtures.parse(
            Self.document(
                """
                <EntityType Name="Country"><Key><PropertyRef Name="Code"/></Key><Property Name="Code" Type="Edm.String" Nullable="false"/></EntityType>
                <ComplexType Name="Place"><Property Name="City" Type="Edm.String"/><NavigationProperty Name="Country" Type="Lib.Country"/></ComplexType>
                <ComplexType Name="Address" BaseType="L.Place"><Property Name="Street" Type="Edm.String"/>
                  <NavigationProperty Name="Region" Type="Lib.Country"/></ComplexType>
                <ComplexType Name="Postal" BaseType="Lib.Address"><NavigationProperty Name="Country" Type="Lib.Country"/></ComplexType>
                """))
        let address = try XCTUnwrap(metadata.complexType(named: "Lib.Address"))
        XCTAssertEqual(address.properties.map(\.name), ["City", "Street"])
        XCTAssertEqual(address.navigationProperties.map(\.name), ["Country", "Region"])
        XCTAssertEqual(address.navigationProperties.map(\.targetType), ["Lib.Country", "Lib.Country"])
        // Two levels down; a navigation property declared again under an inherited name is reported and left out.
        let postal = try XCTUnwrap(metadata.complexType(named: "Lib.Postal"))
        XCTAssertEqual(postal.navigationProperties.map(\.name), ["Country", "Region"])
        XCTAssertEqual(metadata.diagnostics("duplicate-name").count, 1, "\(metadata.diagnostics)")
    }

    func testActionsFunctionsAndOverloads() throws {
        let metadata = try Fixtures.parse(Self.document(Self.library))
        let schema = try XCTUnwrap(metadata.schemas.first)
        XCTAssertEqual(schema.actions.map(\.name), ["Borrow", "Reset"])
        XCTAssertEqual(schema.functions.map(\.name), ["Search", "Search", "Total"])
        let borrow = try XCTUnwrap(metadata.operations(named: "L.Borrow").first)
        XCTAssertEqual(borrow.kind, .action)
        XCTAssertTrue(borrow.isBound)
        XCTAssertEqual(borrow.entitySetPath, "book/Author")
        XCTAssertEqual(borrow.bindingParameter?.type, .entity(qualifiedName: "Lib.Book"))
        XCTAssertEqual(borrow.bindingParameter?.isNullable, false)
        XCTAssertEqual(borrow.nonBindingParameters.map(\.name), ["days"])
        XCTAssertEqual(borrow.returnType?.type, .entity(qualifiedName: "Lib.Author"))
        let search = metadata.operations(named: "Lib.Search")
        XCTAssertEqual(search.count, 2)
        XCTAssertEqual(search.map(\.isComposable), [true, false])
        XCTAssertEqual(search.map { $0.parameters.map(\.type) }, [[.primitive(.string)], [.enumeration(qualifiedName: "Lib.Genre")]])
        XCTAssertEqual(search.first?.returnType?.isNullable, false)
        XCTAssertEqual(search.first?.returnType?.type, .collection(.entity(qualifiedName: "Lib.Book")))
        let total = try XCTUnwrap(metadata.operations(named: "Lib.Total").first?.returnType)
        XCTAssertEqual(total.precision, 10)
        XCTAssertEqual(total.scale, 2)
        XCTAssertEqual(metadata.diagnostics("duplicate-name"), [])
    }

    func testContainerSingletonsImportsAndBindings() throws {
        let metadata = try Fixtures.parse(Self.document(Self.library))
        let container = try XCTUnwrap(metadata.defaultContainer)
        XCTAssertEqual(
            container.entitySet(named: "Books")?.navigationPropertyBindings, [NavigationPropertyBinding(path: "Author", target: "Authors")])
        XCTAssertEqual(container.entitySet(named: "Authors")?.includeInServiceDocument, false)
        let favourite = try XCTUnwrap(container.singleton(named: "Favourite"))
        XCTAssertEqual(favourite.type, "Lib.Book")
        XCTAssertEqual(favourite.navigationPropertyBindings.map(\.target), ["Authors"])
        XCTAssertEqual(container.actionImport(named: "ResetAll")?.action, "Lib.Reset")
        let search = try XCTUnwrap(container.functionImport(named: "Search"))
        XCTAssertEqual(search.function, "Lib.Search")
        XCTAssertEqual(search.kind, .function)
        XCTAssertEqual(search.entitySet, "Books")
        XCTAssertTrue(search.includeInServiceDocument)
        XCTAssertEqual(search.effectiveHTTPMethod, "GET")
        let books = try XCTUnwrap(container.entitySet(named: "Books"))
        XCTAssertEqual(metadata.targetEntitySet(from: books, navigationProperty: "Author")?.name, "Authors")
    }

    func testAnnotationsAreKeptAsValues() throws {
        let metadata = try Fixtures.parse(Self.document(Self.library))
        let block = try XCTUnwrap(metadata.schemas.first?.annotationBlocks.first { $0.target == "Lib.Book/Isbn" })
        XCTAssertEqual(block.annotations.map(\.term), ["Core.Description", "UI.LineItem"])
        XCTAssertEqual(block.annotations.first?.expression, .constant(.string, "The ISBN"))
        let lineItem = try XCTUnwrap(block.annotations.last)
        XCTAssertEqual(lineItem.qualifier, "Short")
        guard case .collection(let items)? = lineItem.expression, items.count == 3 else {
            return XCTFail("expected a collection of three: \(String(describing: lineItem.expression))")
        }
        XCTAssertEqual(
            items[0],
            .record(
                type: "UI.DataField",
                properties: [
                    PropertyValue(property: "Value", value: .path(.path, "Isbn")),
                    PropertyValue(property: "Label", value: .constant(.string, "ISBN")),
                ]))
        XCTAssertEqual(items[1], .null)
        guard case .other(let name, let xml) = items[2] else { return XCTFail("expected If: \(items[2])") }
        XCTAssertEqual(name, "If")
        XCTAssertEqual(xml, "<If><Bool>true</Bool><Int>1</Int><Int>2</Int></If>")
    }

    /// A BaseType from a referenced document: named as a document not given when it is not supplied (it was "not a
    /// declared entity type", and the key it would have inherited was missing), inherited from when it is.
    func testABaseTypeFromASuppliedReferenceIsInheritedFrom() throws {
        let references = """

              <edmx:Reference Uri="https://example.com/common.xml"><edmx:Include Namespace="Common" Alias="C"/></edmx:Reference>
            """
        let body = """
            <EntityType Name="Order" BaseType="C.Thing"><Property Name="Total" Type="Lib.Price"/></EntityType>
            <ComplexType Name="Price" BaseType="Common.Money"><Property Name="Currency" Type="Edm.String"/></ComplexType>
            <EntityType Name="Rush" BaseType="Lib.Order"><Property Name="Due" Type="Edm.Date"/></EntityType>
            """
        let alone = try Fixtures.parse(Self.document(body, references: references))
        let missing = alone.diagnostics("reference-not-given")
        XCTAssertEqual(missing.map(\.location.line), [6, 7], "\(alone.diagnostics)")
        XCTAssertTrue(missing.first?.message.contains("BaseType Common.Thing from namespace Common") == true, "\(missing)")
        XCTAssertEqual(alone.diagnostics("unresolved-type"), [])

        let common = try Fixtures.parse(
            """
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
            <Schema Namespace="Common" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <EntityType Name="Root" Abstract="true"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
              <EntityType Name="Thing" BaseType="Common.Root" Abstract="true"><Property Name="Label" Type="Edm.String"/></EntityType>
              <ComplexType Name="Money"><Property Name="Amount" Type="Edm.Decimal"/></ComplexType>
            </Schema>
            </edmx:DataServices></edmx:Edmx>
            """)
        let given = try Fixtures.parse(Self.document(body, references: references), options: ParseOptions().referencing([common]))
        XCTAssertEqual(given.diagnostics, [])
        let order = try XCTUnwrap(given.entityType(named: "Lib.Order"))
        XCTAssertEqual(order.baseType, "Common.Thing")
        XCTAssertEqual(order.key, ["ID"])
        XCTAssertEqual(order.properties.map(\.name), ["ID", "Label", "Total"])
        XCTAssertEqual(given.entityType(named: "Lib.Rush")?.properties.map(\.name), ["ID", "Label", "Total", "Due"])
        XCTAssertEqual(given.entityType(named: "Lib.Rush")?.key, ["ID"])
        XCTAssertEqual(given.complexType(named: "Lib.Price")?.properties.map(\.name), ["Amount", "Currency"])
    }

    func testReferencesAreKeptNeverFetchedAndMaySupplied() throws {
        let references = """

              <edmx:Reference Uri="https://example.com/common.xml"><edmx:Include Namespace="Common" Alias="C"/>
                <edmx:IncludeAnnotations TermNamespace="UI" Qualifier="Phone" TargetNamespace="Common"/></edmx:Reference>
            """
        let body = """
            <EntityType Name="Shelf"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/>
              <Property Name="Place" Type="C.Place"/></EntityType>
            """
        let alone = try Fixtures.parse(Self.document(body, references: references))
        XCTAssertEqual(alone.references.first?.uri, "https://example.com/common.xml")
        XCTAssertEqual(alone.references.first?.includes, [SchemaUsing(namespace: "Common", alias: "C")])
        XCTAssertEqual(
            alone.references.first?.includeAnnotations,
            [IncludeAnnotations(termNamespace: "UI", qualifier: "Phone", targetNamespace: "Common")])
        let missing = alone.diagnostics("reference-not-given")
        XCTAssertEqual(missing.map(\.location.line), [8])
        XCTAssertTrue(missing.first?.message.contains("Common.Place") == true, "\(missing)")
        XCTAssertEqual(alone.entityType(named: "Lib.Shelf")?.property(named: "Place")?.type, .unresolved("Common.Place"))

        let common = try Fixtures.parse(
            """
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
            <Schema Namespace="Common" xmlns="http://docs.oasis-open.org/odata/ns/edm"><ComplexType Name="Place"><Property Name="Room" Type="Edm.String"/></ComplexType></Schema>
            </edmx:DataServices></edmx:Edmx>
            """)
        let given = try Fixtures.parse(Self.document(body, references: references), options: ParseOptions().referencing([common]))
        XCTAssertEqual(given.diagnostics, [])
        XCTAssertEqual(given.entityType(named: "Lib.Shelf")?.property(named: "Place")?.type, .complex(qualifiedName: "Common.Place"))
        XCTAssertEqual(given.complexType(named: "C.Place")?.properties.map(\.name), ["Room"])
        XCTAssertEqual(given.schemas.map(\.namespace), ["Lib"])
    }
}
