import XCTest

@testable import ODataMetadata

/// Spot checks of keys, facets, navigation targets, function-import signatures and annotations in the corpus.
final class CorpusDetailTests: XCTestCase {
    func testESPMTypesKeysAndFacets() throws {
        let espm = try Fixtures.corpus("ESPM.xml")
        let customer = try XCTUnwrap(espm.entityType(named: "ESPM.Customer"))
        XCTAssertEqual(customer.key, ["CustomerId"])
        XCTAssertEqual(customer.property(named: "CustomerId")?.maxLength, .value(36))
        XCTAssertEqual(customer.property(named: "CustomerId")?.isNullable, false)
        XCTAssertEqual(customer.property(named: "DateOfBirth")?.type, .primitive(.dateTime))
        let product = try XCTUnwrap(espm.entityType(named: "ESPM.Product"))
        XCTAssertTrue(product.hasStream)
        let price = try XCTUnwrap(product.property(named: "Price"))
        XCTAssertEqual(price.type, .primitive(.decimal))
        XCTAssertEqual(price.precision, 23)
        XCTAssertEqual(price.scale, 3)
        XCTAssertEqual(espm.entityType(named: "ESPM.SalesOrderItem")?.key, ["ItemNumber", "SalesOrderId"])
        XCTAssertEqual(espm.complexTypes.map(\.qualifiedName), ["ESPM.Address"])
    }

    func testESPMNavigationAndEntitySetLookups() throws {
        let espm = try Fixtures.corpus("ESPM.xml")
        let header = try XCTUnwrap(espm.entityType(named: "ESPM.SalesOrderHeader"))
        let items = try XCTUnwrap(header.navigationProperty(named: "Items"))
        XCTAssertEqual(items.relationship, "ESPM.SalesOrderHeader_to_SalesOrderItems")
        XCTAssertEqual(items.targetType, "ESPM.SalesOrderItem")
        XCTAssertEqual(items.multiplicity, .many)
        XCTAssertTrue(items.isCollection)
        let item = try XCTUnwrap(espm.entityType(named: "ESPM.SalesOrderItem"))
        XCTAssertEqual(item.navigationProperty(named: "Header")?.multiplicity, .one)
        let container = try XCTUnwrap(espm.defaultContainer)
        XCTAssertEqual(container.name, "ESPMContainer")
        XCTAssertTrue(container.isDefault)
        let headers = try XCTUnwrap(espm.entitySet(named: "SalesOrderHeaders"))
        XCTAssertEqual(espm.targetEntitySet(from: headers, navigationProperty: "Items")?.name, "SalesOrderItems")
        XCTAssertEqual(espm.entitySet(named: "Stock")?.entityType, "ESPM.Stock")
        XCTAssertEqual(espm.entitySet(named: "Products")?.annotations.isCreatable, false)
        XCTAssertEqual(espm.entitySet(named: "Customers")?.annotations.isSearchable, false)
    }

    func testESPMFunctionImports() throws {
        let container = try XCTUnwrap(try Fixtures.corpus("ESPM.xml").defaultContainer)
        let update = try XCTUnwrap(container.functionImport(named: "UpdateSalesOrderStatus"))
        XCTAssertEqual(update.returnType, .primitive(.boolean))
        XCTAssertEqual(update.httpMethod, "POST")
        XCTAssertEqual(update.parameters.count, 2)
        XCTAssertEqual(update.parameters.first?.name, "id")
        XCTAssertEqual(update.parameters.first?.type, .primitive(.string))
    }

    func testESPMAnnotatedKeepsV4AnnotationsAndLateReferences() throws {
        let annotated = try Fixtures.corpus("ESPM-annotated.xml")
        XCTAssertEqual(annotated.references.count, 7)
        XCTAssertTrue(annotated.references.allSatisfy { $0.uri.hasPrefix("http") && !$0.includes.isEmpty })
        let block = try XCTUnwrap(annotated.schemas.first?.annotationBlocks.first)
        XCTAssertEqual(block.target, "ESPM.Product")
        XCTAssertEqual(block.annotations.count, 11)
        XCTAssertEqual(block.annotations.first?.term, "Capabilities.DeleteRestrictions")
        let lineItem = try XCTUnwrap(block.annotations.first { $0.term == "UI.LineItem" })
        XCTAssertTrue(lineItem.rawXML.hasPrefix("<Annotation Term=\"UI.LineItem\"><Collection><Record"), lineItem.rawXML)
        XCTAssertNil(lineItem.value)
        // The model itself equals ESPM.xml's apart from annotations and references.
        let plain = try Fixtures.corpus("ESPM.xml")
        XCTAssertTrue(annotated.entityTypes == plain.entityTypes)
        XCTAssertTrue(annotated.associations == plain.associations)
        XCTAssertEqual(annotated.defaultContainer?.entitySets.map(\.name), plain.defaultContainer?.entitySets.map(\.name))
    }

