import Foundation
import XCTest

@testable import OData

/// The recorded Olingo and Northwind Atom payloads, decoded and checked value by value.
final class AtomRecordedPayloadTests: XCTestCase {
    typealias M = RefScenarioModel
    let decoder = ODataAtomDecoder(typeResolver: RefScenarioModel.resolver)

    func testOlingoEmployeesFeedWithCountNextLinkAndMediaLinkEntries() throws {
        let list = try decoder.decodeEntityList(try Payloads.data("olingo_feed_employees_full.xml"), entityType: M.employee)
        XCTAssertEqual(list.inlineCount, 6)
        XCTAssertEqual(list.nextLink, "http://thisisanextlink")
        let rows: [(String, String, String, String, String, (String, String), Int16, String?)] = [
            ("1", "Walter Winter", "1", "1", "1", ("69124", "Heidelberg"), 52, "1999-01-01"),
            ("2", "Frederic Fall", "1", "2", "1", ("69190", "Walldorf"), 32, "2003-07-01"),
            ("3", "Jonathan Smith", "1", "2", "1", ("69190", "Walldorf"), 56, nil),
            ("4", "Peter Burke", "3", "2", "2", ("69190", "Walldorf"), 39, "2004-09-12"),
            ("5", "John Field", "3", "3", "2", ("69190", "Walldorf"), 42, "2001-02-01"),
            ("6", "Susan Bay", "1", "2", "3", ("69190", "Walldorf"), 29, "2010-12-01"),
        ]
        XCTAssertEqual(list.entities.count, rows.count)
        let base = "http://some.host.com/service.root/ReferenceScenario.svc/"
        for (entity, row) in zip(list.entities, rows) {
            let id = row.0
            let date = try row.7.map { try EdmAtomForm.parse($0 + "T00:00:00", as: .dateTime) } ?? .null
            XCTAssertEqual(
                entity.values,
                [
                    .string(id), .string(row.1), .string(row.2), .string(row.3), .string(row.4),
                    JSONInlinePayloadTests.location(row.5.0, row.5.1), .int16(row.6), date, .string("Employees('\(id)')/$value"),
                ])
            XCTAssertEqual(
                entity.metadata,
                EntityMetadata(
                    uri: base + "Employees('\(id)')", editLink: base + "Employees('\(id)')",
                    mediaReadLink: base + "Employees('\(id)')/$value", mediaEditLink: base + "Employees('\(id)')/$value",
                    mediaContentType: "application/octet-stream", typeName: "RefScenario.Employee"))
            XCTAssertEqual(
                entity.navigationValues,
                ["ne_Manager", "ne_Team", "ne_Room"].map {
                    .deferred(uri: base + "Employees('\(id)')/\($0)")
                })
        }
    }

    func testOlingoFeedWithDeltaLink() throws {
        let list = try decoder.decodeEntityList(try Payloads.data("olingo_feed_with_delta_link.xml"), entityType: M.employee)
        XCTAssertEqual(list.deltaLink, "http://thisisadeltalink")
        XCTAssertNil(list.nextLink)
        XCTAssertEqual(list.entities.map { $0["EmployeeName"] }, [.string("Walter Winter")])
        XCTAssertEqual(list.entities.first?["Location"], JSONInlinePayloadTests.location("69124", "Heidelberg"))
    }

    func testOlingoRoomWithInlineFeedAndNestedInlineEntry() throws {
        let room = try decoder.decodeEntity(try Payloads.data("olingo_Room_InlineEmployeesToTeam.xml"), entityType: M.room)
        let base = "http://localhost:8080/olingo-odata2-ref-web/ReferenceScenario.svc/"
        XCTAssertEqual(room.values, [.string("1"), .string("Room 1"), .int16(1), .int16(1)])
        XCTAssertEqual(
            room.metadata,
            EntityMetadata(
                uri: base + "Rooms('1')", editLink: base + "Rooms('1')", etag: "W/\"1\"", typeName: "RefScenario.Room"))
        XCTAssertEqual(room[M.room.navigationProperties[1]], .deferred(uri: base + "Rooms('1')/nr_Building"))
        let employees = room.relatedEntities(M.room.navigationProperties[0])
        XCTAssertEqual(
            employees.map(\.values),
            [
                JSONInlinePayloadTests.employee(
                    "1", "Walter Winter", manager: "1", room: "1", team: "1", city: ("69124", "Heidelberg"), age: 52,
                    entryMilliseconds: 915_148_800_000)
            ])
        let employee = try XCTUnwrap(employees.first)
        XCTAssertEqual(employee.metadata.mediaContentType, "image/jpeg")
        XCTAssertEqual(employee.metadata.mediaEditLink, base + "Employees('1')/$value")
        XCTAssertEqual(employee[M.employee.navigationProperties[0]], .deferred(uri: base + "Employees('1')/ne_Manager"))
        XCTAssertEqual(employee[M.employee.navigationProperties[2]], .deferred(uri: base + "Employees('1')/ne_Room"))
        let team = try XCTUnwrap(employee.relatedEntity(M.employee.navigationProperties[1]))
        XCTAssertEqual(team.values, [.string("1"), .string("Team 1"), .boolean(false)])
        XCTAssertEqual(team.metadata.uri, base + "Teams('1')")
        XCTAssertEqual(team.navigationValues, [.deferred(uri: base + "Teams('1')/nt_Employees")])
    }

