import ODataMetadata
import XCTest

@testable import ODataCodeGen

/// One small EDMX fragment per feature and the exact Swift it must produce.
final class SnippetTests: XCTestCase {
    func testCompositeKeyGivesOneLabelledParameterPerKeyPropertyInKeyOrder() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx(
                types: """
                    <EntityType Name="Item">
                      <Key><PropertyRef Name="ItemNumber"/><PropertyRef Name="OrderId"/></Key>
                      <Property Name="OrderId" Type="Edm.String" Nullable="false"/>
                      <Property Name="ItemNumber" Type="Edm.Int32" Nullable="false"/>
                    </EntityType>
                    """,
                container: #"<EntitySet Name="Items" EntityType="T.Item"/>"#))
        let item = try TestSupport.file(result, "Item.swift")
        XCTAssertContains(
            item,
            """
                public static func key(itemNumber: Swift.Int?, orderID: Swift.String?) -> OData.EntityKey {
                    OData.EntityKey([OData.KeyComponent(Self.itemNumber, itemNumber), OData.KeyComponent(Self.orderID, orderID)])
                }
            """)
        XCTAssertContains(item, #"keyNames: ["ItemNumber", "OrderId"]"#)
        let service = try TestSupport.file(result, "+C.swift")
        XCTAssertContains(
            service,
            """
                open func fetchItemWithKey(
                    itemNumber: Swift.Int?,
                    orderID: Swift.String?,
                    query: OData.DataQuery = OData.DataQuery(),
                    headers: OData.HTTPHeaders? = nil,
                    options: OData.RequestOptions? = nil
                ) async throws(OData.ODataError) -> Item {
                    try await self.fetchOne(Item.self, matching: query.withKey(Item.key(itemNumber: itemNumber, orderID: orderID)).fromDefault(CMetadata.EntitySets.items), headers: headers, options: options)
                }
            """)
    }

    func testInheritanceFlattensBasePropertiesAndNamesTheBase() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx(
                types: """
                    <EntityType Name="Employee">
                      <Key><PropertyRef Name="Id"/></Key>
                      <Property Name="Id" Type="Edm.String" Nullable="false"/>
                      <Property Name="Name" Type="Edm.String"/>
                    </EntityType>
                    <EntityType Name="Manager" BaseType="T.Employee">
                      <Property Name="Budget" Type="Edm.Decimal" Precision="10" Scale="2"/>
                    </EntityType>
                    """,
                container: #"<EntitySet Name="Employees" EntityType="T.Employee"/><EntitySet Name="Managers" EntityType="T.Manager"/>"#))
        let manager = try TestSupport.file(result, "Manager.swift")
        XCTAssertContains(
            manager,
            """
                    properties: OData.PropertyDescriptor.table(
                        [
                            "Id Edm.String Nullable=false Key",
                            "Name Edm.String",
                            "Budget Edm.Decimal Precision=10 Scale=2",
                        ]
                    ),
                    keyNames: ["Id"],
                    baseTypeName: "T.Employee"
            """)
        XCTAssertContains(manager, "public static func key(id: Swift.String?) -> OData.EntityKey {")
        XCTAssertContains(manager, "public static var budget: OData.TypedProperty<OData.BigDecimal> {")
        // Instance properties come from the runtime's dynamic member lookup through the nested lookup root,
        // not from declared accessors on the type.
        XCTAssertFalse(manager.contains("public var budget: OData.BigDecimal?"))
        XCTAssertContains(manager, "public struct Properties: OData.DynamicProperties {")
        XCTAssertContains(
            manager, "        public var budget: OData.TypedProperty<OData.BigDecimal> {\n            Manager.budget\n        }")
    }

    func testNestedComplexTypes() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx(
                types: """
                    <ComplexType Name="c_City"><Property Name="Name" Type="Edm.String"/></ComplexType>
                    <ComplexType Name="c_Location">
                      <Property Name="City" Type="T.c_City"/>
                      <Property Name="Country" Type="Edm.String"/>
                    </ComplexType>
                    <EntityType Name="Site">
                      <Key><PropertyRef Name="Id"/></Key>
                      <Property Name="Id" Type="Edm.Int32" Nullable="false"/>
                      <Property Name="Location" Type="T.c_Location"/>
                    </EntityType>
                    """,
                container: #"<EntitySet Name="Sites" EntityType="T.Site"/>"#))
        let location = try TestSupport.file(result, "CLocation.swift")
        XCTAssertContains(location, "public struct CLocation: OData.ComplexTypeProtocol {")
        XCTAssertContains(
            location,
            """
                    properties: OData.PropertyDescriptor.table(
                        [
                            "City T.c_City",
                            "Country Edm.String",
                        ],
                        complexTypes: [CCity.complexType]
                    )
            """)
        XCTAssertContains(
            location,
            "public static var city: OData.TypedProperty<CCity> {\n        OData.TypedProperty<CCity>(complex: Self.self, index: 0)\n    }")
        XCTAssertContains(
            location,
            """
                /// The `City` property (`T.c_City`).
                ///
                /// Read and write it on an instance as `value.city`; use this descriptor in `select`, `filter` and `orderBy`.
                public static var city: OData.TypedProperty<CCity> {
            """)
        let site = try TestSupport.file(result, "Site.swift")
        XCTAssertContains(site, "public static var location: OData.TypedProperty<CLocation> {")
        let metadata = try TestSupport.file(result, "+CMetadata.swift")
        XCTAssertContains(metadata, "public static let cLocation: OData.ComplexTypeDescriptor = CLocation.complexType")
    }

    func testEveryFunctionImportReturnKind() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx(
                types: """
                    <ComplexType Name="Outcome"><Property Name="Ok" Type="Edm.Boolean"/></ComplexType>
                    <EntityType Name="Thing">
                      <Key><PropertyRef Name="Id"/></Key>
                      <Property Name="Id" Type="Edm.Int64" Nullable="false"/>
                    </EntityType>
                    """,
                container: """
                    <EntitySet Name="Things" EntityType="T.Thing"/>
                    <FunctionImport Name="Nothing" m:HttpMethod="POST"/>
                    <FunctionImport Name="Count" ReturnType="Edm.Int32" m:HttpMethod="GET">
                      <Parameter Name="Min" Type="Edm.Int32" Nullable="false"/>
                      <Parameter Name="Filter_Text" Type="Edm.String"/>
                    </FunctionImport>
                    <FunctionImport Name="Check" ReturnType="T.Outcome" m:HttpMethod="POST"/>
                    <FunctionImport Name="Best" ReturnType="T.Thing" EntitySet="Things" m:HttpMethod="GET"/>
                    <FunctionImport Name="Numbers" ReturnType="Collection(Edm.Int64)" m:HttpMethod="GET"/>
                    <FunctionImport Name="Results" ReturnType="Collection(T.Outcome)" m:HttpMethod="GET"/>
                    <FunctionImport Name="AllThings" ReturnType="Collection(T.Thing)" EntitySet="Things"/>
                    """))
        let service = try TestSupport.file(result, "+C.swift")
        XCTAssertContains(
            service,
            """
                ) async throws(OData.ODataError) {
                    try await self.invokeVoid(query.invoke(CMetadata.ActionImports.nothing, []), headers: headers, options: options)
                }
            """)
        XCTAssertContains(service, "completionHandler: @escaping @MainActor ((any Swift.Error)?) -> Swift.Void")
        // `count` is a member of `DataService` (`count(matching:)`), reserved from the runtime's symbol graph.
        XCTAssertContains(
            service,
            """
                open func count1(
                    min: Swift.Int,
                    filterText: Swift.String?,
                    query: OData.DataQuery = OData.DataQuery(),
                    headers: OData.HTTPHeaders? = nil,
                    options: OData.RequestOptions? = nil
                ) async throws(OData.ODataError) -> Swift.Int {
                    try await self.invokeValue(Swift.Int.self, query.invoke(CMetadata.FunctionImports.count, [(name: "Min", value: min.edmValue), (name: "Filter_Text", value: filterText?.edmValue)]), headers: headers, options: options)
                }
            """)
        XCTAssertContains(
            service,
            "try await self.invokeValue(Outcome.self, query.invoke(CMetadata.ActionImports.check, []), headers: headers, options: options)")
        XCTAssertContains(
            service,
            "try await self.invokeEntity(Thing.self, query.invoke(CMetadata.FunctionImports.best, []), headers: headers, options: options)")
        XCTAssertContains(
            service,
            "try await self.invokeValue([Swift.Int64].self, query.invoke(CMetadata.FunctionImports.numbers, []), headers: headers, options: options)"
        )
        XCTAssertContains(
            service,
            "try await self.invokeValue([Outcome].self, query.invoke(CMetadata.FunctionImports.results, []), headers: headers, options: options)"
        )
        XCTAssertContains(
            service,
            "try await self.invokeEntities(Thing.self, query.invoke(CMetadata.FunctionImports.allThings, []), headers: headers, options: options)"
        )
        let metadata = try TestSupport.file(result, "+CMetadata.swift")
        XCTAssertContains(metadata, #"returnType: OData.FunctionReturnType.entity { Thing.entityType },"#)
        XCTAssertContains(metadata, #"returnType: OData.FunctionReturnType.complexCollection(Outcome.complexType))"#)
        XCTAssertContains(metadata, #"returnType: OData.FunctionReturnType.none)"#)
        XCTAssertContains(metadata, #"OData.FunctionParameterDescriptor(name: "Min", type: OData.EdmType.int32, isNullable: false),"#)
    }

    func testMediaEntityIsMarkedAndDocumented() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx(
                types: """
                    <EntityType Name="Photo" m:HasStream="true">
                      <Key><PropertyRef Name="Id"/></Key>
                      <Property Name="Id" Type="Edm.Int32" Nullable="false"/>
                    </EntityType>
                    """,
                container: #"<EntitySet Name="Photos" EntityType="T.Photo"/>"#))
        let photo = try TestSupport.file(result, "Photo.swift")
        XCTAssertContains(photo, "/// A media entity (`m:HasStream`): its media resource is read and written through the service.")
        XCTAssertContains(
            photo,
            """
                    keyNames: ["Id"],
                    hasStream: true
            """)
    }

    func testSetTypeClashFollowsSAP() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx(
                types: """
                    <EntityType Name="Stock">
                      <Key><PropertyRef Name="ProductId"/></Key>
                      <Property Name="ProductId" Type="Edm.String" Nullable="false"/>
                    </EntityType>
                    """,
                container: #"<EntitySet Name="Stock" EntityType="T.Stock" sap:creatable="false" sap:deletable="false"/>"#))
        let service = try TestSupport.file(result, "+C.swift")
        XCTAssertContains(service, "open func fetchStock(\n        matching query: OData.DataQuery = OData.DataQuery(),")
        XCTAssertContains(service, ") async throws(OData.ODataError) -> [Stock] {")
        XCTAssertContains(service, "open func fetchStock1(\n        matching query: OData.DataQuery,")
        XCTAssertContains(service, "open func fetchStock1WithKey(\n        productID: Swift.String?,")
        XCTAssertContains(
            service,
            #"/// - Note: The service declares this set not creatable/deletable (`sap:creatable="false"`, `sap:deletable="false"`)."#)
        let metadata = try TestSupport.file(result, "+CMetadata.swift")
        XCTAssertContains(
            metadata, #"OData.EntitySetDescriptor(name: "Stock", entityType: Stock.entityType, isCreatable: false, isDeletable: false)"#)
    }

    func testKeywordNamesAreEscapedAndUnusableOnesSuffixed() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx(
                types: """
                    <EntityType Name="class">
                      <Key><PropertyRef Name="default"/></Key>
                      <Property Name="default" Type="Edm.String" Nullable="false"/>
                      <Property Name="self" Type="Edm.String"/>
                      <Property Name="Type" Type="Edm.String"/>
                    </EntityType>
                    """,
                container: """
                    <EntitySet Name="in" EntityType="T.class"/>
                    <FunctionImport Name="return" ReturnType="Edm.String"><Parameter Name="where" Type="Edm.String"/></FunctionImport>
                    """))
        let type = try TestSupport.file(result, "Class.swift")
        XCTAssertContains(type, "public struct Class: OData.EntityProtocol {")
        XCTAssertContains(
            type,
            "public static var `default`: OData.TypedProperty<Swift.String> {\n        OData.TypedProperty<Swift.String>(entity: Self.self, index: 0)\n    }"
        )
        XCTAssertContains(type, "Read and write it on an instance as `entity.default`;")
        XCTAssertContains(type, "public static var self1: OData.TypedProperty<Swift.String> {")
        XCTAssertContains(type, "public static var type: OData.TypedProperty<Swift.String> {")
        // The names work on an instance too (CompileTests reads and writes every property of the landmine).
        XCTAssertNil(try Compiler.typecheck(result.files + [InstanceAccess.usageFile(for: result.files)], moduleName: "Keywords"))
        XCTAssertContains(
            type,
            "public static func key(`default`: Swift.String?) -> OData.EntityKey {\n        OData.EntityKey([OData.KeyComponent(Self.`default`, `default`)])"
        )
        let service = try TestSupport.file(result, "+C.swift")
        XCTAssertContains(service, "open func fetchIn(")
        XCTAssertContains(service, "open func fetchClassWithKey(\n        `default`: Swift.String?,")
        XCTAssertContains(
            service,
            "self.fetchOne(Class.self, matching: query.withKey(Class.key(default: `default`)).fromDefault(CMetadata.EntitySets.`in`), headers: headers, options: options)"
        )
        XCTAssertContains(service, "open func `return`(\n        `where`: Swift.String?,")
        XCTAssertContains(
            service,
            """
                    self.invokeValue(Swift.String.self, query.invoke(CMetadata.FunctionImports.`return`, [(name: "where", value: `where`?.edmValue)]), headers: headers, options: options, completionHandler: completionHandler)
            """)
    }

    func testAPropertyNameARowCannotCarryGetsTheLongTableForm() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx(
                types: """
                    <EntityType Name="Odd">
                      <Key><PropertyRef Name="Id"/></Key>
                      <Property Name="Id" Type="Edm.Int32" Nullable="false"/>
                      <Property Name="Two Words" Type="Edm.String" MaxLength="5"/>
                    </EntityType>
                    """,
                container: #"<EntitySet Name="Odds" EntityType="T.Odd"/>"#))
        let odd = try TestSupport.file(result, "Odd.swift")
        XCTAssertContains(
            odd,
            """
                    properties: [
                        OData.PropertyDescriptor(name: "Id", type: OData.PropertyType.primitive(OData.EdmType.int32), index: 0, isNullable: false, isKey: true),
                        OData.PropertyDescriptor(name: "Two Words", type: OData.PropertyType.primitive(OData.EdmType.string), index: 1, maxLength: 5),
                    ],
            """)
    }

    func testSelfContainingComplexTypesAreCutWithAWarning() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx(
                types: """
                    <ComplexType Name="Node">
                      <Property Name="Label" Type="Edm.String"/>
                      <Property Name="Child" Type="T.Pair"/>
                    </ComplexType>
                    <ComplexType Name="Pair">
                      <Property Name="Back" Type="T.Node"/>
                      <Property Name="Self" Type="T.Pair"/>
                      <Property Name="Count" Type="Edm.Int32"/>
                    </ComplexType>
                    <EntityType Name="Tree">
                      <Key><PropertyRef Name="Id"/></Key>
                      <Property Name="Id" Type="Edm.Int32" Nullable="false"/>
                      <Property Name="Root" Type="T.Node"/>
                    </EntityType>
                    """,
                container: #"<EntitySet Name="Trees" EntityType="T.Tree"/>"#))
        XCTAssertEqual(
            result.diagnostics.map(\.message),
            [
                "property Pair.Back skipped: it makes complex type Pair contain itself",
                "property Pair.Self skipped: it makes complex type Pair contain itself",
            ])
        let pair = try TestSupport.file(result, "Pair.swift")
        XCTAssertContains(
            pair,
            """
                    properties: OData.PropertyDescriptor.table(
                        [
                            "Count Edm.Int32",
                        ]
                    )
            """)
        XCTAssertContains(try TestSupport.file(result, "Node.swift"), "public static var child: OData.TypedProperty<Pair> {")
    }

    func testLongComplexChainsAreWalkedWithoutRecursion() {
        let count = 20_000
        let types = (0..<count).map { i in
            ComplexType(
                name: "C\(i)", namespace: "T",
                properties: [
                    Property(name: "Next", type: .complex(qualifiedName: "T.C\((i + 1) % count)"))
                ])
        }
        XCTAssertEqual(ComplexCycles.backEdges(types), ["T.C\(count - 1)/Next"])
    }

    func testTheSetsAndImportsOfAnExtendedContainerAreGeneratedWithTheExtendingOnes() throws {
        let document = TestSupport.edmx(
            types: V4SnippetTests.product + """
                <EntityContainer Name="Base"><EntitySet Name="Archive" EntityType="T.Product"/>
                  <FunctionImport Name="Ping" ReturnType="Edm.Int32" m:HttpMethod="GET"/></EntityContainer>
                <EntityContainer Name="Spare"><EntitySet Name="Spares" EntityType="T.Product"/></EntityContainer>
                """,
            container: #"<EntitySet Name="Products" EntityType="T.Product"/>"#
        ).replacingOccurrences(of: #"<EntityContainer Name="C" "#, with: #"<EntityContainer Name="C" Extends="T.Base" "#)
        let result = try TestSupport.generate(document)
        // The container that is neither generated nor extended is said to be left out; the extended one is not.
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                #"9:1: note: entity container Spare is not generated: the service generated is C (give --container Spare, or "container" in the configuration, to generate Spare instead)"#
            ])
        let service = try TestSupport.file(result, "+C.swift")
        XCTAssertContains(service, "open func fetchProducts(")
        XCTAssertContains(service, "open func fetchArchive(")
        XCTAssertContains(service, "open func ping(")
        XCTAssertContains(try TestSupport.file(result, "+CMetadata.swift"), #"EntitySetDescriptor(name: "Archive""#)
    }
}
