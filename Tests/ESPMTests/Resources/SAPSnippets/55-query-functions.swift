// Source: SAPOData QueryFunction / DataQuery.filter reference: toUpper, startsWith, length, and/or (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/DataQuery.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func matchingCustomers(service: ESPMContainer<OnlineODataProvider>) throws -> [Customer] {
    let filter = Customer.lastName.toUpper().startsWith("M")
        .and(Customer.city.length().greaterThan(3))
        .or(Customer.country.notEqual("DE"))
    return try service.fetchCustomers(matching: DataQuery().filter(filter).select(Customer.customerID, Customer.lastName))
}