    func testNorthwindFacetsForeignAttributesAndTwoSchemas() throws {
        let northwind = try Fixtures.corpus("Northwind.xml")
        XCTAssertEqual(northwind.schemas.map(\.namespace), ["NorthwindModel", "ODataWeb.Northwind.Model"])
        let container = try XCTUnwrap(northwind.defaultContainer)
        XCTAssertEqual(container.namespace, "ODataWeb.Northwind.Model")
        XCTAssertEqual(northwind.entitySet(named: "Order_Details")?.entityType, "NorthwindModel.Order_Detail")
        let employee = try XCTUnwrap(northwind.entityType(named: "NorthwindModel.Employee"))
        XCTAssertEqual(employee.property(named: "Notes")?.maxLength, .max)
        let id = try XCTUnwrap(employee.property(named: "EmployeeID"))
        XCTAssertEqual(
            id.annotations.value(namespace: "http://schemas.microsoft.com/ado/2009/02/edm/annotation", name: "StoreGeneratedPattern"),
            "Identity")
        XCTAssertEqual(northwind.entityType(named: "NorthwindModel.Customer")?.property(named: "CustomerID")?.isFixedLength, true)
        XCTAssertEqual(northwind.entityType(named: "NorthwindModel.Invoice")?.key.count, 9)
        let manager = try XCTUnwrap(employee.navigationProperty(named: "Employee1"))
        XCTAssertEqual(manager.targetType, "NorthwindModel.Employee")
        XCTAssertEqual(manager.multiplicity, .zeroOrOne)
        XCTAssertEqual(employee.navigationProperty(named: "Employees1")?.multiplicity, .many)
    }

    func testODataDemoFeedMappingsConcurrencyAndFunctionImport() throws {
        let demo = try Fixtures.corpus("ODataDemo.xml")
        XCTAssertEqual(demo.schemas.first?.csdlNamespace, "http://schemas.microsoft.com/ado/2007/05/edm")
        let product = try XCTUnwrap(demo.entityType(named: "ODataDemo.Product"))
        XCTAssertEqual(
            product.property(named: "Name")?.annotations.value(namespace: XMLNamespaces.metadata, name: "FC_TargetPath"), "SyndicationTitle"
        )
        XCTAssertEqual(demo.entityType(named: "ODataDemo.Supplier")?.property(named: "Concurrency")?.concurrencyMode, .fixed)
        let function = try XCTUnwrap(demo.defaultContainer?.functionImport(named: "GetProductsByRating"))
        XCTAssertEqual(function.returnType, .collection(.entity(qualifiedName: "ODataDemo.Product")))
        XCTAssertEqual(function.entitySet, "Products")
        XCTAssertEqual(function.httpMethod, "GET")
        XCTAssertEqual(function.parameters.first?.mode, .in)
        XCTAssertEqual(function.parameters.first?.type, .primitive(.int32))
    }

    func testOlingoInheritanceNestedComplexTypesAndReturnTypes() throws {
        let olingo = try Fixtures.corpus("Olingo_RefScenario.xml")
        let manager = try XCTUnwrap(olingo.entityType(named: "RefScenario.Manager"))
        let employee = try XCTUnwrap(olingo.entityType(named: "RefScenario.Employee"))
        XCTAssertEqual(manager.baseType, "RefScenario.Employee")
        XCTAssertEqual(manager.declaredKey, [])
        XCTAssertEqual(manager.key, employee.key)
        XCTAssertEqual(manager.properties.map(\.name), employee.properties.map(\.name))
        XCTAssertEqual(manager.navigationProperties.map(\.name), employee.navigationProperties.map(\.name) + ["nm_Employees"])
        XCTAssertEqual(olingo.entityType(named: "RefScenario.Room")?.properties.map(\.name), ["Id", "Name", "Seats", "Version"])
        XCTAssertEqual(olingo.entityType(named: "RefScenario.Base")?.property(named: "Id")?.defaultValue, "1")
        let location = try XCTUnwrap(olingo.complexType(named: "RefScenario.c_Location"))
        XCTAssertEqual(location.property(named: "City")?.type, .complex(qualifiedName: "RefScenario.c_City"))
        XCTAssertEqual(olingo.entityContainers.count, 2)
        let container = try XCTUnwrap(olingo.entityContainer(named: "Container1"))
        let returns = Dictionary(uniqueKeysWithValues: container.functionImports.map { ($0.name, $0.returnType) })
        XCTAssertEqual(returns["EmployeeSearch"], .collection(.entity(qualifiedName: "RefScenario.Employee")))
        XCTAssertEqual(returns["AllLocations"], .collection(.complex(qualifiedName: "RefScenario.c_Location")))
        XCTAssertEqual(returns["AllUsedRoomIds"], .collection(.primitive(.string)))
        XCTAssertEqual(returns["MaximalAge"], .primitive(.int16))
        XCTAssertEqual(returns["MostCommonLocation"], .complex(qualifiedName: "RefScenario.c_Location"))
        XCTAssertEqual(returns["ManagerPhoto"], .primitive(.binary))
        XCTAssertEqual(returns["OldestEmployee"], .entity(qualifiedName: "RefScenario.Employee"))
        // Entity types named after primitive types stay entity types.
        XCTAssertEqual(olingo.entityType(named: "RefScenario.String")?.hasStream, true)
        XCTAssertEqual(olingo.entityType(named: "RefScenario.Int32")?.qualifiedName, "RefScenario.Int32")
        XCTAssertEqual(olingo.entityType(named: "RefScenario.Base")?.property(named: "Id")?.type, .primitive(.string))
    }

