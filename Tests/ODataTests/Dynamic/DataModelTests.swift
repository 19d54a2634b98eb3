import Foundation
import ODataMetadata
import XCTest

@testable import OData

final class DataModelTests: XCTestCase {
    private func model(_ file: String, container: String? = nil) throws -> DataModel {
        let url = try Payloads.metadataURL(file + ".xml")
        return try DataModel(metadata: MetadataParser.parse(contentsOf: url), container: container)
    }

    func testESPMDescriptors() throws {
        let espm = try model("ESPM")
        XCTAssertEqual(espm.entitySets.count, 10)
        XCTAssertEqual(espm.diagnostics, [])
        let customers = try espm.entitySet("Customers")
        let customer = customers.entityType
        XCTAssertEqual(customer.qualifiedName, "ESPM.Customer")
        XCTAssertEqual(customer.keyProperties.map(\.name), ["CustomerId"])
        XCTAssertEqual(customer.properties.map(\.index), Array(0..<customer.properties.count))
        let id = try XCTUnwrap(customer.property(named: "CustomerId"))
        XCTAssertEqual(id.maxLength, 36)
        XCTAssertFalse(id.isNullable)
        XCTAssertTrue(id.isKey)
        guard case .complex(let address)? = customer.property(named: "Address")?.type else { return XCTFail("Address") }
        XCTAssertEqual(address.qualifiedName, "ESPM.Address")
        XCTAssertTrue(address === espm.complexType(named: "ESPM.Address"))
        let orders = try XCTUnwrap(customer.navigationProperty(named: "SalesOrders"))
        XCTAssertTrue(orders.isCollection)
        XCTAssertEqual(orders.targetType.qualifiedName, "ESPM.SalesOrderHeader")
        XCTAssertTrue(orders.targetType === espm.entityType(named: "ESPM.SalesOrderHeader"))
        XCTAssertEqual(espm.targetEntitySet(from: customers, navigation: "SalesOrders")?.name, "SalesOrderHeaders")
        let update = try XCTUnwrap(espm.functionImport(named: "UpdateSalesOrderStatus"))
        XCTAssertEqual(update.httpMethod, "POST")
        XCTAssertEqual(update.parameters.map(\.name), ["id", "newStatus"])
        guard case .primitive(.boolean) = update.returnType else { return XCTFail("return type") }
        XCTAssertNil(espm.entitySet(named: "Nope"))
        XCTAssertThrowsError(try espm.entitySet("Nope")) { XCTAssertEqual(($0 as? DataModelError)?.message, "no entity set named Nope") }
    }

    func testQueriesAndEntitiesByNameWithoutGeneratedCode() throws {
        let espm = try model("ESPM")
        let customers = try espm.entitySet("Customers")
        let lastName = try XCTUnwrap(customers.entityType.property(named: "LastName"))
        let query = try espm.query("Customers")
            .filter(
                try lastName.literal(parsing: "'O''Neil'").equal(.property("LastName")).or(
                    .property("City").equal(.literal(.string("Köln"))))
            )
            .orderBy(lastName).top(2)
        XCTAssertEqual(
            query.relativeURLString,
            "Customers?$filter='O''Neil'%20eq%20LastName%20or%20City%20eq%20'K%C3%B6ln'&$orderby=LastName&$top=2")
        var ada = espm.newEntity(of: customers)
        try ada.set("CustomerId", to: .string("1"))
        try ada.set("LastName", "O'Neil")
        try ada.set("City", "Berlin")
        XCTAssertThrowsError(try ada.set("LastName", 5)) { error in
            XCTAssertEqual((error as? DataModelError)?.message, "property LastName holds Edm.String, not Edm.Int32")
        }
        XCTAssertThrowsError(try ada.set("CustomerId", to: .null))
        XCTAssertThrowsError(try ada.set("Nope", to: .null))
        var bob = espm.newEntity(of: customers)
        try bob.set("CustomerId", "2")
        try bob.set("City", "Köln")
        var eve = espm.newEntity(of: customers)
        try eve.set("CustomerId", "3")
        XCTAssertEqual(ada.get("LastName", as: String.self), "O'Neil")
        XCTAssertEqual(ada.changedProperties.map(\.name), ["City", "CustomerId", "LastName"])
        let found = try [eve, bob, ada].filterWithQuery(query)
        XCTAssertEqual(found.map { $0.get("CustomerId", as: String.self) }, ["2", "1"])
        XCTAssertEqual(ada.key, EntityKey(["CustomerId": .string("1")]))
        XCTAssertEqual(DataQuery().from(customers).withKey(ada.key).relativeURLString, "Customers('1')")
    }

    func testOlingoInheritanceNestedComplexTypesAndFunctionImports() throws {
        let olingo = try model("Olingo_RefScenario")
        let manager = try XCTUnwrap(olingo.entityType(named: "RefScenario.Manager"))
        XCTAssertEqual(manager.baseTypeName, "RefScenario.Employee")
        XCTAssertNotNil(manager.property(named: "EmployeeId"))
        XCTAssertTrue(manager.hasStream)
        let location = try XCTUnwrap(olingo.complexType(named: "RefScenario.c_Location"))
        guard case .complex(let city)? = location.property(named: "City")?.type else { return XCTFail("nested complex") }
        XCTAssertEqual(city.qualifiedName, "RefScenario.c_City")
        let search = try XCTUnwrap(olingo.functionImport(named: "EmployeeSearch"))
        guard case .entityCollection(let employee) = search.returnType else { return XCTFail("EmployeeSearch") }
        XCTAssertEqual(employee().qualifiedName, "RefScenario.Employee")
        XCTAssertEqual(search.entitySetName, "Employees")
        guard case .complexCollection(let locations)? = olingo.functionImport(named: "AllLocations")?.returnType else {
            return XCTFail("AllLocations")
        }
        XCTAssertTrue(locations === location)
        guard case .primitiveCollection(.string)? = olingo.functionImport(named: "AllUsedRoomIds")?.returnType else {
            return XCTFail("AllUsedRoomIds")
        }
        let employees = try olingo.entitySet("Employees")
        XCTAssertEqual(olingo.targetEntitySet(from: employees, navigation: "ne_Room")?.name, "Rooms")
    }

