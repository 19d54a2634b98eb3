// Source: SAPOData DataService class reference, loadProperty(_:into:query:completionHandler:) with its (Error?) -> Void handler (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/DataService.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`/`import ODataSAPCompatibility`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

@MainActor
func showOrders(of customer: Customer, service: ESPMContainer<OnlineODataProvider>) {
    service.loadProperty(Customer.salesOrders, into: customer) { error in
        if let error {
            print("could not load the orders: \(error)")
            return
        }
        print("\(customer.salesOrders.count) orders")
    }
}
