@testable import OData

/// Hand-built descriptors for Olingo's RefScenario (`Olingo_RefScenario.xml`), used until the dynamic API lands.
enum RefScenarioModel {
    static let city: ComplexTypeDescriptor = ComplexTypeDescriptor(
        qualifiedName: "RefScenario.c_City",
        properties: [
            PropertyDescriptor(name: "PostalCode", type: .primitive(.string), index: 0),
            PropertyDescriptor(name: "CityName", type: .primitive(.string), index: 1),
        ])
    static let location: ComplexTypeDescriptor = ComplexTypeDescriptor(
        qualifiedName: "RefScenario.c_Location",
        properties: [
            PropertyDescriptor(name: "City", type: .complex(city), index: 0),
            PropertyDescriptor(name: "Country", type: .primitive(.string), index: 1),
        ])

    static func employeeProperties() -> [PropertyDescriptor] {
        [
            PropertyDescriptor(name: "EmployeeId", type: .primitive(.string), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "EmployeeName", type: .primitive(.string), index: 1),
            PropertyDescriptor(name: "ManagerId", type: .primitive(.string), index: 2),
            PropertyDescriptor(name: "RoomId", type: .primitive(.string), index: 3),
            PropertyDescriptor(name: "TeamId", type: .primitive(.string), index: 4, maxLength: 2),
            PropertyDescriptor(name: "Location", type: .complex(location), index: 5),
            PropertyDescriptor(name: "Age", type: .primitive(.int16), index: 6),
            PropertyDescriptor(name: "EntryDate", type: .primitive(.dateTime), index: 7),
            PropertyDescriptor(name: "ImageUrl", type: .primitive(.string), index: 8),
        ]
    }

    static func employeeNavigations() -> [NavigationDescriptor] {
        [
            NavigationDescriptor(name: "ne_Manager", isCollection: false, targetTypeName: "RefScenario.Manager", index: 0) {
                RefScenarioModel.manager
            },
            NavigationDescriptor(name: "ne_Team", isCollection: false, targetTypeName: "RefScenario.Team", index: 1) {
                RefScenarioModel.team
            },
            NavigationDescriptor(name: "ne_Room", isCollection: false, targetTypeName: "RefScenario.Room", index: 2) {
                RefScenarioModel.room
            },
        ]
    }

    static let employee: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "RefScenario.Employee", properties: employeeProperties(),
        navigationProperties: employeeNavigations(), keyNames: ["EmployeeId"], hasStream: true)

    static let manager: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "RefScenario.Manager", properties: employeeProperties(),
        navigationProperties: employeeNavigations() + [
            NavigationDescriptor(name: "nm_Employees", isCollection: true, targetTypeName: "RefScenario.Employee", index: 3) {
                RefScenarioModel.employee
            }
        ], keyNames: ["EmployeeId"], hasStream: true, baseTypeName: "RefScenario.Employee")

    static let team: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "RefScenario.Team",
        properties: [
            PropertyDescriptor(name: "Id", type: .primitive(.string), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "Name", type: .primitive(.string), index: 1),
            PropertyDescriptor(name: "isScrumTeam", type: .primitive(.boolean), index: 2),
        ],
        navigationProperties: [
            NavigationDescriptor(name: "nt_Employees", isCollection: true, targetTypeName: "RefScenario.Employee", index: 0) {
                RefScenarioModel.employee
            }
        ], keyNames: ["Id"], baseTypeName: "RefScenario.Base")

    static let room: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "RefScenario.Room",
        properties: [
            PropertyDescriptor(name: "Id", type: .primitive(.string), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "Name", type: .primitive(.string), index: 1),
            PropertyDescriptor(name: "Seats", type: .primitive(.int16), index: 2),
            PropertyDescriptor(name: "Version", type: .primitive(.int16), index: 3, isConcurrencyToken: true),
        ],
        navigationProperties: [
            NavigationDescriptor(name: "nr_Employees", isCollection: true, targetTypeName: "RefScenario.Employee", index: 0) {
                RefScenarioModel.employee
            },
            NavigationDescriptor(name: "nr_Building", isCollection: false, targetTypeName: "RefScenario.Building", index: 1) {
                RefScenarioModel.building
            },
        ], keyNames: ["Id"], baseTypeName: "RefScenario.Base")

    static let building: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "RefScenario.Building",
        properties: [
            PropertyDescriptor(name: "Id", type: .primitive(.string), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "Name", type: .primitive(.string), index: 1),
            PropertyDescriptor(name: "Image", type: .primitive(.binary), index: 2),
        ],
        navigationProperties: [
            NavigationDescriptor(name: "nb_Rooms", isCollection: true, targetTypeName: "RefScenario.Room", index: 0) {
                RefScenarioModel.room
            }
        ], keyNames: ["Id"])

    /// Resolves qualified names to the types above.
    static let resolver: @Sendable (String) -> EntityTypeDescriptor? = { name in
        [employee, manager, team, room, building].first { $0.qualifiedName == name }
    }
}

/// Hand-built descriptors for the Northwind types the recorded Atom payloads use (`Northwind.xml`).
enum NorthwindModel {
    static let category: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "NorthwindModel.Category",
        properties: [
            PropertyDescriptor(name: "CategoryID", type: .primitive(.int32), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "CategoryName", type: .primitive(.string), index: 1, isNullable: false, maxLength: 15),
            PropertyDescriptor(name: "Description", type: .primitive(.string), index: 2),
            PropertyDescriptor(name: "Picture", type: .primitive(.binary), index: 3),
        ],
        navigationProperties: [
            NavigationDescriptor(name: "Products", isCollection: true, targetTypeName: "NorthwindModel.Product", index: 0) {
                NorthwindModel.product
            }
        ], keyNames: ["CategoryID"])

    static let product: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "NorthwindModel.Product",
        properties: [
            PropertyDescriptor(name: "ProductID", type: .primitive(.int32), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "ProductName", type: .primitive(.string), index: 1, isNullable: false),
            PropertyDescriptor(name: "SupplierID", type: .primitive(.int32), index: 2),
            PropertyDescriptor(name: "CategoryID", type: .primitive(.int32), index: 3),
            PropertyDescriptor(name: "QuantityPerUnit", type: .primitive(.string), index: 4),
            PropertyDescriptor(name: "UnitPrice", type: .primitive(.decimal), index: 5, precision: 19, scale: 4),
            PropertyDescriptor(name: "UnitsInStock", type: .primitive(.int16), index: 6),
            PropertyDescriptor(name: "UnitsOnOrder", type: .primitive(.int16), index: 7),
            PropertyDescriptor(name: "ReorderLevel", type: .primitive(.int16), index: 8),
            PropertyDescriptor(name: "Discontinued", type: .primitive(.boolean), index: 9, isNullable: false),
        ],
        navigationProperties: [
            NavigationDescriptor(name: "Category", isCollection: false, targetTypeName: "NorthwindModel.Category", index: 0) {
                NorthwindModel.category
            }
        ], keyNames: ["ProductID"])
}
