import ODataMetadata
import XCTest

@testable import ODataCodeGen

/// One small CSDL 4.0 (or OData 3.0) fragment per feature that v3 and v4 add, and the Swift it must produce.
final class V4SnippetTests: XCTestCase {
    static let product = """
        <EntityType Name="Product"><Key><PropertyRef Name="ID"/></Key>
          <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
        </EntityType>
        """

    func testEnumTypeIsASwiftEnumWhoseRawValuesAreTheMemberNames() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx4(
                types: """
                    <EnumType Name="Color"><Member Name="Red"/><Member Name="Dark_Green" Value="5"/></EnumType>
                    <EntityType Name="Car"><Key><PropertyRef Name="ID"/></Key>
                      <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
                      <Property Name="Color" Type="T.Color" Nullable="false"/>
                      <Property Name="Trim" Type="Collection(T.Color)"/>
                    </EntityType>
                    """,
                container: #"<EntitySet Name="Cars" EntityType="T.Car"/>"#))
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertContains(
            try TestSupport.file(result, "Color.swift"),
            """
            /// The `T.Color` enum type.
            public enum Color: Swift.String, OData.EnumTypeProtocol {
                /// The enum type's runtime descriptor.
                public static let enumType: OData.EnumTypeDescriptor = OData.EnumTypeDescriptor(qualifiedName: "T.Color", memberNames: ["Red", "Dark_Green"], memberValues: [0, 5])

                /// `Red` (0).
                case red = "Red"

                /// `Dark_Green` (5).
                case darkGreen = "Dark_Green"
            }
            """)
        let car = try TestSupport.file(result, "Car.swift")
        XCTAssertContains(car, #""Color T.Color Nullable=false","#)
        XCTAssertContains(car, #""Trim Collection(T.Color)","#)
        XCTAssertContains(car, "enumTypes: [Color.enumType]")
        XCTAssertContains(car, "public static var color: OData.TypedProperty<Color> {")
        XCTAssertContains(car, "public static var trim: OData.TypedProperty<[Color]> {")
    }

    func testFlagsEnumTypeIsAnOptionSetWithTheUnderlyingTypeInItsDescriptor() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx4(
                types: """
                    <EnumType Name="Access" IsFlags="true" UnderlyingType="Edm.Byte">
                      <Member Name="Read" Value="1"/><Member Name="Write" Value="2"/><Member Name="Contains" Value="4"/>
                    </EnumType>
                    """ + Self.product,
                container: #"<EntitySet Name="Products" EntityType="T.Product"/>"#))
        let access = try TestSupport.file(result, "Access.swift")
        XCTAssertContains(access, "public struct Access: OData.FlagsEnumTypeProtocol {")
        XCTAssertContains(
            access,
            #"OData.EnumTypeDescriptor(qualifiedName: "T.Access", underlyingType: OData.EdmType.byte, isFlags: true, memberNames: ["Read", "Write", "Contains"], memberValues: [1, 2, 4])"#
        )
        XCTAssertContains(access, "    public static let read: Access = Access(rawValue: 1)")
        // `contains` is `SetAlgebra`'s: the member takes a suffix instead of hiding it.
        XCTAssertContains(access, "    public static let contains1: Access = Access(rawValue: 4)")
    }

    func testAMemberNamedNoneTakesASuffixSoThatOptionalNoneStaysNil() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx4(
                types: """
                    <EnumType Name="Mode"><Member Name="None"/><Member Name="Fast"/></EnumType>
                    <EnumType Name="Access" IsFlags="true"><Member Name="none" Value="0"/><Member Name="Read" Value="1"/></EnumType>
                    """ + Self.product,
                container: #"<EntitySet Name="Products" EntityType="T.Product"/>"#))
        XCTAssertEqual(result.diagnostics, [])
        let mode = try TestSupport.file(result, "Mode.swift")
        XCTAssertContains(mode, #"    case none1 = "None""#)
        XCTAssertContains(mode, #"    case fast = "Fast""#)
        XCTAssertContains(mode, #"memberNames: ["None", "Fast"]"#)
        let access = try TestSupport.file(result, "Access.swift")
        XCTAssertContains(access, "    public static let none1: Access = Access(rawValue: 0)")
        XCTAssertFalse(mode.contains("case none ") || access.contains("let none:"))
    }

    func testTypeDefinitionIsATypeAliasAndItsPropertiesRowsNameTheUnderlyingType() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx4(
                types: """
                    <TypeDefinition Name="Money" UnderlyingType="Edm.Decimal" Precision="12" Scale="variable"/>
                    <EntityType Name="Order"><Key><PropertyRef Name="ID"/></Key>
                      <Property Name="ID" Type="Edm.Int32" Nullable="false"/><Property Name="Total" Type="T.Money"/>
                    </EntityType>
                    """,
                container: #"<EntitySet Name="Orders" EntityType="T.Order"/>"#))
        XCTAssertContains(
            try TestSupport.file(result, "Money.swift"),
            """
            /// The `T.Money` type definition: `Edm.Decimal` (Precision=12, Scale=variable) under its own name.
            public typealias Money = OData.BigDecimal
            """)
        let order = try TestSupport.file(result, "Order.swift")
        XCTAssertContains(order, #""Total Edm.Decimal Precision=12","#)  // the definition's facets apply (TypeDefinitionFacetTests)
        XCTAssertContains(order, "public static var total: OData.TypedProperty<Money> {")
    }

    func testSingletonIsAFetchMethodOnTheContainerOverADescriptorThatSaysV4() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx4(types: Self.product, container: #"<Singleton Name="Featured" Type="T.Product"/>"#))
        let service = try TestSupport.file(result, "+C.swift")
        XCTAssertContains(
            service,
            """
                open func fetchFeatured(
                    query: OData.DataQuery = OData.DataQuery(),
                    headers: OData.HTTPHeaders? = nil,
                    options: OData.RequestOptions? = nil
                ) async throws(OData.ODataError) -> Product {
                    try await self.fetchOne(Product.self, matching: query.fromDefault(CMetadata.Singletons.featured), headers: headers, options: options)
                }
            """)
        let metadata = try TestSupport.file(result, "+CMetadata.swift")
        XCTAssertContains(
            metadata,
            #"public static let featured: OData.EntitySetDescriptor = OData.EntitySetDescriptor(name: "Featured", entityType: Product.entityType, isSingleton: true, service: CMetadata.service)"#
        )
        // The version is read once, into the one service descriptor every set, singleton and operation refers to.
        XCTAssertContains(
            metadata,
            "    public static let service: OData.ServiceDescriptor = OData.ServiceDescriptor(protocolVersion: OData.ODataVersion.v4)\n")
        XCTAssertEqual(metadata.components(separatedBy: "OData.ODataVersion").count - 1, 1)
    }

    func testActionImportIsPOSTAndFunctionImportOverloadsAreSwiftOverloads() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx4(
                types: Self.product + """
                    <Function Name="Top"><ReturnType Type="Collection(T.Product)"/></Function>
                    <Function Name="Top"><Parameter Name="Count" Type="Edm.Int32" Nullable="false"/><ReturnType Type="Collection(T.Product)"/></Function>
                    <Action Name="Reset"><Parameter Name="Seed" Type="Edm.Int64"/></Action>
                    """,
                container: """
                    <EntitySet Name="Products" EntityType="T.Product"/>
                    <FunctionImport Name="Top" Function="T.Top" EntitySet="Products"/><ActionImport Name="Reset" Action="T.Reset"/>
                    """))
        XCTAssertEqual(result.diagnostics, [])
        let service = try TestSupport.file(result, "+C.swift")
        XCTAssertContains(
            service, "    /// Calls the `Reset` action import (HTTP POST).\n    open func reset(\n        seed: Swift.Int64?,")
        XCTAssertContains(service, "query.invoke(CMetadata.FunctionImports.top, [])")
        XCTAssertContains(service, #"query.invoke(CMetadata.FunctionImports.top1, [(name: "Count", value: count.edmValue)])"#)
        XCTAssertEqual(service.components(separatedBy: "open func top(").count - 1, 4, "two overloads, each async and with a handler")
        let metadata = try TestSupport.file(result, "+CMetadata.swift")
        XCTAssertContains(
            metadata,
            """
                    public static let reset: OData.FunctionImportDescriptor = OData.FunctionImportDescriptor(
                        name: "Reset",
                        httpMethod: "POST",
                        parameters: [
                            OData.FunctionParameterDescriptor(name: "Seed", type: OData.EdmType.int64),
                        ],
            """)
        XCTAssertContains(metadata, "            service: CMetadata.service,\n            operationName: \"T.Reset\"")
    }

    func testBoundOperationsAreMethodsOfTheEntityOrOfItsTypedSet() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx4(
                types: Self.product + """
                    <Function Name="Similar" IsBound="true" IsComposable="true"><Parameter Name="P" Type="T.Product"/><ReturnType Type="Collection(T.Product)"/></Function>
                    <Action Name="Discount" IsBound="true"><Parameter Name="Ps" Type="Collection(T.Product)"/><Parameter Name="Service" Type="Edm.Int32" Nullable="false"/></Action>
                    """,
                container: #"<EntitySet Name="Products" EntityType="T.Product"/>"#))
        XCTAssertEqual(result.diagnostics, [])
        let product = try TestSupport.file(result, "Product.swift")
        XCTAssertContains(
            product,
            """
            /// The actions and functions bound to one `Product`.
            extension Product {
                /// Calls the bound function `T.Similar` (HTTP GET) on this entity, through `service`.
                public func similar<Provider: OData.DataServiceProvider>(
                    on service: OData.DataService<Provider>,
                    query: OData.DataQuery = OData.DataQuery(),
                    headers: OData.HTTPHeaders? = nil,
                    options: OData.RequestOptions? = nil
                ) async throws(OData.ODataError) -> [Product] {
                    try await service.invokeEntities(Product.self, query.invoke(CMetadata.BoundFunctions.similar, [], boundTo: OData.OperationBinding.entity(self.entityValue)), headers: headers, options: options)
                }
            }
            """)
        // A parameter named like the service argument takes a suffix.
        XCTAssertContains(
            product,
            """
            /// The actions and functions bound to a set of `Product` entities.
            extension OData.TypedEntitySet where Entity == Product {
                /// Calls the bound action `T.Discount` (HTTP POST) on this set, through `service`.
                public func discount<Provider: OData.DataServiceProvider>(
                    on service: OData.DataService<Provider>,
                    service1: Swift.Int,
            """)
        XCTAssertContains(product, "boundTo: OData.OperationBinding.entitySet(self.descriptor))")
        let metadata = try TestSupport.file(result, "+CMetadata.swift")
        XCTAssertContains(metadata, #"bindingTypeName: "T.Product","#)
        XCTAssertContains(metadata, #"bindingTypeName: "Collection(T.Product)""#)
        XCTAssertContains(metadata, "isComposable: true")
    }

    func testContainmentAbstractAndOpenTypesAreInTheirDescriptors() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx4(
                types: """
                    <EntityType Name="Base" Abstract="true"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
                    <EntityType Name="Order" BaseType="T.Base" OpenType="true">
                      <NavigationProperty Name="Lines" Type="Collection(T.Line)" ContainsTarget="true"/>
                    </EntityType>
                    <EntityType Name="Line"><Key><PropertyRef Name="No"/></Key><Property Name="No" Type="Edm.Int32" Nullable="false"/></EntityType>
                    """,
                container: #"<EntitySet Name="Orders" EntityType="T.Order"/>"#))
        XCTAssertContains(try TestSupport.file(result, "Base.swift"), "        isAbstract: true\n")
        let order = try TestSupport.file(result, "Order.swift")
        XCTAssertContains(
            order,
            #"OData.NavigationDescriptor(name: "Lines", isCollection: true, targetTypeName: "T.Line", index: 0, containsTarget: true) { Line.entityType }"#
        )
        XCTAssertContains(order, "        isOpenType: true\n")
        XCTAssertContains(order, "/// Open: entities may carry dynamic properties beyond those declared here.")
    }

    /// A complex type's navigation properties (its own and inherited) have no generated member: `generate` says so for
    /// each, and still generates the type's properties.
    func testNavigationPropertiesOfComplexTypesAreReportedAsLeftOut() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx4(
                types: """
                    <EntityType Name="Country"><Key><PropertyRef Name="Code"/></Key><Property Name="Code" Type="Edm.String" Nullable="false"/></EntityType>
                    <ComplexType Name="Place"><Property Name="City" Type="Edm.String"/><NavigationProperty Name="Country" Type="T.Country"/></ComplexType>
                    <ComplexType Name="Address" BaseType="T.Place"><Property Name="Street" Type="Edm.String"/></ComplexType>
                    <EntityType Name="Shop"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/>
                      <Property Name="Address" Type="T.Address"/></EntityType>
                    """,
                container: #"<EntitySet Name="Shops" EntityType="T.Shop"/><EntitySet Name="Countries" EntityType="T.Country"/>"#))
        XCTAssertEqual(
            result.diagnostics.map(\.message),
            [
                "navigation property Place.Country skipped: navigation properties of complex types are not generated",
                "navigation property Address.Country skipped: navigation properties of complex types are not generated",
            ])
        let address = try TestSupport.file(result, "Address.swift")
        XCTAssertContains(address, "city")
        XCTAssertContains(address, "street")
    }

    func testV4PrimitivesMapToTheRuntimesValueTypes() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx4(
                types: """
                    <EntityType Name="E"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/>
                      <Property Name="D" Type="Edm.Date"/><Property Name="T" Type="Edm.TimeOfDay"/><Property Name="Du" Type="Edm.Duration"/>
                      <Property Name="S" Type="Edm.Stream"/><Property Name="U" Type="Edm.Untyped"/>
                      <Property Name="M" Type="Edm.Decimal" Precision="20" Scale="variable"/>
                    </EntityType>
                    """,
                container: #"<EntitySet Name="Es" EntityType="T.E"/>"#))
        XCTAssertEqual(result.diagnostics, [])
        let type = try TestSupport.file(result, "E.swift")
        for (name, swift) in [
            ("d", "OData.LocalDate"), ("t", "OData.LocalTime"), ("du", "OData.DayTimeDuration"), ("s", "OData.StreamLink"),
            ("u", "OData.EdmValue"), ("m", "OData.BigDecimal"),
        ] {
            XCTAssertContains(type, "public static var \(name): OData.TypedProperty<\(swift)> {")
        }
        XCTAssertContains(type, #""M Edm.Decimal Precision=20","#)
    }

    func testTheLockKeepsV4NamesAndTheAPIListsEnumsSingletonsAndBoundOperations() throws {
        let metadata = try TestSupport.parse(TestSupport.repositoryRoot.appendingPathComponent("Metadata/TripPin.xml"))
        let first = try CodeGenerator().generate(metadata)
        let namespace = "Microsoft.OData.SampleService.Models.TripPin"
        XCTAssertEqual(first.api.entries["EnumType \(namespace).PersonGender"]?.name, "PersonGender")
        XCTAssertEqual(first.api.entries["EnumMember \(namespace).PersonGender/Male"]?.name, "male")
        XCTAssertEqual(first.api.entries["Singleton DefaultContainer/Me"]?.name, "fetchMe")
        XCTAssertEqual(
            first.api.entries["BoundOperation \(namespace).GetFavoriteAirline(\(namespace).Person)"]?.name, "getFavoriteAirline")
        let same = try CodeGenerator(lock: NameLock(api: first.api)).generate(metadata)
        XCTAssertEqual(same.files, first.files)
        XCTAssertEqual(APIDiff.changes(from: first.api, to: same.api).count, 0)
        // A name the lock holds is kept.
        var api = first.api
        api.entries["EnumMember \(namespace).PersonGender/Male"]?.name = "man"
        api.entries["BoundOperation \(namespace).GetFavoriteAirline(\(namespace).Person)"]?.name = "favoriteAirline"
        let locked = try CodeGenerator(lock: NameLock(api: api)).generate(metadata)
        XCTAssertContains(try TestSupport.file(locked, "PersonGender.swift"), #"case man = "Male""#)
        XCTAssertContains(try TestSupport.file(locked, "Person.swift"), "public func favoriteAirline<Provider: OData.DataServiceProvider>(")
    }

    func testGenerationOfAV4DocumentIsDeterministic() throws {
        let metadata = try TestSupport.parse(TestSupport.repositoryRoot.appendingPathComponent("Metadata/TripPin.xml"))
        let first = try CodeGenerator().generate(metadata)
        XCTAssertEqual(try CodeGenerator().generate(metadata), first)
    }
}