    func testNorthwindProductsFeed() throws {
        let list = try ODataAtomDecoder().decodeEntityList(
            try Payloads.data("northwind_atom_MultipleProducts.xml"), entityType: NorthwindModel.product)
        let rows: [(Int32, String, Int32, Int32, String, String, Int16, Int16, Int16, Bool)] = [
            (1, "Chai", 1, 1, "10 boxes x 20 bags", "18.0000", 39, 0, 10, false),
            (2, "Chang", 1, 1, "24 - 12 oz bottles", "19.0000", 17, 40, 25, false),
            (3, "Aniseed Syrup", 1, 2, "12 - 550 ml bottles", "10.0000", 13, 70, 25, false),
            (4, "Chef Anton's Cajun Seasoning", 2, 2, "48 - 6 oz jars", "22.0000", 53, 0, 0, false),
            (5, "Chef Anton's Gumbo Mix", 2, 2, "36 boxes", "21.3500", 0, 0, 0, true),
            (6, "Grandma's Boysenberry Spread", 3, 2, "12 - 8 oz jars", "25.0000", 120, 0, 25, false),
            (7, "Uncle Bob's Organic Dried Pears", 3, 7, "12 - 1 lb pkgs.", "30.0000", 15, 0, 10, false),
            (8, "Northwoods Cranberry Sauce", 3, 2, "12 - 12 oz jars", "40.0000", 6, 0, 0, false),
            (9, "Mishi Kobe Niku", 4, 6, "18 - 500 g pkgs.", "97.0000", 29, 0, 0, true),
            (10, "Ikura", 4, 8, "12 - 200 ml jars", "31.0000", 31, 0, 0, false),
            (11, "Queso Cabrales", 5, 4, "1 kg pkg.", "21.0000", 22, 30, 30, false),
            (12, "Queso Manchego La Pastora", 5, 4, "10 - 500 g pkgs.", "38.0000", 86, 0, 0, false),
            (13, "Konbu", 6, 8, "2 kg box", "6.0000", 24, 0, 5, false),
            (14, "Tofu", 6, 7, "40 - 100 g pkgs.", "23.2500", 35, 0, 0, false),
            (15, "Genen Shouyu", 6, 2, "24 - 250 ml bottles", "15.5000", 39, 0, 5, false),
            (16, "Pavlova", 7, 3, "32 - 500 g boxes", "17.4500", 29, 0, 10, false),
            (17, "Alice Mutton", 7, 6, "20 - 1 kg tins", "39.0000", 0, 0, 0, true),
            (18, "Carnarvon Tigers", 7, 8, "16 kg pkg.", "62.5000", 42, 0, 0, false),
            (19, "Teatime Chocolate Biscuits", 8, 3, "10 boxes x 12 pieces", "9.2000", 25, 0, 5, false),
            (20, "Sir Rodney's Marmalade", 8, 3, "30 gift boxes", "81.0000", 40, 0, 0, false),
        ]
        XCTAssertEqual(list.entities.count, 20)
        XCTAssertEqual(list.nextLink, "http://services.odata.org/Northwind/Northwind.svc/Products?$skiptoken=20")
        XCTAssertNil(list.inlineCount)
        let base = "http://services.odata.org/Northwind/Northwind.svc/"
        for (entity, row) in zip(list.entities, rows) {
            XCTAssertEqual(
                entity.values,
                [
                    .int32(row.0), .string(row.1), .int32(row.2), .int32(row.3), .string(row.4),
                    .decimal(try BigDecimal(parsing: row.5)), .int16(row.6), .int16(row.7), .int16(row.8), .boolean(row.9),
                ])
            guard case .decimal(let price)? = entity["UnitPrice"] else { return XCTFail("no price") }
            XCTAssertEqual(price.scale, 4, "scale kept as written")
            XCTAssertEqual(entity.metadata.uri, base + "Products(\(row.0))")
            XCTAssertEqual(entity.metadata.editLink, base + "Products(\(row.0))")
            XCTAssertEqual(
                entity.navigationValues,
                ["Category", "Order_Details", "Supplier"].map {
                    .deferred(uri: base + "Products(\(row.0))/\($0)")
                })
        }
    }

