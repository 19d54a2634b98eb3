import Foundation

@testable import OData

/// Hand-written entity types in the generated shape, modelled on ESPM, for query tests.
struct Address: ComplexTypeProtocol {
    static let complexType: ComplexTypeDescriptor = ComplexTypeDescriptor(
        qualifiedName: "ESPM.Address",
        properties: [
            PropertyDescriptor(name: "City", type: .primitive(.string), index: 0),
            PropertyDescriptor(name: "PostalCode", type: .primitive(.string), index: 1),
        ])
    static let city: TypedProperty<String> = TypedProperty<String>(complexType.properties[0])
    static let postalCode: TypedProperty<String> = TypedProperty<String>(complexType.properties[1])

    var complexValue: ComplexValue
    init(complexValue: ComplexValue) { self.complexValue = complexValue }
    init(city: String?) {
        self.init(complexValue: ComplexValue(type: Self.complexType))
        setValue(city, for: Self.city)
    }
}

struct Customer: EntityProtocol {
    static let entityType: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "ESPM.Customer",
        properties: [
            PropertyDescriptor(name: "CustomerId", type: .primitive(.string), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "FirstName", type: .primitive(.string), index: 1),
            PropertyDescriptor(name: "LastName", type: .primitive(.string), index: 2),
            PropertyDescriptor(name: "Age", type: .primitive(.int32), index: 3),
            PropertyDescriptor(name: "DateOfBirth", type: .primitive(.dateTime), index: 4),
            PropertyDescriptor(name: "Balance", type: .primitive(.decimal), index: 5),
            PropertyDescriptor(name: "Score", type: .primitive(.double), index: 6),
            PropertyDescriptor(name: "Address", type: .complex(Address.complexType), index: 7),
            PropertyDescriptor(name: "Active", type: .primitive(.boolean), index: 8),
            PropertyDescriptor(name: "Visits", type: .primitive(.int64), index: 9),
            PropertyDescriptor(name: "Updated", type: .primitive(.dateTimeOffset), index: 10),
            PropertyDescriptor(name: "Guid", type: .primitive(.guid), index: 11),
            PropertyDescriptor(name: "OpensAt", type: .primitive(.time), index: 12),
        ],
        navigationProperties: [
            NavigationDescriptor(name: "SalesOrders", isCollection: true, targetTypeName: "ESPM.SalesOrderHeader", index: 0) {
                SalesOrderHeader.entityType
            }
        ],
        keyNames: ["CustomerId"])
    static let customerID: TypedProperty<String> = TypedProperty<String>(entityType.properties[0])
    static let firstName: TypedProperty<String> = TypedProperty<String>(entityType.properties[1])
    static let lastName: TypedProperty<String> = TypedProperty<String>(entityType.properties[2])
    static let age: TypedProperty<Int> = TypedProperty<Int>(entityType.properties[3])
    static let dateOfBirth: TypedProperty<LocalDateTime> = TypedProperty<LocalDateTime>(entityType.properties[4])
    static let balance: TypedProperty<BigDecimal> = TypedProperty<BigDecimal>(entityType.properties[5])
    static let score: TypedProperty<Double> = TypedProperty<Double>(entityType.properties[6])
    static let address: TypedProperty<Address> = TypedProperty<Address>(entityType.properties[7])
    static let active: TypedProperty<Bool> = TypedProperty<Bool>(entityType.properties[8])
    static let visits: TypedProperty<Int64> = TypedProperty<Int64>(entityType.properties[9])
    static let updated: TypedProperty<GlobalDateTime> = TypedProperty<GlobalDateTime>(entityType.properties[10])
    static let guid: TypedProperty<GuidValue> = TypedProperty<GuidValue>(entityType.properties[11])
    static let opensAt: TypedProperty<LocalTime> = TypedProperty<LocalTime>(entityType.properties[12])
    static let salesOrders: TypedNavigationProperty<SalesOrderHeader> = TypedNavigationProperty<SalesOrderHeader>(
        entityType.navigationProperties[0])

    var entityValue: EntityValue
    init(entityValue: EntityValue) { self.entityValue = entityValue }

    var customerID: String? {
        get { value(of: Self.customerID) }
        set { setValue(newValue, for: Self.customerID) }
    }
    var firstName: String? {
        get { value(of: Self.firstName) }
        set { setValue(newValue, for: Self.firstName) }
    }
    var lastName: String? {
        get { value(of: Self.lastName) }
        set { setValue(newValue, for: Self.lastName) }
    }
    var age: Int? {
        get { value(of: Self.age) }
        set { setValue(newValue, for: Self.age) }
    }
}