    func testSFSFContainerBeforeTypesAndDocumentation() throws {
        let sfsf = try Fixtures.corpus("SFSF_PLTUserManagement.xml")
        XCTAssertEqual(sfsf.schemas.map(\.namespace), ["SFODataSet", "SFOData"])
        let user = try XCTUnwrap(sfsf.entitySet(named: "User"))
        XCTAssertEqual(user.entityType, "SFOData.User")
        XCTAssertEqual(user.documentation?.summary, "User")
        XCTAssertTrue(user.documentation?.longDescription?.hasPrefix("Contains information about a system user") == true)
        XCTAssertEqual(user.annotations.sap("upsertable"), "true")
        XCTAssertEqual(user.annotations.label, "User")
        XCTAssertEqual(sfsf.diagnostics("unknown-element").count, 4)
        let type = try XCTUnwrap(sfsf.entityType(named: "SFOData.User"))
        XCTAssertEqual(type.navigationProperties.filter { $0.targetType == "SFOData.User" }.count >= 6, true)
        XCTAssertEqual(sfsf.entityTypes.reduce(0) { $0 + $1.properties.count } >= 300, true)
    }

    func testS4SalesOrderAnnotationsReferencesAndForeignElements() throws {
        let order = try Fixtures.corpus("API_SALES_ORDER_SRV.xml")
        XCTAssertEqual(order.references.count, 9)
        XCTAssertEqual(order.references.first?.includes.first?.alias, "Common")
        let schema = try XCTUnwrap(order.schemas.first)
        XCTAssertEqual(schema.foreignElements.map(\.name), ["link", "link"])
        XCTAssertEqual(schema.foreignElements.first?.namespace, "http://www.w3.org/2005/Atom")
        XCTAssertEqual(schema.foreignElements.first?.attributes.first { $0.name == "rel" }?.value, "self")
        XCTAssertEqual(schema.annotationBlocks.count, 15)
        let header = try XCTUnwrap(order.entityType(named: "API_SALES_ORDER_SRV.A_SalesOrderType"))
        XCTAssertEqual(header.key, ["SalesOrder"])
        let property = try XCTUnwrap(header.property(named: "SalesOrder"))
        XCTAssertEqual(property.annotations.label, "Sales Order")
        XCTAssertEqual(property.annotations.displayFormat, "UpperCase")
        XCTAssertEqual(property.annotations.isUpdatable, true)
        let item = try XCTUnwrap(order.entityType(named: "API_SALES_ORDER_SRV.A_SalesOrderHeaderPartnerType"))
        XCTAssertEqual(item.property(named: "SalesOrder")?.annotations.isUpdatable, false)
        XCTAssertEqual(item.property(named: "SalesOrder")?.annotations.isCreatable, false)
    }

    func testSingleLineDocumentLocations() throws {
        let epm = try Fixtures.corpus("EPM_REF_APPS_PO_APV_SRV.xml")
        let types = epm.entityTypes
        XCTAssertTrue(types.allSatisfy { $0.location.line == types[0].location.line })
        XCTAssertEqual(Set(types.map(\.location.column)).count, types.count)
        let function = try XCTUnwrap(epm.defaultContainer?.functionImports.first)
        if case .complex = function.returnType {} else { XCTFail("\(String(describing: function.returnType))") }
        XCTAssertNotNil(function.annotations.sap("action-for"))
    }

    func testCustomCDSViewGuidKeyAndActionFor() throws {
        let cds = try Fixtures.corpus("YY1_BPSOCIALMEDIA_CDS.xml")
        let type = try XCTUnwrap(cds.entityType(named: "YY1_BPSOCIALMEDIA_CDS.YY1_BPSOCIALMEDIAType"))
        XCTAssertEqual(type.key, ["SAP_UUID"])
        XCTAssertEqual(type.property(named: "SAP_UUID")?.type, .primitive(.guid))
        let function = try XCTUnwrap(cds.defaultContainer?.functionImports.first)
        XCTAssertNotNil(function.entitySet)
        XCTAssertEqual(function.annotations.sap("action-for"), "YY1_BPSOCIALMEDIA_CDS.YY1_BPSOCIALMEDIAType")
    }
}