    func testNorthwindProductWithInlineCategoryAndBinaryPicture() throws {
        let product = try ODataAtomDecoder().decodeEntity(
            try Payloads.data("northwind_atom_SingleProductWithCategory.xml"), entityType: NorthwindModel.product)
        XCTAssertEqual(
            product.values,
            [
                .int32(1), .string("Chai"), .int32(1), .int32(1), .string("10 boxes x 20 bags"),
                .decimal(BigDecimal(significand: 180_000, scale: 4)), .int16(39), .int16(0), .int16(10), .boolean(false),
            ])
        let nav = NorthwindModel.product.navigationProperties
        XCTAssertEqual(nav.map(\.name), ["Category", "Order_Details", "Supplier"])
        let base = "http://services.odata.org/Northwind/Northwind.svc/"
        XCTAssertEqual(product[nav[1]], .deferred(uri: base + "Products(1)/Order_Details"))
        XCTAssertEqual(product[nav[2]], .deferred(uri: base + "Products(1)/Supplier"))
        XCTAssertEqual(product.metadata.uri, base + "Products(1)")
        XCTAssertEqual(product.metadata.typeName, "NorthwindModel.Product")
        let category = try XCTUnwrap(product.relatedEntity(nav[0]))
        XCTAssertEqual(category["CategoryID"], .int32(1))
        XCTAssertEqual(category["CategoryName"], .string("Beverages"))
        XCTAssertEqual(category["Description"], .string("Soft drinks, coffees, teas, beers, and ales"))
        guard case .binary(let picture)? = category["Picture"] else { return XCTFail("no picture") }
        XCTAssertEqual(picture.count, 10_746)
        XCTAssertEqual(Array(picture.prefix(8)), [0x15, 0x1C, 0x2F, 0x00, 0x02, 0x00, 0x00, 0x00])
        XCTAssertEqual(category.metadata.uri, "http://services.odata.org/Northwind/Northwind.svc/Categories(1)")
        XCTAssertEqual(
            category.navigationValues, [.deferred(uri: "http://services.odata.org/Northwind/Northwind.svc/Categories(1)/Products")])
    }

    func testNorthwindCustomerWhoseAddressDisagreesWithTheMetadata() throws {
        // The recorded entry (a Simple.OData.Client fixture) writes Address as a complex value;
        // Northwind.xml declares Edm.String: decoding with the real model is a typed error saying where.
        let data = try Payloads.data("northwind_atom_SingleCustomerWithAddress.xml")
        XCTAssertThrowsError(try ODataAtomDecoder().decodeEntity(data, entityType: NorthwindModel.customer)) { error in
            guard let error = error as? ODataDecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.line, 16)
            XCTAssertTrue(error.message.contains("unexpected element <Type> inside property Address of type Edm.String"), error.message)
        }
        // With a hand-built type shaped as the fixture writes it, every value decodes.
        let address = ComplexTypeDescriptor(
            qualifiedName: "NorthwindModel.Address",
            properties: ["Type", "City", "Region", "PostalCode", "Country"].enumerated().map {
                PropertyDescriptor(name: $1, type: .primitive(.string), index: $0)
            })
        let asWritten = EntityTypeDescriptor(
            qualifiedName: "NorthwindModel.Customers",
            properties: [
                PropertyDescriptor(name: "CustomerID", type: .primitive(.string), index: 0, isKey: true),
                PropertyDescriptor(name: "CompanyName", type: .primitive(.string), index: 1),
                PropertyDescriptor(name: "Address", type: .complex(address), index: 2),
            ], keyNames: ["CustomerID"])
        let entity = try ODataAtomDecoder().decodeEntity(data, entityType: asWritten)
        var expected = ComplexValue(type: address)
        for (name, value) in [("Type", "Private"), ("City", "Oslo"), ("Region", "Oslo"), ("PostalCode", "1410"), ("Country", "Norway")] {
            try expected.set(name, to: .string(value))
        }
        XCTAssertEqual(entity.values, [.string("CONTO"), .string("Contoso"), .complex(expected)])
        XCTAssertEqual(entity.metadata.typeName, "NorthwindModel.Customers")
        XCTAssertEqual(entity.metadata.editLink, "http://services.odata.org/Northwind/Northwind.svc/Customers('CONTO')")
    }
}