struct SalesOrderHeader: EntityProtocol {
    static let entityType: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "ESPM.SalesOrderHeader",
        properties: [
            PropertyDescriptor(name: "SalesOrderId", type: .primitive(.string), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "NetAmount", type: .primitive(.decimal), index: 1),
            PropertyDescriptor(name: "CurrencyCode", type: .primitive(.string), index: 2),
        ],
        navigationProperties: [
            NavigationDescriptor(name: "Items", isCollection: true, targetTypeName: "ESPM.SalesOrderItem", index: 0) {
                SalesOrderItem.entityType
            },
            NavigationDescriptor(name: "CustomerDetails", isCollection: false, targetTypeName: "ESPM.Customer", index: 1) {
                Customer.entityType
            },
        ],
        keyNames: ["SalesOrderId"])
    static let salesOrderID: TypedProperty<String> = TypedProperty<String>(entityType.properties[0])
    static let netAmount: TypedProperty<BigDecimal> = TypedProperty<BigDecimal>(entityType.properties[1])
    static let currencyCode: TypedProperty<String> = TypedProperty<String>(entityType.properties[2])
    static let items: TypedNavigationProperty<SalesOrderItem> = TypedNavigationProperty<SalesOrderItem>(entityType.navigationProperties[0])
    static let customerDetails: TypedNavigationProperty<Customer> = TypedNavigationProperty<Customer>(
        entityType.navigationProperties[1])

    var entityValue: EntityValue
    init(entityValue: EntityValue) { self.entityValue = entityValue }
}

struct SalesOrderItem: EntityProtocol {
    static let entityType: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "ESPM.SalesOrderItem",
        properties: [
            PropertyDescriptor(name: "SalesOrderId", type: .primitive(.string), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "ItemNumber", type: .primitive(.int32), index: 1, isNullable: false, isKey: true),
            PropertyDescriptor(name: "Quantity", type: .primitive(.decimal), index: 2),
        ],
        navigationProperties: [
            NavigationDescriptor(name: "ProductDetails", isCollection: false, targetTypeName: "ESPM.Product", index: 0) {
                Product.entityType
            }
        ],
        keyNames: ["SalesOrderId", "ItemNumber"])
    static let salesOrderID: TypedProperty<String> = TypedProperty<String>(entityType.properties[0])
    static let itemNumber: TypedProperty<Int> = TypedProperty<Int>(entityType.properties[1])
    static let quantity: TypedProperty<BigDecimal> = TypedProperty<BigDecimal>(entityType.properties[2])
    static let productDetails: TypedNavigationProperty<Product> = TypedNavigationProperty<Product>(entityType.navigationProperties[0])

    var entityValue: EntityValue
    init(entityValue: EntityValue) { self.entityValue = entityValue }
}

struct Product: EntityProtocol {
    static let entityType: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "ESPM.Product",
        properties: [
            PropertyDescriptor(name: "ProductId", type: .primitive(.string), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "Name", type: .primitive(.string), index: 1),
            PropertyDescriptor(name: "Price", type: .primitive(.decimal), index: 2),
            PropertyDescriptor(name: "Weight", type: .primitive(.single), index: 3),
            PropertyDescriptor(name: "Picture", type: .primitive(.binary), index: 4),
        ],
        keyNames: ["ProductId"])
    static let productID: TypedProperty<String> = TypedProperty<String>(entityType.properties[0])
    static let name: TypedProperty<String> = TypedProperty<String>(entityType.properties[1])
    static let price: TypedProperty<BigDecimal> = TypedProperty<BigDecimal>(entityType.properties[2])
    static let weight: TypedProperty<Float> = TypedProperty<Float>(entityType.properties[3])

    var entityValue: EntityValue
    init(entityValue: EntityValue) { self.entityValue = entityValue }
}

enum TestSets {
    static let customers = EntitySetDescriptor(name: "Customers", entityType: Customer.entityType)
    static let salesOrders = EntitySetDescriptor(name: "SalesOrderHeaders", entityType: SalesOrderHeader.entityType)
    static let items = EntitySetDescriptor(name: "SalesOrderItems", entityType: SalesOrderItem.entityType)
    static let products = EntitySetDescriptor(name: "Products", entityType: Product.entityType)
    static let updateStatus = FunctionImportDescriptor(
        name: "UpdateSalesOrderStatus", httpMethod: "POST",
        parameters: [
            FunctionParameterDescriptor(name: "id", type: .string), FunctionParameterDescriptor(name: "newStatus", type: .string),
        ],
        returnType: .primitive(.boolean))
    static let productsByRating = FunctionImportDescriptor(
        name: "GetProductsByRating", parameters: [FunctionParameterDescriptor(name: "rating", type: .int32)],
        returnType: .entityCollection({ Product.entityType }), entitySetName: "Products")
    static let atTime = FunctionImportDescriptor(
        name: "OrdersAt",
        parameters: [
            FunctionParameterDescriptor(name: "when", type: .dateTime), FunctionParameterDescriptor(name: "limit", type: .decimal),
            FunctionParameterDescriptor(name: "id", type: .guid),
        ])
}