    func testNorthwindAndOtherContainers() throws {
        let northwind = try model("Northwind")
        XCTAssertEqual(northwind.entitySets.count, 26)
        XCTAssertNotNil(northwind.entitySet(named: "Order_Details")?.entityType.property(named: "UnitPrice"))
        XCTAssertThrowsError(try model("Northwind", container: "NoSuchContainer"))
    }

    /// Issue 9: the dynamic API accepts what the generator accepts (it used to throw here): the property
    /// closing the cycle is left out, with a diagnostic that names the cycle.
    func testCyclicComplexTypesAreCutAsTheGeneratorCutsThem() throws {
        let a = ComplexType(name: "A", namespace: "N", properties: [Property(name: "B", type: .complex(qualifiedName: "N.B"))])
        let b = ComplexType(name: "B", namespace: "N", properties: [Property(name: "A", type: .complex(qualifiedName: "N.A"))])
        let metadata = ServiceMetadata(schemas: [Schema(namespace: "N", complexTypes: [a, b])])
        let model = try DataModel(metadata: metadata)
        XCTAssertEqual(model.diagnostics, ["property N.B.A left out: it makes complex type N.B contain itself"])
        XCTAssertEqual(model.complexType(named: "N.A")?.properties.map(\.name), ["B"])
        XCTAssertEqual(model.complexType(named: "N.B")?.properties.map(\.name), [])
    }

    /// A derived complex type's inherited properties come once, first, whether the metadata was parsed (the resolver
    /// has applied the BaseType: they were listed twice) or built by hand (the type lists only its own).
    func testADerivedComplexTypeHasItsInheritedPropertiesOnce() throws {
        let parsed = try MetadataParser.parse(
            Array(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
                  <Schema Namespace="N" xmlns="http://docs.oasis-open.org/odata/ns/edm">
                    <ComplexType Name="Place"><Property Name="City" Type="Edm.String"/></ComplexType>
                    <ComplexType Name="Address" BaseType="N.Place"><Property Name="Street" Type="Edm.String"/></ComplexType>
                    <ComplexType Name="Postal" BaseType="N.Address"><Property Name="Code" Type="Edm.String"/></ComplexType>
                  </Schema>
                </edmx:DataServices></edmx:Edmx>
                """.utf8))
        let model = try DataModel(metadata: parsed)
        XCTAssertEqual(model.complexType(named: "N.Address")?.properties.map(\.name), ["City", "Street"])
        XCTAssertEqual(model.complexType(named: "N.Postal")?.properties.map(\.name), ["City", "Street", "Code"])
        let place = ComplexType(name: "Place", namespace: "N", properties: [Property(name: "City", type: .primitive(.string))])
        let address = ComplexType(
            name: "Address", namespace: "N", baseType: "N.Place", properties: [Property(name: "Street", type: .primitive(.string))])
        let byHand = try DataModel(metadata: ServiceMetadata(schemas: [Schema(namespace: "N", complexTypes: [place, address])]))
        XCTAssertEqual(byHand.complexType(named: "N.Address")?.properties.map(\.name), ["City", "Street"])
    }

    /// The sets and function imports of a container that the default one extends are the service's too.
    func testAnExtendedContainersSetsAndImportsAreInTheModel() throws {
        let parsed = try MetadataParser.parse(
            Array(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"
                  xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata"><edmx:DataServices m:DataServiceVersion="2.0">
                  <Schema Namespace="N" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
                    <EntityType Name="T"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/></EntityType>
                    <EntityContainer Name="Base"><EntitySet Name="Archive" EntityType="N.T"/>
                      <FunctionImport Name="Ping" ReturnType="Edm.Int32" m:HttpMethod="GET"/></EntityContainer>
                    <EntityContainer Name="Service" m:IsDefaultEntityContainer="true" Extends="N.Base">
                      <EntitySet Name="Ts" EntityType="N.T"/></EntityContainer>
                  </Schema>
                </edmx:DataServices></edmx:Edmx>
                """.utf8))
        let model = try DataModel(metadata: parsed)
        XCTAssertEqual(model.entitySets.map(\.name), ["Ts", "Archive"])
        XCTAssertEqual(model.functionImports.map(\.name), ["Ping"])
    }

    func testUnsupportedElementsAreListed() throws {
        let type = EntityType(
            name: "T", namespace: "N", declaredKey: ["Id"],
            declaredProperties: [
                Property(name: "Id", type: .primitive(.int32)), Property(name: "Odd", type: .unresolved("Edm.Geography")),
            ])
        let set = EntitySet(name: "Ts", entityType: "N.T")
        let container = EntityContainer(name: "C", namespace: "N", isDefault: true, entitySets: [set])
        let metadata = ServiceMetadata(schemas: [Schema(namespace: "N", entityTypes: [type], entityContainers: [container])])
        let model = try DataModel(metadata: metadata)
        XCTAssertEqual(model.entitySet(named: "Ts")?.entityType.properties.map(\.name), ["Id"])
        XCTAssertEqual(model.diagnostics, ["property N.T.Odd left out: type Edm.Geography is not supported"])
    }
}
